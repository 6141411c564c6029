package io.rdasuite.linearizability.crash;

import io.rdasuite.crashsim.fs.PdfsExplorer;
import io.rdasuite.linearizability.history.Status;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The HTML timeline of a pDFS finding ({@code rdafs1.…} token, paper 002 §4.2): its crash state run again, every file
 * operation a bar on its client's lane (ok, failed, or open: cut by the crash), the crash marked, the checker's mount
 * (recovery, finishing rename intents) and namespace walk on the last lane, and the violation as the caption. The axis
 * counts the simulator's events.
 */
public final class FsTimelines {
    private FsTimelines() {
    }

    /** Writes the timeline of {@code token}'s run to {@code dir}; returns the file. */
    public static Path write(String token, String finding, Path dir) throws IOException {
        PdfsExplorer.History h = new PdfsExplorer().replayHistory(token);
        PdfsExplorer.Replay replay = h.replay();
        long crashAt = replay.target() == null ? -1 : replay.crashAt();
        List<ClusterTimelines.Bar> bars = h.calls().stream().map(c -> new ClusterTimelines.Bar(c.client(), c.text(),
                c.complete() == Long.MAX_VALUE ? Status.INFO : c.ok() ? Status.OK : Status.FAIL, c.invoke(), c.complete())).toList();
        String title = "pDFS on " + replay.scenario().config().name() + "/" + replay.scenario().transport().name() + ", power failure of "
                + (replay.target() == null ? "none" : replay.target().label()) + (crashAt < 0 ? "" : " before event " + crashAt) + ": " + token;
        return ClusterTimelines.write("pdfs", token, title, "Every file operation of the run (open bars: cut by the crash; the last lane: the checker's"
                + " mount and namespace walk after recovery); axis: events. The finding: " + finding, bars, crashAt, dir);
    }
}
