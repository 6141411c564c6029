package io.rdasuite.cli;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.taxonomy.Taxonomy;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.PersistenceDomain;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.Method;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.UpdateKind;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rda taxonomy}: paper 003 Tables 2 and 3 regenerated from the model. Per cell, every candidate
 * recipe is timed, then verified by crash exploration from the cheapest up; the table shows the cheapest
 * correct one and marks where it differs from the paper, and every cheaper candidate gets a counterexample.
 */
@Command(name = "taxonomy", mixinStandardHelpOptions = true,
        description = "Regenerate paper 003's Tables 2-3 by exploring candidate recipes (simulator).")
final class TaxonomyCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Mixin
    CellOptions cellOptions;





    @Option(names = "--appends", defaultValue = "2", description = "Appends per explored run (default: ${DEFAULT-VALUE}).")
    int appends;

    /** Which PCIe ordering of inbound posted writes the tables are regenerated for. */
    enum Ordering {
        STRICT, RELAXED, BOTH;

        boolean takes(boolean relaxed) {
            return this == BOTH || relaxed == (this == RELAXED);
        }
    }

    @Option(names = "--ordering", defaultValue = "strict", paramLabel = "strict|relaxed|both", converter = OrderingConverter.class,
            description = "PCIe ordering of the responder's inbound posted writes: strict (in order, the paper's tables), relaxed"
                    + " (Relaxed Ordering: each configuration's +RO twin) or both (default: ${DEFAULT-VALUE}). A +RO name in --config"
                    + " is taken whatever this says.")
    Ordering ordering;

    @Option(names = "--verbs", defaultValue = "ibta1.5", paramLabel = "ibta1.5|both",
            description = "ibta1.5: candidates may use IBTA 1.5's RDMA FLUSH and ATOMIC WRITE, as paper 003 assumes (default);"
                    + " both: each cell is also explored without them (a READ stands in for a FLUSH, as on NICs that lack it) and"
                    + " the cheapest correct recipe of each is shown beside the paper's.")
    String verbs;

    /** An ordering's name; an unknown one is an error naming the valid ones. */
    static final class OrderingConverter implements picocli.CommandLine.ITypeConverter<Ordering> {
        @Override
        public Ordering convert(String value) {
            for (Ordering o : Ordering.values()) {
                if (o.name().equalsIgnoreCase(value.trim())) {
                    return o;
                }
            }
            throw new picocli.CommandLine.TypeConversionException("unknown ordering '" + value + "'; valid: strict, relaxed, both");
        }
    }

    /** The filters' configurations (all twelve when none is named), each in the orderings {@code --ordering} takes. */
    private List<ServerConfig> configs() {
        List<ServerConfig> named = cellOptions.configs == null ? ServerConfig.all() : cellOptions.configs;
        List<ServerConfig> out = new ArrayList<>();
        for (ServerConfig c : named) {
            if (c.relaxedOrdering()) {
                out.add(c);
                continue;
            }
            for (boolean relaxed : new boolean[] {false, true}) {
                if (ordering.takes(relaxed)) {
                    out.add(c.withRelaxedOrdering(relaxed));
                }
            }
        }
        return out;
    }



    @Override
    public Integer call() {
        if (appends < 1 || appends > 16 || !(cellOptions.budget > 0)) {
            throw new ParameterException(spec.commandLine(), "--appends must be in 1..16 and --budget positive");
        }
        Budget b = cellOptions.scaledBudget(spec);
        List<Cells.Cell> cells = Cells.select(configs(), cellOptions.transports, cellOptions.ops, cellOptions.updates, cellOptions.shard);
        boolean both = switch (verbs.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "ibta1.5" -> false;
            case "both" -> true;
            default -> throw new ParameterException(spec.commandLine(), "--verbs: unknown value '" + verbs + "'; valid: ibta1.5, both");
        };
        List<Taxonomy.Cell> results = new ArrayList<>();
        List<Taxonomy.Cell> today = new ArrayList<>();
        long start = System.nanoTime();
        try (ProgressBar bar = Progress.bar("taxonomy", "cells", cells.size() * (both ? 2L : 1L), common.json)) {
            for (Cells.Cell c : cells) {
                results.add(Taxonomy.cell(c.config(), c.transport(), c.op(), c.update(), b, appends, common.seed));
                Progress.step(bar);
                if (both) {
                    today.add(Taxonomy.cell(c.config(), c.transport(), c.op(), c.update(), b, appends, common.seed, Recipe.Verbs.TODAY));
                    Progress.step(bar);
                }
            }
        }
        long wallNanos = System.nanoTime() - start;
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                Map<String, Object> row = json(cells.get(i).index(), results.get(i));
                if (both) {
                    row.put("withoutIbta15Verbs", withoutJson(today.get(i)));
                }
                rows.add(row);
            }
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "taxonomy");
            doc.put("seed", common.seed);
            doc.put("shard", cellOptions.shard.index() + "/" + cellOptions.shard.count());
            doc.put("cells", rows);
            doc.put("wallMillis", wallNanos / 1_000_000);
            out.println(Json.write(doc));
        } else {
            printTables(out, results);
            if (both) {
                printWithAndWithout(out, results, today);
            }
            out.printf("%d cells in %.1f s; seed %d, shard %d/%d%n", results.size(), wallNanos / 1e9, common.seed, cellOptions.shard.index(), cellOptions.shard.count());
        }
        out.flush();
        return results.stream().allMatch(c -> c.best() != null) ? 0 : 1;
    }

    static int roundTrips(Recipe r) {
        return (int) r.steps().stream().filter(s -> s.startsWith("RQ Comp") || s.startsWith("RQ Receive")).count();
    }

    private static Map<String, Object> json(int index, Taxonomy.Cell c) {
        Map<String, Object> m = new LinkedHashMap<>();
        Taxonomy.Candidate best = c.best() != null ? c.best() : c.paper();
        m.put("cell", index);
        m.put("config", c.config().name());
        m.put("transport", c.transport().name());
        m.put("update", c.update().label());
        m.put("op", c.op().name());
        m.put("method", best.recipe().method().name());
        m.put("recipe", best.recipe().steps());
        m.put("oneSided", best.recipe().oneSided());
        m.put("flushes", best.recipe().flushes());
        m.put("roundTrips", roundTrips(best.recipe()));
        m.put("latencyNs", best.latencyNs());
        m.put("crashStates", best.crashStates());
        m.put("violations", best.violatingStates());
        m.put("paperMethod", c.paper().recipe().method().name());
        m.put("paperLatencyNs", c.paper().latencyNs());
        m.put("paperCrashStates", c.paper().crashStates());
        m.put("paperViolations", c.paper().violatingStates());
        m.put("agreesWithPaper", c.agreesWithPaper());
        List<Map<String, Object>> wrong = new ArrayList<>();
        for (Taxonomy.Candidate w : c.cheaperWrong()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("method", w.recipe().method().name());
            x.put("recipe", w.recipe().steps());
            x.put("latencyNs", w.latencyNs());
            x.put("invariant", w.counterexample().invariant().name());
            x.put("detail", w.counterexample().detail());
            x.put("replay", w.counterexample().replayCommand());
            wrong.add(x);
        }
        m.put("cheaperWrong", wrong);
        return m;
    }

    /** The cheapest correct recipe without IBTA 1.5's verbs, as a cell's JSON shows it (null fields when none passed). */
    private static Map<String, Object> withoutJson(Taxonomy.Cell c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("method", c.best() == null ? null : c.best().recipe().method().name());
        m.put("recipe", c.best() == null ? null : c.best().recipe().steps());
        m.put("latencyNs", c.best() == null ? null : c.best().latencyNs());
        m.put("crashStates", c.best() == null ? null : c.best().crashStates());
        m.put("cheaperWrong", c.cheaperWrong().stream().map(w -> w.recipe().method().name()).toList());
        return m;
    }

    /** Per cell: the paper's recipe, the model's cheapest with IBTA 1.5's verbs, and without them (issue 32, item 3). */
    private static void printWithAndWithout(PrintWriter out, List<Taxonomy.Cell> with, List<Taxonomy.Cell> without) {
        out.println();
        out.println("The cheapest correct recipe with IBTA 1.5's RDMA FLUSH and ATOMIC WRITE, and without them (a READ stands in for a"
                + " FLUSH, as librpma does on NICs that lack it), beside paper 003's recipe; ns = simulated append latency:");
        out.printf("  %-25s %-5s %-9s %-9s %-13s %-20s %-20s%n", "CONFIG", "TRANS", "OP", "UPDATE", "PAPER", "WITH", "WITHOUT");
        for (int i = 0; i < with.size(); i++) {
            Taxonomy.Cell w = with.get(i);
            Taxonomy.Cell t = without.get(i);
            out.printf("  %-25s %-5s %-9s %-9s %-13s %-20s %-20s%n", w.config(), w.transport(), w.op(), w.update().label(),
                    shortName(w.paper().recipe().method()), withLatency(w.best()), withLatency(t.best()));
        }
    }

    private static String withLatency(Taxonomy.Candidate c) {
        return c == null ? "NONE" : shortName(c.recipe().method()) + " " + c.latencyNs();
    }

    static String shortName(Method m) {
        return switch (m) {
            case COMPLETION -> "Comp";
            case FLUSH -> "Flush";
            case FLUSH_EACH -> "Flush;Flush";
            case FLUSH_THEN_ATOMIC -> "Flush;WrAtom";
            case FLUSH_THEN_FENCED -> "Flush;Fence";
            case MESSAGE_FLUSH_ACK -> "Msg+fl+ack";
            case MESSAGE_ACK -> "Msg+ack";
            case MESSAGE_FLUSH_ACK_EACH -> "2x msg+fl";
            case READ_FLUSH -> "Read";
            case READ_FLUSH_EACH -> "Read;Read";
        };
    }

    private static void printTables(PrintWriter out, List<Taxonomy.Cell> cells) {
        Map<String, Taxonomy.Cell> byKey = new HashMap<>();
        for (Taxonomy.Cell c : cells) {
            byKey.put(key(c.config(), c.transport(), c.op(), c.update()), c);
        }
        for (boolean relaxed : new boolean[] {false, true}) {
            if (cells.stream().anyMatch(c -> c.config().relaxedOrdering() == relaxed)) {
                printTables(out, cells, byKey, relaxed);
            }
        }
        printDifferences(out, cells);
    }

    /**
     * Tables 2-3 for one PCIe ordering. Relaxed Ordering's legend names where it is on: a NIC sets the RO attribute on
     * the posted writes of memory registered for it (verbs: IBV_ACCESS_RELAXED_ORDERING; Linux's mlx5 driver sets it by
     * default for kernel users since 5.14), and the root port honours it unless the platform turns it off (Linux's PCI
     * quirks do so for Intel Xeon E5 v3/v4 root ports, for example).
     */
    private static void printTables(PrintWriter out, List<Taxonomy.Cell> cells, Map<String, Taxonomy.Cell> byKey, boolean relaxed) {
        if (relaxed) {
            out.println();
            out.println("PCIe Relaxed Ordering (+RO): the responder's inbound posted writes may reach memory in any order; a FLUSH (a read)"
                    + " still waits for every write before it. On where memory is registered with IBV_ACCESS_RELAXED_ORDERING (Linux's mlx5"
                    + " sets RO by default for kernel users since 5.14) and the root port honours it (Linux turns it off on Intel Xeon E5"
                    + " v3/v4 root ports, for one).");
        }
        for (UpdateKind u : UpdateKind.values()) {
            for (Transport t : Transport.values()) {
                if (cells.stream().noneMatch(c -> c.update() == u && c.transport() == t && c.config().relaxedOrdering() == relaxed)) {
                    continue;
                }
                out.println();
                out.println("Table " + (u == UpdateKind.SINGLETON ? "2 (singleton updates)" : "3 (compound updates, a then b)") + ", " + t
                        + (relaxed ? ", Relaxed Ordering" : "")
                        + ": the model's cheapest correct recipe; * = not the paper's, ! = the paper's recipe fails in the model");
                out.printf("%-18s", "");
                for (PersistenceDomain d : PersistenceDomain.values()) {
                    out.printf("| %-42s", d);
                }
                out.println();
                out.printf("%-18s", "");
                for (PersistenceDomain d : PersistenceDomain.values()) {
                    out.printf("| %-14s%-14s%-14s", "Write", "WriteImm", "Send");
                }
                out.println();
                for (boolean ddio : new boolean[] {true, false}) {
                    for (MemoryKind rq : MemoryKind.values()) {
                        out.printf("%-18s", (ddio ? "DDIO+" : "NODDIO+") + rq + "-RQWRB");
                        for (PersistenceDomain d : PersistenceDomain.values()) {
                            out.print("| ");
                            for (PrimaryOp op : PrimaryOp.values()) {
                                Taxonomy.Cell c = byKey.get(key(new ServerConfig(d, ddio, rq, relaxed), t, op, u));
                                out.printf("%-14s", c == null ? "-" : label(c));
                            }
                        }
                        out.println();
                    }
                }
            }
        }
    }

    private static void printDifferences(PrintWriter out, List<Taxonomy.Cell> cells) {
        out.println();
        out.println("Where the model and the paper differ:");
        boolean any = false;
        for (Taxonomy.Cell c : cells) {
            if (c.agreesWithPaper()) {
                continue;
            }
            any = true;
            out.printf("  %s %s %s %s: paper %s (%d ns, %s in %d states); model %s (%d ns, passes %d states)%n", c.config(), c.transport(), c.op(),
                    c.update().label(), c.paper().recipe().method(), c.paper().latencyNs(),
                    c.paper().correct() ? "passes" : "FAILS " + c.paper().violatingStates(), c.paper().crashStates(),
                    c.best() == null ? "none" : c.best().recipe().method(), c.best() == null ? 0 : c.best().latencyNs(),
                    c.best() == null ? 0 : c.best().crashStates());
            if (!c.paper().correct()) {
                out.println("    paper's recipe counterexample: " + c.paper().counterexample().detail() + "  " + c.paper().counterexample().replayCommand());
            }
        }
        if (!any) {
            out.println("  nowhere");
        }
        out.println();
        out.println("Cheaper candidates that are wrong (one counterexample each):");
        for (Taxonomy.Cell c : cells) {
            for (Taxonomy.Candidate w : c.cheaperWrong()) {
                out.printf("  %s %s %s %s: %s (%d ns) - %s: %s%n    %s%n", c.config(), c.transport(), c.op(), c.update().label(),
                        w.recipe().method(), w.latencyNs(), w.counterexample().invariant(), w.counterexample().detail(),
                        w.counterexample().replayCommand());
            }
        }
    }

    private static String label(Taxonomy.Cell c) {
        if (c.best() == null) {
            return "NONE";
        }
        String mark = !c.paper().correct() ? "!" : c.agreesWithPaper() ? "" : "*";
        return shortName(c.best().recipe().method()) + mark;
    }

    private static String key(ServerConfig c, Transport t, PrimaryOp op, UpdateKind u) {
        return c.name() + "/" + t + "/" + op + "/" + u;
    }
}
