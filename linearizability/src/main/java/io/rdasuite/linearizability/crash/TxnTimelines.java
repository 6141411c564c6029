package io.rdasuite.linearizability.crash;

import io.rdasuite.crashsim.txn.TxnExplorer;
import io.rdasuite.crashsim.txn.TxnRecord;
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
 * The HTML timeline of a TH-DPMS transaction finding ({@code rdat1.…} token, paper 002 §4.1.6): its crash state run
 * again, every transaction a bar on its client's lane (the read-back after recovery on its own), the crash marked,
 * and the anomaly as the caption. The axis counts the simulator's events.
 */
public final class TxnTimelines {
    private TxnTimelines() {
    }

    /** Writes the timeline of {@code token}'s run to {@code dir}; returns the file. */
    public static Path write(String token, String finding, Path dir) throws IOException {
        TxnExplorer.Replay replay = TxnExplorer.decode(token);
        List<TxnRecord> history = new TxnExplorer().replayHistory(token);
        List<Operation> ops = new ArrayList<>();
        for (TxnRecord r : history) {
            int call = (int) Math.min(Integer.MAX_VALUE - 2, r.invoke());
            boolean open = r.complete() == Long.MAX_VALUE;
            int ret = open ? -1 : (int) Math.min(Integer.MAX_VALUE - 1, Math.max(call + 1, r.complete()));
            Status status = switch (r.outcome()) {
                case OK -> Status.OK;
                case FAIL -> Status.FAIL;
                case INFO -> open ? Status.PENDING : Status.INFO;
            };
            String text = r.toString();
            String body = text.substring(text.indexOf('['));
            ops.add(new Operation(ops.size(), r.client(), Fn.APPEND, null, "txn " + body, null, status, call, ret, call, open ? Long.MAX_VALUE : ret, null));
        }
        List<CrashPoint> crashes = replay.crashAt() < 0 ? List.of()
                : List.of(new CrashPoint((int) replay.crashAt(), replay.crashAt(), null));
        String title = "TH-DPMS transactions on " + replay.scenario().config().name() + "/" + replay.scenario().transport().name() + ", crash of "
                + (replay.target() == null ? "none" : replay.target().label()) + ": " + token;
        String html = HtmlTimeline.renderHistory(title, "Every transaction of the run (the last lane: the read-back after recovery); axis: events."
                + " The finding: " + finding, ops, crashes);
        Files.createDirectories(dir);
        Path file = dir.resolve("txn-" + Integer.toHexString(token.hashCode()) + ".html");
        Files.writeString(file, html);
        return file;
    }
}
