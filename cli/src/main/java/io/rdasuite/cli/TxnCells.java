package io.rdasuite.cli;

import io.rdasuite.crashsim.txn.TxnCrashTarget;
import io.rdasuite.crashsim.txn.TxnExplorer;
import io.rdasuite.linearizability.crash.TxnCrashHistoryCheck;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code rda check}'s transaction cells (paper 002 §4.1.6, TH-DPMS's FaRM-style transactions over pDSM): three PM
 * servers, a monitor, three writing clients and a poller, explored under every {@link TxnCrashTarget} with evenly
 * spread crash points plus points aimed around each COMMIT-BACKUP and COMMIT-PRIMARY; every history, with the read-back
 * after recovery, is checked for strict serializability by the Elle-style checker. Every finding is shrunk
 * ({@code TxnShrinker}: fewer clients, transactions and operations, the crash re-located at the same protocol step)
 * and drawn as a timeline. The negative control is the protocol with validation skipped, which the checker must name
 * as a write-skew cycle.
 */
final class TxnCells {
    record Cell(ServerConfig config, Transport transport) {
    }

    private TxnCells() {
    }

    /** Every configuration × transport this shard and the filters take. */
    static List<Cell> select(CellOptions options) {
        List<Cell> cells = new ArrayList<>();
        int index = 0;
        for (ServerConfig c : ServerConfig.all()) {
            for (Transport t : Transport.values()) {
                int i = index++;
                if (options.shard.takes(i) && (options.configs == null || options.configs.contains(c))
                        && (options.transports == null || options.transports.contains(t))) {
                    cells.add(new Cell(c, t));
                }
            }
        }
        return cells;
    }

    /**
     * The program of the second re-replication exploration: 3 writers of 30 transactions each on 4 keys and a poller, so
     * that commits go on while server 0's segments are copied and mapped (§4.1.7 under §4.1.6).
     */
    /** Smaller programs tried for a finding of {@link #rereplicationProgram}'s exploration (each costs seconds there). */
    static final int LONG_SHRINK_CANDIDATES = 8;

    static io.rdasuite.crashsim.txn.TxnProgram rereplicationProgram(long seed) {
        return io.rdasuite.crashsim.txn.TxnProgram.generate(seed, 3, 30, 4, 1);
    }

    /** Evenly spread crash points per target at {@code --budget} b: 6·b (at least 2). */
    static int crashPoints(double budget) {
        return Math.max(2, (int) Math.round(6 * budget));
    }

    /** Post-crash images per point where every server lost power: 2·b, 1 to 8. */
    static int images(double budget) {
        return Math.max(1, Math.min(8, (int) Math.round(2 * budget)));
    }

    /** Explores one cell; the report row. */
    static TxnRow explore(Cell cell, long seed, double budget, Plant bug) {
        TxnExplorer.Scenario s = TxnExplorer.Scenario.of(cell.config(), cell.transport(), seed, bug);
        TxnExplorer.Result r = new TxnExplorer().explore(s, List.of(TxnCrashTarget.values()), crashPoints(budget), budget >= 0.5, images(budget),
                TxnCrashHistoryCheck.strict(), true);
        // Re-replication once more, with transactions that outlast it: the default program's are over before server 0's
        // segments are copied, so a commit installed while a copy waits to be mapped (the bug a kill campaign found,
        // plant txn-commit-misses-pending-copy) never happens there. Evenly spread points over the longer run catch it.
        TxnExplorer.Result longer = new TxnExplorer().explore(s.withProgram(rereplicationProgram(seed)), List.of(TxnCrashTarget.SERVER_0_REREPLICATED),
                crashPoints(budget), false, images(budget), TxnCrashHistoryCheck.strict(), true);
        List<TxnExplorer.Finding> fromLonger = longer.findings();
        r = new TxnExplorer.Result(r.states() + longer.states() - 1, r.events(), // each counts its uncut run once: one of them is the cell's
                java.util.stream.Stream.concat(r.findings().stream(), fromLonger.stream()).toList());
        ShrunkExamples shrunk = new ShrunkExamples();
        for (TxnExplorer.Finding f : r.findings()) {
            shrunk.add(new Example(f.target() == null ? "none" : f.target().label(), f.crashAt(), f.image(), f.violation(), f.token()), found -> {
                // a finding of the 90-transaction program: each smaller candidate costs seconds, so fewer are tried
                int candidates = fromLonger.contains(f) ? LONG_SHRINK_CANDIDATES : io.rdasuite.crashsim.txn.TxnShrinker.MAX_CANDIDATES;
                io.rdasuite.crashsim.txn.TxnShrinker.Shrunk sh = io.rdasuite.crashsim.txn.TxnShrinker.shrink(f, TxnCrashHistoryCheck.strict(), candidates);
                TxnExplorer.Finding small = sh.finding();
                return new Shrunk(new Example(found.target(), small.crashAt(), small.image(), small.violation(), small.token()),
                        sh.smaller() ? program(sh.program()) : null, sh.candidates());
            });
        }
        List<TxnRow.Example> examples = explain(shrunk, true, CLAIM, token -> program(TxnExplorer.decode(token).scenario().program()),
                token -> new TxnExplorer().describe(token), TxnCells::timeline);
        return row(bug == Plant.NONE ? "thdpms/txn" : "thdpms/txn/" + TxnPlantedBug.labelOf(bug), cell, r.events(), r.states(),
                java.util.Arrays.stream(TxnCrashTarget.values()).map(TxnCrashTarget::label).toList(), shrunk.examples, examples);
    }

