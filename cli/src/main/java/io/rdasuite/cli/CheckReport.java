package io.rdasuite.cli;

import io.rdasuite.crashsim.pinned.PinnedFindings;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rows of one {@code rda check} run, its verdict, and its rendering as text or JSON. The verdict fails on a
 * claimed property that failed, a negative control missed, or a cell whose findings moved from the pinned ones
 * ({@link PinnedFindings}); below budget 1 a pinned finding not reached is a warning, since a small budget may not
 * reach it.
 */
final class CheckReport {
    final List<LogRow> rows = new ArrayList<>();
    final List<LogRow> controls = new ArrayList<>();
    final List<StoreRow> stores = new ArrayList<>();
    /** TH-DPMS cluster cells (a new field of the JSON; absent cells leave it empty). */
    final List<PdsmRow> clusters = new ArrayList<>();
    /** TH-DPMS transaction cells and their negative control (new fields of the JSON). */
    final List<TxnRow> transactions = new ArrayList<>();
    /** Nessie's client kill/stall cells ({@link NessieCells}). */
    final List<NessieRow> nessie = new ArrayList<>();
    TxnControlRow txnControl;
    /** pDFS cells (a new field of the JSON). */
    final List<TxnRow> fileSystem = new ArrayList<>();

    /**
     * Adds a row of a cluster cell family to its section ({@link ClusterCellFamily#section()}); each section shows one
     * kind of row, a row of another kind is a family's mistake.
     */
    void add(ClusterCellFamily.Section section, ClusterRow row) {
        switch (section) {
            case CLUSTERS -> clusters.add(as(PdsmRow.class, row, section));
            case TRANSACTIONS -> transactions.add(as(TxnRow.class, row, section));
            case FILE_SYSTEM -> fileSystem.add(as(TxnRow.class, row, section));
            case NESSIE -> nessie.add(as(NessieRow.class, row, section));
        }
    }

    /** Records a family's negative control; the report has a place for one in the transactions section only. */
    void control(ClusterCellFamily.Section section, ClusterRow row) {
        if (section != ClusterCellFamily.Section.TRANSACTIONS) {
            throw new IllegalStateException("the report shows a family's negative control only in the transactions section, not in " + section);
        }
        txnControl = as(TxnControlRow.class, row, section);
    }

    /** {@code row} as the kind of row {@code section} shows; another kind fails the run. */
    private static <R extends ClusterRow> R as(Class<R> kind, ClusterRow row, ClusterCellFamily.Section section) {
        if (!kind.isInstance(row)) {
            throw new IllegalStateException("the " + section + " section shows " + kind.getSimpleName() + "s, not a " + row.getClass().getSimpleName());
        }
        return kind.cast(row);
    }

    /** Every cluster cell's row, section by section (not the control). */
    private List<ClusterRow> clusterRows() {
        List<ClusterRow> all = new ArrayList<>(clusters);
        all.addAll(transactions);
        all.addAll(nessie);
        all.addAll(fileSystem);
        return all;
    }

    private final List<String> pinFailures = new ArrayList<>();
    private final List<String> pinWarnings = new ArrayList<>();
    private final List<String> missedControls = new ArrayList<>();
    /** What was run (see {@link Campaign}); set before {@link #document}. */
    Campaign campaign;
    /** The cells the filters chose, and the signal that stopped the run before all of them ran (null when none did). */
    int cellsPlanned;
    String interrupted;
    private boolean claimsHold = true;
    private boolean budgetTooSmall;
    private long states;

    /** A row's {@code pinned} under {@code --search-only}: the anchor, which the pins describe, did not run. */
    static final String NOT_COMPARED = "NOT COMPARED (search only)";

    void judge(double budgetFactor) {
        for (LogRow r : rows) {
            states += r.crashStates();
            claimsHold &= r.verdict().equals("PASS");
        }
        List<PinStatus> pins = new ArrayList<>();
        for (LogRow c : controls) {
            states += c.crashStates();
            if (!c.verdict().equals("CAUGHT")) {
                missedControls.add(c.subject() + " on " + c.config());
            }
            pins.add(c.pin());
        }
        budgetTooSmall = !missedControls.isEmpty() && budgetFactor < 1;
        for (StoreRow s : stores) {
            states += s.crashStates();
            claimsHold &= s.verdict().equals("PASS");
            pins.add(s.pin());
        }
        for (ClusterRow c : clusterRows()) {
            states += c.crashStates();
            claimsHold &= c.verdict().equals("PASS");
        }
        if (txnControl != null) {
            states += txnControl.crashStates();
            if (!txnControl.verdict().equals("CAUGHT")) {
                missedControls.add(txnControl.subject() + " on " + txnControl.config());
            }
        }
        for (PinStatus p : pins) {
            if (p.moved()) {
                (p.onlyLost() && budgetFactor < 1 ? pinWarnings : pinFailures).add(p.pinned());
            }
        }
    }

