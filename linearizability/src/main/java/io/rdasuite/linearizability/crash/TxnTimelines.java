package io.rdasuite.linearizability.crash;

import io.rdasuite.crashsim.txn.TxnExplorer;
import io.rdasuite.crashsim.txn.TxnRecord;
import io.rdasuite.linearizability.history.Status;
import java.io.IOException;
import java.nio.file.Path;
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
        List<ClusterTimelines.Bar> bars = history.stream().map(r -> {
            String text = r.toString();
            Status status = switch (r.outcome()) {
                case OK -> Status.OK;
                case FAIL -> Status.FAIL;
                case INFO -> Status.INFO;
            };
            return new ClusterTimelines.Bar(r.client(), "txn " + text.substring(text.indexOf('[')), status, r.invoke(), r.complete());
        }).toList();
        String title = "TH-DPMS transactions on " + replay.scenario().config().name() + "/" + replay.scenario().transport().name() + ", crash of "
                + (replay.target() == null ? "none" : replay.target().label()) + ": " + token;
        return ClusterTimelines.write("txn", token, title, "Every transaction of the run (the last lane: the read-back after recovery); axis: events."
                + " The finding: " + finding, bars, replay.crashAt(), dir);
    }
}
