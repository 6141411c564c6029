package io.rdasuite.cli;

import io.rdasuite.crashsim.fs.FsOp;
import io.rdasuite.crashsim.fs.FsProgram;
import io.rdasuite.crashsim.fs.PdfsExplorer;
import io.rdasuite.crashsim.fs.PdfsShrinker;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import java.util.List;

/**
 * {@code rda check}'s pDFS cells (paper 002 §4.2): two clients making, renaming, writing and removing files and
 * directories on three PM servers, under a power failure of every server, of the directory server and of a file
 * metadata server; after recovery the namespace must have no orphan, no cycle, nothing under two names, and be what the
 * acknowledged operations leave. Cells as {@link TxnCells}: configuration × transport. Every finding is shrunk
 * ({@link PdfsShrinker}) and drawn as a timeline ({@code FsTimelines}).
 */
final class FsCells {
    private FsCells() {
    }

    /** Evenly spread crash points per target at {@code --budget} b: 8·b (at least 2). */
    static int crashPoints(double budget) {
        return Math.max(2, (int) Math.round(8 * budget));
    }

    /** Crash points inside each rename (every server crashed, oldest image) at {@code --budget} b: 4·b. */
    static int aimedPoints(double budget) {
        return (int) Math.round(4 * budget);
    }

    static TxnRow explore(TxnCells.Cell cell, long seed, double budget, Plant bug) {
        PdfsExplorer.Result r = new PdfsExplorer().explore(cell.config(), cell.transport(), seed, bug, List.of(PdfsExplorer.Target.values()),
                crashPoints(budget), aimedPoints(budget), TxnCells.images(budget), true);
        TxnCells.ShrunkExamples shrunk = new TxnCells.ShrunkExamples();
        for (PdfsExplorer.Finding f : r.findings()) {
            shrunk.add(new TxnCells.Example(f.target() == null ? "none" : f.target().label(), f.crashAt(), f.image(), f.violation(), f.token()), found -> {
                PdfsShrinker.Shrunk sh = PdfsShrinker.shrink(f);
                PdfsExplorer.Finding small = sh.finding();
                return new TxnCells.Shrunk(new TxnCells.Example(found.target(), small.crashAt(), small.image(), small.violation(), small.token()),
                        sh.smaller() ? program(sh.program()) : null, sh.candidates());
            });
        }
        List<List<String>> program = program(PdfsExplorer.PROGRAM);
        List<TxnRow.Example> examples = TxnCells.explain(shrunk, false, CLAIM, token -> program, token -> new PdfsExplorer().describe(token),
                FsCells::timeline);
        return TxnCells.row(bug == Plant.NONE ? "pdfs/namespace" : "pdfs/namespace/" + PdfsPlantedBug.labelOf(bug), cell, r.events(), r.states(),
                java.util.Arrays.stream(PdfsExplorer.Target.values()).map(PdfsExplorer.Target::label).toList(), shrunk.examples, examples);
    }

    /** A program per client, each operation as text ({@code rename /a/f /b/g}). */
    private static List<List<String>> program(FsProgram p) {
        return p.clients().stream().map(ops -> ops.stream().map(FsOp::toString).toList()).toList();
    }

    private static String timeline(String token, String finding) {
        java.nio.file.Path dir = CheckReport.timelineDir;
        if (dir == null) {
            return null; // no --report: no file
        }
        try {
            return io.rdasuite.linearizability.crash.FsTimelines.write(token, finding, dir).toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "(no timeline: " + e.getMessage() + ")";
        }
    }

    /** What pDFS is held to after recovery (paper 002 §4.2). */
    static final String CLAIM = "NAMESPACE: after recovery the namespace has no orphan, no cycle, nothing under two names, and is what the"
            + " acknowledged operations leave (002 §4.2)";
}