    /** Cells (and controls) that ran. */
    int cellsDone() {
        return rows.size() + controls.size() + stores.size() + clusters.size() + transactions.size() + fileSystem.size() + nessie.size() + (txnControl == null ? 0 : 1);
    }

    /** PASS or FAIL; a run stopped early says so, and its PASS covers only the cells that ran. */
    String verdict() {
        String v = passed() ? "PASS" : "FAIL";
        return interrupted == null ? v : v + " (partial: stopped by " + interrupted + " after " + cellsDone() + " of " + cellsPlanned + " cells)";
    }

    boolean passed() {
        return claimsHold && missedControls.isEmpty() && pinFailures.isEmpty();
    }

    boolean budgetTooSmall() {
        return budgetTooSmall;
    }

    List<String> missedControls() {
        return missedControls;
    }

    /** What this run observed per pinned cell: a control's catching invariants, a store cell's findings. */
    TreeMap<String, TreeSet<String>> observed() {
        TreeMap<String, TreeSet<String>> out = new TreeMap<>();
        for (LogRow c : controls) {
            out.put(PinnedFindings.cell(c.subject(), c.config(), c.transport()), new TreeSet<>(c.caughtBy()));
        }
        out.putAll(storeFindings(StoreRow::findings));
        return out;
    }

    /** The unclaimed findings per store cell that only the seed's search reached (see {@link io.rdasuite.crashsim.pinned.AnchoredExploration}). */
    TreeMap<String, TreeSet<String>> seedObserved() {
        return storeFindings(StoreRow::seedFindings);
    }

    /** Per store cell, the findings {@code field} of its row lists. */
    private TreeMap<String, TreeSet<String>> storeFindings(java.util.function.Function<StoreRow, List<String>> field) {
        TreeMap<String, TreeSet<String>> out = new TreeMap<>();
        for (StoreRow s : stores) {
            out.put(PinnedFindings.cell("kv/" + s.protocol(), s.config(), s.transport()), new TreeSet<>(field.apply(s)));
        }
        return out;
    }

    /**
     * Where this run draws its findings' history timelines: {@code --report DIR}'s {@code DIR/timelines}, or null, the
     * default, for none (a command writes no file it was not asked for: docs/COMMANDS.md, "The contract"). Set by
     * {@code rda check} for the length of one run; the cells read it.
     */
    static volatile java.nio.file.Path timelineDir;

    /** Where a linearizability failure's HTML timeline went, why it could not be written, or null when none was asked for. */
    static String timeline(String token) {
        java.nio.file.Path dir = timelineDir;
        if (dir == null) {
            return null;
        }
        try {
            java.nio.file.Path file = io.rdasuite.linearizability.crash.CrashTimelines.write(token, dir);
            return file == null ? "(the state's history is linearizable on a re-run)" : file.toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "(no timeline: " + e.getMessage() + ")";
        }
    }

    /**
     * Where the history timeline of a finding of any invariant went (see
     * {@link io.rdasuite.linearizability.crash.CrashTimelines#writeFinding}), why it could not be drawn, or null when none was asked for.
     */
    static String findingTimeline(String token, String finding) {
        java.nio.file.Path dir = timelineDir;
        if (dir == null) {
            return null;
        }
        try {
            return io.rdasuite.linearizability.crash.CrashTimelines.writeFinding(token, finding, dir).toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "(no timeline: " + e.getMessage() + ")";
        }
    }