    /** What a transaction cell claims (paper 002 §5.3.1 claims ACID; the checker holds it to FaRM's strict serializability). */
    static final String CLAIM = "STRICT_SERIALIZABILITY: committed transactions, and the read-back after recovery, fit one serial order that"
            + " respects real time; a transaction cut by the crash commits entirely or not at all (002 §4.1.6)";

    /** The transaction program, per client: its transactions as {@code [append 1 5, r 2]}. */
    private static List<List<String>> program(io.rdasuite.crashsim.txn.TxnProgram p) {
        return p.clients().stream().map(txns -> txns.stream().map(ops -> ops.stream().map(op -> op.kind() == io.rdasuite.store.thdpms.txn.TxnOp.Kind.READ
                ? "r " + op.key() : op.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + op.key() + " " + op.value()).toList().toString()).toList()).toList();
    }

    private static String timeline(String token, String finding) {
        java.nio.file.Path dir = CheckReport.timelineDir;
        if (dir == null) {
            return null; // no --report: no file
        }
        try {
            return io.rdasuite.linearizability.crash.TxnTimelines.write(token, finding, dir).toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "(no timeline: " + e.getMessage() + ")";
        }
    }

    /**
     * How an example was shrunk: the smaller program (per client, as text), the finding the exploration made (its
     * target, crash event, detail and token), how many smaller programs were tried and the wall time it took (reported
     * only).
     */
    /** What a shrinker made of a finding: its smaller example, the smaller program ({@code null}: none smaller), candidates tried. */
    record Shrunk(Example small, List<List<String>> program, int candidates) {
    }

    /**
     * A cell's findings as examples, each shrunk where its shrinker can; a shrinker that throws must not cost the
     * finding, which is then shown as found, with why ({@link #explain}).
     */
    static final class ShrunkExamples {
        final List<Example> examples = new ArrayList<>();
        final List<Shrink> shrinks = new ArrayList<>();
        final Map<Integer, String> notShrunk = new java.util.TreeMap<>();

        void add(Example found, java.util.function.Function<Example, Shrunk> shrinker) {
            long start = System.nanoTime(); // reported only, as wallShrinkMillis; never an input to the run
            Shrunk sh;
            try {
                sh = shrinker.apply(found);
            } catch (RuntimeException ex) {
                examples.add(found);
                shrinks.add(null);
                notShrunk.put(examples.size() - 1, ex.toString());
                return;
            }
            examples.add(sh.small());
            shrinks.add(sh.program() == null ? null : new Shrink(sh.program(), found, sh.candidates(), (System.nanoTime() - start) / 1_000_000));
        }
    }

    record Shrink(List<List<String>> program, Example original, int candidates, long wallMillis) {
    }

