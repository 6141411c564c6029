package io.rdasuite.cli;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Shrinker;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.crashsim.subjects.InPlaceSubject;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.Method;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import java.io.PrintWriter;
import java.util.ArrayList;
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
 * {@code rda check}: REMOTELOG (paper 003 §4.1) under every configuration × transport × primary operation ×
 * singleton/compound, each append persisted by the paper's recipe (Tables 2–3), explored under power
 * failures: every crash point (bounded), every post-crash image (bounded), recovery, checks. Then the
 * negative controls, which must be caught.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Explore crash states of REMOTELOG under every server configuration and recipe (simulator).")
final class CheckCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Mixin
    CellOptions cellOptions;





    @Option(names = "--appends", defaultValue = "3", description = "Appends per run (default: ${DEFAULT-VALUE}).")
    int appends;

    @Option(names = "--protocols", split = ",", converter = Converters.Protocol.class,
            description = "Key-value stores to check (default: all).")
    List<KvProtocol> protocols;



    @Mixin
    RemoteOptions remote;

    @Mixin
    RemoteCheckOptions remoteCheck;
    @Mixin PlantOption plant;

    @Override
    public Integer call() throws java.io.IOException {
        plant.apply();
        if (remote.remote()) {
            return RemoteCheckRun.run(spec, common, remote, remoteCheck);
        }
        remote.addresses(spec);
        if (appends < 1 || appends > 64 || !(cellOptions.budget > 0)) {
            throw new ParameterException(spec.commandLine(), "--appends must be in 1..64 and --budget positive");
        }
        Budget b = cellOptions.scaledBudget();
        List<Cells.Cell> cells = cellOptions.cells();
        List<Map<String, Object>> rows = new ArrayList<>();
        long wallStart = System.nanoTime();
        long states = 0;
        boolean pass = true;
        try (ProgressBar bar = Progress.bar("check", cells.size() + 2, common.json)) {
            rows.addAll(Parallel.map(cells, cell -> explore(cell.index(),
                    new RemoteLogSubject(Recipes.paper(cell.config(), cell.transport(), cell.op(), cell.update())), cell.config(), cell.transport(), b,
                    false), () -> Progress.step(bar)));
            for (Map<String, Object> row : rows) {
                states += (Long) row.get("crashStates");
                pass &= row.get("verdict").equals("PASS");
            }
            List<Map<String, Object>> controls = new ArrayList<>();
            if (cellOptions.shard.index() == 0) {
                ServerConfig dmp = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
                controls.add(explore(-1, new RemoteLogSubject(new Recipe(PrimaryOp.WRITE, UpdateKind.SINGLETON, Method.COMPLETION)),
                        dmp, Transport.IB, b, true));
                Progress.step(bar);
                ServerConfig mhp = ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB");
                controls.add(explore(-2, new InPlaceSubject(Recipes.paper(mhp, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON)),
                        mhp, Transport.IB, b, true));
                Progress.step(bar);
            }
            for (Map<String, Object> c : controls) {
                states += (Long) c.get("crashStates");
                pass &= c.get("verdict").equals("CAUGHT");
            }
            record StoreCell(int index, KvProtocol protocol, ServerConfig config, Transport transport) {
            }
            List<StoreCell> storeCells = new ArrayList<>();
            int storeIndex = 0;
            for (KvProtocol protocol : protocols == null ? List.of(KvProtocol.values()) : protocols) {
                if (!protocol.recoverable()) {
                    continue; // a protocol without crash recovery has nothing to check here
                }
                for (ServerConfig c : ServerConfig.all()) {
                    for (Transport t : Transport.values()) {
                        int index = storeIndex++;
                        if (cellOptions.shard.takes(index) && (cellOptions.configs == null || cellOptions.configs.contains(c))
                                && (cellOptions.transports == null || cellOptions.transports.contains(t))) {
                            storeCells.add(new StoreCell(index, protocol, c, t));
                        }
                    }
                }
            }
            List<Map<String, Object>> stores = Parallel.map(storeCells, sc -> exploreStore(sc.index(), sc.protocol(), sc.config(), sc.transport(), b),
                    () -> { });
            for (Map<String, Object> row : stores) {
                states += (Long) row.get("crashStates");
                pass &= row.get("verdict").equals("PASS");
            }
            long wallNanos = System.nanoTime() - wallStart;
            print(rows, controls, stores, pass, states, wallNanos);
        }
        return pass ? 0 : 1;
    }

    /** The properties reported per store: the explorer's, then the history checks' (durable linearizability). */
    static final List<String> STORE_INVARIANTS = java.util.stream.Stream.concat(
            java.util.stream.Stream.of("RDA", "DURABILITY", "MONOTONIC_READS", "CONSISTENT_VERSION"), Explorer.historyInvariants().stream()).toList();

    /** Two clients racing on two keys: puts, overwrites and reads before the crash. */
    static final Program STORE_PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1), Op.get(2)),
            List.of(Op.get(1), Op.put(1, 3), Op.get(2), Op.put(2, 2))));

    private Map<String, Object> exploreStore(int index, KvProtocol protocol, ServerConfig config, Transport transport, Budget b) {
        KvSubject subject = new KvSubject(protocol);
        Explorer.Report r = Explorer.explore(subject, new Scenario(subject.name(), config, transport, common.seed, STORE_PROGRAM), b);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("storeCell", index);
        row.put("protocol", protocol.cliName());
        row.put("config", config.name());
        row.put("transport", transport.name());
        row.put("crashPoints", r.crashPoints());
        row.put("crashStates", r.crashStates());
        Map<String, Object> properties = new LinkedHashMap<>();
        for (String invariant : STORE_INVARIANTS) {
            boolean claimed = Explorer.isClaimed(subject.claims(config), invariant);
            long failing = r.statesByInvariant().getOrDefault(invariant, 0L);
            properties.put(invariant, claimed ? (failing == 0 ? "PASS" : "FAIL") : (failing == 0 ? "none found" : "finding"));
            if (failing > 0) {
                properties.put(invariant + "States", failing);
            }
        }
        row.put("properties", properties);
        row.put("verdict", r.passed() ? "PASS" : "FAIL");
        List<Map<String, Object>> examples = new ArrayList<>();
        List<Violation> all = new ArrayList<>(r.violations());
        all.addAll(r.findings());
        for (Violation v : all) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("invariant", v.invariant());
            e.put("claimed", Explorer.isClaimed(subject.claims(config), v.invariant()));
            e.put("detail", v.detail());
            e.put("replay", v.replayCommand());
            if (v.invariant().equals(io.rdasuite.linearizability.crash.CrashHistoryCheck.INVARIANT)) {
                e.put("timeline", timeline(v.token()));
            }
            examples.add(e);
        }
        row.put("examples", examples);
        return row;
    }

    /** Where a linearizability failure's HTML timeline went (rda-report/), or why it could not be written. */
    private static String timeline(String token) {
        try {
            java.nio.file.Path file = io.rdasuite.linearizability.crash.CrashTimelines.write(token, java.nio.file.Path.of("rda-report"));
            return file == null ? "(the state's history is linearizable on a re-run)" : file.toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "(no timeline: " + e.getMessage() + ")";
        }
    }

    private Map<String, Object> explore(int index, Subject subject, ServerConfig config, Transport transport, Budget b, boolean control) {
        Program program = control && subject instanceof InPlaceSubject
                ? Program.of(List.of(Op.put(1, 1), Op.put(1, 2))) : Program.sequentialPuts(appends);
        Scenario scenario = new Scenario(subject.name(), config, transport, common.seed, program);
        Explorer.Report r = Explorer.explore(subject, scenario, b);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("cell", index);
        row.put("subject", subject.name());
        row.put("config", config.name());
        row.put("transport", transport.name());
        if (subject instanceof RemoteLogSubject log) {
            row.put("op", log.recipe().op().name());
            row.put("update", log.recipe().update().label());
            row.put("recipe", log.recipe().steps());
        }
        row.put("events", r.events());
        row.put("crashPoints", r.crashPoints());
        row.put("crashStates", r.crashStates());
        row.put("violations", r.violatingStates());
        row.put("verdict", control ? (r.passed() ? "MISSED" : "CAUGHT") : (r.passed() ? "PASS" : "FAIL"));
        if (control) {
            row.put("caughtBy", List.copyOf(r.statesByInvariant().keySet()));
        }
        if (!r.passed()) {
            Violation shrunk = Shrinker.shrink(subject, r.violations().getFirst(), b);
            Map<String, Object> cx = new LinkedHashMap<>();
            cx.put("invariant", shrunk.invariant());
            cx.put("detail", shrunk.detail());
            cx.put("operations", shrunk.scenario().program().size());
            cx.put("crashEvent", shrunk.crashEvent());
            cx.put("replay", shrunk.replayCommand());
            cx.put("trace", shrunk.trace());
            if (r.statesByInvariant().containsKey(io.rdasuite.linearizability.crash.CrashHistoryCheck.INVARIANT)) {
                cx.put("timeline", timeline(shrunk.token()));
            }
            row.put("counterexample", cx);
        }
        return row;
    }

    @SuppressWarnings("unchecked")
    private void print(List<Map<String, Object>> rows, List<Map<String, Object>> controls, List<Map<String, Object>> stores, boolean pass,
                       long states, long wallNanos) {
        PrintWriter out = spec.commandLine().getOut();
        double perSecond = states / Math.max(1e-9, wallNanos / 1e9);
        if (common.json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "check");
            doc.put("seed", common.seed);
            doc.put("shard", cellOptions.shard.index() + "/" + cellOptions.shard.count());
            doc.put("verdict", pass ? "PASS" : "FAIL");
            doc.put("crashStates", states);
            doc.put("results", rows);
            doc.put("controls", controls);
            doc.put("stores", stores);
            doc.put("wallMillis", wallNanos / 1_000_000);
            doc.put("statesPerSecond", Math.round(perSecond));
            out.println(Json.write(doc));
            out.flush();
            return;
        }
        out.println("REMOTELOG appends (" + appends + " x 64 B) under power failures; recipes of paper 003 Tables 2-3");
        out.printf("%-22s %-5s %-9s %-9s %-22s %6s %7s %5s %s%n", "CONFIG", "TRANS", "OP", "UPDATE", "METHOD", "POINTS", "STATES", "VIOL", "VERDICT");
        for (Map<String, Object> r : rows) {
            String subject = (String) r.get("subject");
            out.printf("%-22s %-5s %-9s %-9s %-22s %6d %7d %5d %s%n", r.get("config"), r.get("transport"), r.get("op"), r.get("update"),
                    subject.substring(subject.lastIndexOf('/') + 1), r.get("crashPoints"), r.get("crashStates"), r.get("violations"), r.get("verdict"));
        }
        if (!controls.isEmpty()) {
            out.println("negative controls (each must be CAUGHT):");
            for (Map<String, Object> c : controls) {
                out.printf("  %-40s %-22s %7d states %5d violating  %s%s%n", c.get("subject"), c.get("config"), c.get("crashStates"),
                        c.get("violations"), c.get("verdict"), ((List<String>) c.get("caughtBy")).isEmpty() ? "" : " by " + String.join(", ", (List<String>) c.get("caughtBy")));
            }
        }
        if (!stores.isEmpty()) {
            out.println("key-value stores under power failures (claimed: PASS/FAIL; unclaimed: finding or none found):");
            out.printf("  %-6s %-22s %-5s %7s ", "STORE", "CONFIG", "TRANS", "STATES");
            STORE_INVARIANTS.forEach(i -> out.printf(" %-" + Math.max(10, i.length()) + "s", i));
            out.println();
            for (Map<String, Object> r : stores) {
                Map<String, Object> p = (Map<String, Object>) r.get("properties");
                out.printf("  %-6s %-22s %-5s %7d ", r.get("protocol"), r.get("config"), r.get("transport"), r.get("crashStates"));
                STORE_INVARIANTS.forEach(i -> out.printf(" %-" + Math.max(10, i.length()) + "s", p.get(i)));
                out.println();
            }
            for (Map<String, Object> r : stores) {
                for (Map<String, Object> e : (List<Map<String, Object>>) r.get("examples")) {
                    if ((Boolean) e.get("claimed")) {
                        out.println("  VIOLATION (" + r.get("protocol") + ", " + r.get("config") + ", " + r.get("transport") + "): " + e.get("invariant")
                                + " - " + e.get("detail") + "\n    " + e.get("replay") + (e.containsKey("timeline") ? "\n    timeline: " + e.get("timeline") : ""));
                    }
                }
            }
            for (Map<String, Object> r : stores) {
                for (Map<String, Object> e : (List<Map<String, Object>>) r.get("examples")) {
                    if (!(Boolean) e.get("claimed") && r.get("config").equals("DMP+DDIO+DRAM-RQWRB") && r.get("transport").equals("IB")) {
                        out.println("  expected finding (" + r.get("protocol") + ", " + r.get("config") + "): " + e.get("invariant") + " - "
                                + e.get("detail") + "\n    " + e.get("replay") + (e.containsKey("timeline") ? "\n    timeline: " + e.get("timeline") : ""));
                    }
                }
            }
        }
        List<Map<String, Object>> all = new ArrayList<>(rows);
        all.addAll(controls);
        for (Map<String, Object> r : all) {
            Map<String, Object> cx = (Map<String, Object>) r.get("counterexample");
            if (cx != null) {
                out.println("counterexample for " + r.get("subject") + " on " + r.get("config") + "/" + r.get("transport") + ": "
                        + cx.get("invariant") + " - " + cx.get("detail"));
                out.println("  shrunk to " + cx.get("operations") + " operation(s), power failure before event " + cx.get("crashEvent"));
                for (String line : (List<String>) cx.get("trace")) {
                    out.println("    " + line);
                }
                out.println("  " + cx.get("replay"));
                if (cx.containsKey("timeline")) {
                    out.println("  history timeline: " + cx.get("timeline"));
                }
            }
        }
        out.printf("verdict: %s   %,d crash states in %.1f s (%,.0f states/s); seed %d, shard %d/%d%n", pass ? "PASS" : "FAIL", states,
                wallNanos / 1e9, perSecond, common.seed, cellOptions.shard.index(), cellOptions.shard.count());
        out.flush();
    }
}