    /** The run as one JSON document ({@code --json}, and the source of {@code --report}). */
    Map<String, Object> document(CommonOptions common, CellOptions cellOptions, long wallNanos) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("command", "check");
        doc.put("seed", common.seed);
        doc.put("shard", cellOptions.shard.index() + "/" + cellOptions.shard.count());
        if (campaign != null) {
            doc.put("campaign", campaign.toJson());
        }
        doc.put("verdict", interrupted == null ? (passed() ? "PASS" : "FAIL") : passed() ? "PARTIAL" : "FAIL");
        if (interrupted != null) {
            doc.put("interrupted", Map.of("signal", interrupted, "cellsDone", cellsDone(), "cellsPlanned", cellsPlanned));
        }
        doc.put("crashStates", states);
        doc.put("results", rows);
        doc.put("controls", controls);
        doc.put("stores", stores);
        doc.put("clusters", clusters);
        doc.put("transactions", transactions);
        doc.put("nessie", nessie);
        doc.put("fileSystem", fileSystem);
        if (txnControl != null) {
            doc.put("transactionControl", txnControl);
        }
        doc.put("pinnedFindingsChanged", pinFailures);
        doc.put("pinnedFindingsNotReached", pinWarnings);
        doc.put("wallMillis", wallNanos / 1_000_000);
        doc.put("statesPerSecond", Math.round(states / Math.max(1e-9, wallNanos / 1e9)));
        return doc;
    }

    void print(PrintWriter out, CommonOptions common, CellOptions cellOptions, int appends, long wallNanos) {
        double perSecond = states / Math.max(1e-9, wallNanos / 1e9);
        if (common.json) {
            out.println(Json.write(document(common, cellOptions, wallNanos)));
            out.flush();
            return;
        }
        printRemoteLog(out, appends);
        printControls(out);
        printStores(out);
        printClusters(out);
        printTransactions(out);
        printFileSystem(out);
        printNessie(out);
        printCounterexamples(out);
        if (!pinFailures.isEmpty()) {
            out.println("FINDINGS CHANGED from the pinned ones (a change that moves a weakness must be approved: if it is meant, run"
                    + " rda check --write-findings crashsim/src/main/resources/io/rdasuite/crashsim/pinned/" + PinnedFindings.BUILT_IN
                    + " and commit the diff):");
            pinFailures.forEach(l -> out.println("  " + l));
        }
        if (!pinWarnings.isEmpty()) {
            out.println("pinned findings not reached at --budget " + cellOptions.budget + " (a warning below budget 1):");
            pinWarnings.forEach(l -> out.println("  " + l));
        }
        out.printf("verdict: %s   %,d crash states in %.1f s (%,.0f states/s); seed %d, shard %d/%d%n", verdict(), states,
                wallNanos / 1e9, perSecond, common.seed, cellOptions.shard.index(), cellOptions.shard.count());
        out.flush();
    }

    private void printRemoteLog(PrintWriter out, int appends) {
        if (rows.isEmpty()) {
            return; // rda check --subject: one store's cells only
        }
        out.println("REMOTELOG appends (" + appends + " x 64 B) under power failures; recipes of paper 003 Tables 2-3");
        out.printf("%-22s %-5s %-9s %-9s %-22s %6s %7s %5s %s%n", "CONFIG", "TRANS", "OP", "UPDATE", "METHOD", "POINTS", "STATES", "VIOL", "VERDICT");
        for (LogRow r : rows) {
            String subject = r.subject();
            out.printf("%-22s %-5s %-9s %-9s %-22s %6d %7d %5d %s%n", r.config(), r.transport(), r.op(), r.update(),
                    subject.substring(subject.lastIndexOf('/') + 1), r.crashPoints(), r.crashStates(), r.violations(), r.verdict());
        }
    }

    private void printControls(PrintWriter out) {
        if (!controls.isEmpty()) {
            out.println("negative controls (each must be CAUGHT):");
            for (LogRow c : controls) {
                out.printf("  %-40s %-22s %7d states %5d violating  %s%s%n", c.subject(), c.config(), c.crashStates(),
                        c.violations(), c.verdict(), c.caughtBy().isEmpty() ? "" : " by " + String.join(", ", c.caughtBy()));
            }
        }
    }

    private void printStores(PrintWriter out) {
        if (!stores.isEmpty()) {
            out.println("key-value stores under power failures (claimed: PASS/FAIL; unclaimed: finding or none found):");
            out.printf("  %-6s %-22s %-5s %7s ", "STORE", "CONFIG", "TRANS", "STATES");
            StoreCells.INVARIANTS.forEach(i -> out.printf(" %-" + Math.max(10, i.name().length()) + "s", i.name()));
            out.println();
            for (StoreRow r : stores) {
                Map<String, Object> p = r.properties();
                out.printf("  %-6s %-22s %-5s %7d ", r.protocol(), r.config(), r.transport(), r.crashStates());
                StoreCells.INVARIANTS.forEach(i -> out.printf(" %-" + Math.max(10, i.name().length()) + "s", p.get(i.name())));
                out.println();
            }
            List<String> seedOnly = new ArrayList<>();
            for (StoreRow r : stores) {
                List<String> seedFindings = r.seedFindings();
                if (!seedFindings.isEmpty()) {
                    seedOnly.add(r.protocol() + " " + r.config() + " " + r.transport() + ": " + String.join(", ", seedFindings));
                }
                for (StoreRow.Example e : r.examples()) {
                    boolean claimed = e.claimed();
                    boolean unexpected = !claimed && !r.pin().unpinned() && r.pin().findingsGained().contains(e.invariant());
                    boolean bySeed = !claimed && seedFindings.contains(e.invariant());
                    if (e.shrunk()) {
                        printExample(out, r, e, claimed ? "VIOLATION" : unexpected ? "UNEXPECTED FINDING" : bySeed ? "finding of this seed's search only (unclaimed,"
                                + " not pinned)" : "expected finding", claimed || unexpected);
                    }
                }
            }
            if (!seedOnly.isEmpty()) {
                out.println("unclaimed findings only this seed's search reached (the seed-independent anchor did not; they never change the verdict):");
                seedOnly.forEach(l -> out.println("  " + l));
            }
        }
    }

    private void printClusters(PrintWriter out) {
        if (clusters.isEmpty()) {
            return;
        }
        out.println("TH-DPMS pDSM object store and pDKVS clusters (3 PM servers, a monitor, 2 clients) under power failures of every server or of one:");
        out.printf("  %-13s %-22s %-5s %-12s %7s ", "STORE", "CONFIG", "TRANS", "TARGET", "STATES");
        ClusterCells.INVARIANTS.forEach(i -> out.printf(" %-" + Math.max(6, i.name().length()) + "s", i.name()));
        out.println();
        for (PdsmRow r : clusters) {
            out.printf("  %-13s %-22s %-5s %-12s %7d ", r.subject(), r.config(), r.transport(), r.target(), r.crashStates());
            ClusterCells.INVARIANTS.forEach(i -> out.printf(" %-" + Math.max(6, i.name().length()) + "s", r.properties().get(i.name())));
            out.println();
            for (PdsmRow.Example e : r.examples()) {
                out.println("    VIOLATION " + e.invariant() + " - " + e.detail());
                out.println("      breaks " + e.claim() + " (claimed)");
                out.println("      " + (e.shrunk() ? "shrunk to " : "") + e.operations() + " operation(s) on " + e.clients() + " client(s) "
                        + programText(e.program()) + ", power failure of " + r.target() + " before event " + e.crashEvent());
                orEmpty(e.crashPoint()).forEach(line -> out.println("      at the crash: " + line));
                orEmpty(e.trace()).forEach(line -> out.println("        " + line));
                out.println("      " + e.replay() + (e.timeline() != null ? "\n      timeline: " + e.timeline() : ""));
            }
        }
    }

    private void printTransactions(PrintWriter out) {
        if (transactions.isEmpty() && txnControl == null) {
            return;
        }
        out.println("TH-DPMS transactions (3 PM servers, a monitor, 3 writers and a poller; histories checked strictly serializable):");
        if (!transactions.isEmpty()) {
            printTargetsHeader(out, transactions.getFirst());
            for (TxnRow r : transactions) {
                printTargets(out, r);
                for (TxnRow.Example e : r.examples()) {
                    out.println("    " + e.target() + ", crash before event " + e.crashEvent() + ": " + e.anomaly());
                    printExplained(out, e, "transaction(s)");
                }
            }
        }
        if (txnControl != null) {
            out.println("  negative control " + txnControl.subject() + ": " + txnControl.verdict()
                    + (txnControl.anomaly().isEmpty() ? "" : " - " + txnControl.anomaly()));
        }
    }

    private void printNessie(PrintWriter out) {
        if (nessie.isEmpty()) {
            return;
        }
        out.println("Nessie under client kills and stalls (3 nodes; every step of the victim's operations; liveness, RDA, stale reads, linearizability):");
        out.printf("  %-22s %-5s %6s %8s %6s %s%n", "CONFIG", "TRANS", "RUNS", "STUCK(k)", "ABA", "VERDICT");
        for (NessieRow r : nessie) {
            out.printf("  %-22s %-5s %6d %8d %6d %s%n", r.config(), r.transport(), r.runs(), r.stuckKeyRuns(), r.abaRollbacks(), r.verdict());
            for (String e : r.examples()) {
                out.println("    " + e);
            }
        }
        out.println("  STUCK(k): kills that left the dead client's key held by its invalid DTE (expected, paper 004 §4.3.1 node failure);"
                + " ABA: stalls after which the victim's CAS met its word again and its timeout check undid it");
    }

    private void printFileSystem(PrintWriter out) {
        if (fileSystem.isEmpty()) {
            return;
        }
        out.println("TH-DPMS pDFS (3 PM servers, server 0 the directory server; namespace invariants and acknowledged state after recovery):");
        printTargetsHeader(out, fileSystem.getFirst());
        for (TxnRow r : fileSystem) {
            printTargets(out, r);
            for (TxnRow.Example e : r.examples()) {
                out.println("    " + e.target() + ", crash before event " + e.crashEvent() + ": " + e.violation());
                printExplained(out, e, "operation(s)");
            }
        }
    }

    /** The header of a transaction or pDFS table: a column per crash target of {@code first}. */
    private static void printTargetsHeader(PrintWriter out, TxnRow first) {
        out.printf("  %-22s %-5s %7s ", "CONFIG", "TRANS", "STATES");
        first.targets().keySet().forEach(t -> out.printf(" %-" + Math.max(6, t.length()) + "s", t));
        out.println();
    }

    /** A transaction or pDFS row: its cell, its states and its verdict per target. */
    private static void printTargets(PrintWriter out, TxnRow r) {
        out.printf("  %-22s %-5s %7d ", r.config(), r.transport(), r.crashStates());
        r.targets().forEach((t, v) -> out.printf(" %-" + Math.max(6, t.length()) + "s", v));
        out.println();
    }

    /**
     * A transaction or pDFS example's claim, program (shrunk, with the original it came from and that one's replay line;
     * or the cell's, not shrunk), crash point, replay line and timeline.
     */
    private static void printExplained(PrintWriter out, TxnRow.Example e, String unit) {
        out.println("      breaks " + e.claim() + " (claimed)");
        TxnRow.Original original = e.original();
        out.println("      " + (original != null ? "shrunk to " : "the cell's program (not shrunk), ") + e.operations() + " " + unit + " on "
                + e.clients() + " client(s): " + programText(e.program()));
        if (original != null) {
            out.println("      found with " + original.operations() + " " + unit + " on " + original.clients() + " client(s), crash before event "
                    + original.crashEvent() + " (" + e.shrinkCandidates() + " smaller programs tried): " + programText(original.program()));
            out.println("        the original: " + original.replay());
        }
        if (e.shrinkError() != null) {
            out.println("      not shrunk, the shrinker failed: " + e.shrinkError());
        }
        e.crashPoint().forEach(line -> out.println("      at the crash: " + line));
        out.println("      " + e.replay() + (e.timeline() != null ? "\n      timeline: " + e.timeline() : ""));
    }

    private static List<String> orEmpty(List<String> lines) {
        return lines == null ? List.of() : lines;
    }

    private static String programText(List<List<String>> clients) {
        List<String> program = new ArrayList<>();
        for (List<String> ops : clients) {
            program.add("[" + String.join(", ", ops) + "]");
        }
        return String.join(" ", program);
    }

    /** A shrunk store example: what failed, the smallest program, the trace before the crash (for failures), the replay line. */
    private static void printExample(PrintWriter out, StoreRow r, StoreRow.Example e, String label, boolean withTrace) {
        out.println("  " + label + " (" + r.protocol() + ", " + r.config() + ", " + r.transport() + "): " + e.invariant() + " - " + e.detail());
        out.println("    breaks " + e.claim() + (e.claimed() ? " (claimed)" : " (not claimed here: a finding)"));
        out.println("    shrunk to " + e.operations() + " operation(s) on " + e.clients() + " client(s) " + programText(e.program())
                + ", power failure before event " + e.crashEvent());
        e.crashPoint().forEach(line -> out.println("    at the crash: " + line));
        if (withTrace) {
            e.trace().forEach(line -> out.println("      " + line));
        }
        out.println("    " + e.replay() + (e.timeline() != null ? "\n    timeline: " + e.timeline() : ""));
    }

    private void printCounterexamples(PrintWriter out) {
        List<LogRow> all = new ArrayList<>(rows);
        all.addAll(controls);
        for (LogRow r : all) {
            LogRow.Counterexample cx = r.counterexample();
            if (cx != null) {
                out.println("counterexample for " + r.subject() + " on " + r.config() + "/" + r.transport() + ": " + cx.invariant() + " - " + cx.detail());
                out.println("  breaks " + cx.claim());
                out.println("  shrunk to " + cx.operations() + " operation(s), power failure before event " + cx.crashEvent());
                cx.crashPoint().forEach(line -> out.println("  at the crash: " + line));
                for (String line : cx.trace()) {
                    out.println("    " + line);
                }
                out.println("  " + cx.replay());
                if (cx.timeline() != null) {
                    out.println("  history timeline: " + cx.timeline());
                }
            }
        }
    }
}