    /**
     * Each example of a cell explained (issue 27): the claim it breaks, its program (the shrunk one where {@code shrunk}
     * has a shrink for it, with the finding it came from, that one's program as found, crash event, detail and replay
     * under {@code original}; else its program as found), where the crash cut each client's operation in the protocol's
     * steps, a history timeline (null {@code timeline}: none for this store), and why the shrinker failed where it did.
     * Computed for findings only, by re-running their crash state.
     *
     * @param anomaly   true when what failed is a transaction anomaly ({@code anomaly}), false for a violation ({@code violation})
     * @param programOf an example's program as found, read from its token (a cell may explore more than one program)
     */
    static List<TxnRow.Example> explain(ShrunkExamples shrunk, boolean anomaly, String claim, java.util.function.Function<String, List<List<String>>> programOf,
                                        java.util.function.Function<String, List<String>> crashPoint, java.util.function.BinaryOperator<String> timeline) {
        List<TxnRow.Example> explained = new ArrayList<>();
        for (int i = 0; i < shrunk.examples.size(); i++) {
            Example x = shrunk.examples.get(i);
            Shrink sh = shrunk.shrinks.get(i);
            List<List<String>> program = programOf.apply(sh == null ? x.token() : sh.original().token());
            List<List<String>> shown = sh == null ? program : sh.program();
            TxnRow.Original original = sh == null ? null : new TxnRow.Original(sh.original().crashEvent(), sh.original().image(),
                    anomaly ? sh.original().detail() : null, anomaly ? null : sh.original().detail(), operations(program), program.size(), program,
                    "rda replay " + sh.original().token());
            List<String> point;
            try {
                point = crashPoint.apply(x.token());
            } catch (RuntimeException ex) {
                point = List.of("(not described: " + ex.getMessage() + ")");
            }
            explained.add(new TxnRow.Example(x.target(), x.crashEvent(), x.image(), anomaly ? x.detail() : null, anomaly ? null : x.detail(),
                    "rda replay " + x.token(), claim, sh != null, operations(shown), shown.size(), shown, original,
                    sh == null ? null : sh.candidates(), sh == null ? null : sh.wallMillis(), point,
                    timeline == null ? null : timeline.apply(x.token(), String.valueOf(x.detail())), shrunk.notShrunk.get(i)));
        }
        return explained;
    }

    private static int operations(List<List<String>> program) {
        return program.stream().mapToInt(List::size).sum();
    }

    /** One failing crash state of a cluster cell: its target ("none": the uncut run), where it crashed, what failed. */
    record Example(String target, long crashEvent, int image, String detail, String token) {
    }

    /**
     * A cell's row: its verdict per target ({@code none}, the uncut run, and each of {@code targets}; FAIL where one of
     * {@code found} failed), its verdict, and its examples, explained.
     */
    static TxnRow row(String subject, Cell cell, long events, long states, List<String> targets, List<Example> found, List<TxnRow.Example> examples) {
        Map<String, String> verdicts = new LinkedHashMap<>();
        verdicts.put("none", "PASS");
        targets.forEach(t -> verdicts.put(t, "PASS"));
        found.forEach(x -> verdicts.put(x.target(), "FAIL"));
        return new TxnRow(subject, cell.config().name(), cell.transport().name(), events, states, verdicts, found.isEmpty() ? "PASS" : "FAIL", examples);
    }

    /**
     * The negative control: validation skipped, no crash needed; CAUGHT when the checker names a cycle. Whether the two
     * transactions overlap so that a write skew forms is a matter of timing, so the control is anchored like every cell
     * ({@link io.rdasuite.crashsim.pinned.AnchoredExploration#ANCHOR_SEED}, the same run at every seed), and the seed's
     * own timing is tried only when the anchor missed: a seed can no longer make correct code fail by missing the
     * control (seed 51's timing did, in the sweep of 2026-11-27).
     */
    static TxnControlRow control(long seed) {
        TxnExplorer.Scenario s = null;
        TxnExplorer.Result r = null;
        for (long tried : new long[] {io.rdasuite.crashsim.pinned.AnchoredExploration.ANCHOR_SEED, seed}) {
            s = TxnExplorer.Scenario.of(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, tried, TxnPlantedBug.VALIDATION_SKIPPED);
            r = new TxnExplorer().explore(s, List.of(), 0, 0, TxnCrashHistoryCheck.strict(), true);
            if (!r.findings().isEmpty()) {
                break;
            }
        }
        return new TxnControlRow("thdpms/txn/" + TxnPlantedBug.VALIDATION_SKIPPED.label(), s.config().name(), s.transport().name(), r.states(),
                r.findings().isEmpty() ? "MISSED" : "CAUGHT", r.findings().isEmpty() ? "" : r.findings().getFirst().violation(),
                r.findings().isEmpty() ? "" : "rda replay " + r.findings().getFirst().token());
    }
}
