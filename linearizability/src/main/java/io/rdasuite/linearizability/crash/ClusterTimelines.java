package io.rdasuite.linearizability.crash;

import io.rdasuite.linearizability.history.CrashPoint;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import io.rdasuite.linearizability.timeline.HtmlTimeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the TH-DPMS timelines share ({@link TxnTimelines}, {@link FsTimelines}): each call of a replayed run is a bar on
 * its client's lane, stamped in simulator events, with the crash marked; the page is written as {@code <prefix>-<token
 * hash>.html}.
 */
final class ClusterTimelines {
    private ClusterTimelines() {
    }

    /** One call of a run: its client, text, outcome, first and last event ({@link Long#MAX_VALUE}: never returned). */
    record Bar(int client, String text, Status status, long invoke, long complete) {
    }

    /** Writes the page of {@code bars} with the crash before event {@code crashAt} (negative: none) to {@code dir}. */
    static Path write(String prefix, String token, String title, String caption, List<Bar> bars, long crashAt, Path dir) throws IOException {
        List<Operation> ops = new ArrayList<>();
        for (Bar b : bars) {
            int call = (int) Math.min(Integer.MAX_VALUE - 2, b.invoke());
            boolean open = b.complete() == Long.MAX_VALUE;
            int ret = open ? -1 : (int) Math.min(Integer.MAX_VALUE - 1, Math.max(call + 1, b.complete()));
            Status status = open && b.status() == Status.INFO ? Status.PENDING : b.status();
            ops.add(new Operation(ops.size(), b.client(), Fn.APPEND, null, b.text(), null, status, call, ret, call, open ? Long.MAX_VALUE : ret, null));
        }
        List<CrashPoint> crashes = crashAt < 0 ? List.of() : List.of(new CrashPoint((int) crashAt, crashAt, null));
        String html = HtmlTimeline.renderHistory(title, caption, ops, crashes);
        Files.createDirectories(dir);
        Path file = dir.resolve(prefix + "-" + Integer.toHexString(token.hashCode()) + ".html");
        Files.writeString(file, html);
        return file;
    }
}
