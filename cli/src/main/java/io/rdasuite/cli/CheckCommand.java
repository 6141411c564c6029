package io.rdasuite.cli;

import io.rdasuite.crashsim.AppendDurabilityCheck;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.WriteMethod;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rda check}: for each server configuration × transport, REMOTELOG singleton appends persisted by
 * paper 003 Table 2's WRITE recipe, under power failures at sampled events and every post-crash image the
 * simulator allows (bounded); beside it, the same appends with WRITE alone (no persistence step), which
 * should lose data everywhere except WSP on IB.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check remote persistence under power failures, per server configuration (simulator).")
final class CheckCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", split = ",", converter = Converters.Config.class,
            description = "Server configurations, e.g. DMP+DDIO+DRAM-RQWRB (default: all 12).")
    List<ServerConfig> configs;

    @Option(names = "--transport", split = ",", converter = Converters.TransportName.class,
            description = "Transports: IB, IWARP (default: both).")
    List<Transport> transports;

    @Option(names = "--appends", defaultValue = "6", description = "Log appends per run (default: ${DEFAULT-VALUE}).")
    int appends;

    @Option(names = "--crash-points", defaultValue = "300",
            description = "Crash points per run: every event when the run has fewer (default: ${DEFAULT-VALUE}).")
    int crashPoints;

    @Option(names = "--images", defaultValue = "64",
            description = "Post-crash images per crash point: all when fewer (default: ${DEFAULT-VALUE}).")
    int images;

    @Option(names = "--timings", defaultValue = "4",
            description = "Timing variants (seeds derived from --seed) per cell: NIC/PCIe stalls and jitter differ"
                    + " (default: ${DEFAULT-VALUE}).")
    int timings;

    @Override
    public Integer call() {
        List<ServerConfig> cs = configs == null ? ServerConfig.all() : configs;
        List<Transport> ts = transports == null ? List.of(Transport.values()) : transports;
        if (appends < 1 || crashPoints < 1 || images < 1 || timings < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--appends, --crash-points, --images and --timings must be positive");
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        boolean allPassed = true;
        long wallStart = System.nanoTime();
        try (ProgressBar bar = progress(cs.size() * ts.size())) {
            for (ServerConfig c : cs) {
                for (Transport t : ts) {
                    WriteMethod paper = WriteMethod.forConfig(c, t);
                    AppendDurabilityCheck.Result recipe = AppendDurabilityCheck.run(
                            new AppendDurabilityCheck.Spec(c, t, paper, appends, crashPoints, images, timings, common.seed));
                    AppendDurabilityCheck.Result alone = AppendDurabilityCheck.run(
                            new AppendDurabilityCheck.Spec(c, t, WriteMethod.WRITE_ONLY, appends, crashPoints, images, timings, common.seed));
                    allPassed &= recipe.passed();
                    rows.add(row(recipe, alone));
                    if (bar != null) {
                        bar.step();
                    }
                }
            }
        }
        long wallNanos = System.nanoTime() - wallStart;
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "check");
            doc.put("seed", common.seed);
            doc.put("verdict", allPassed ? "PASS" : "FAIL");
            doc.put("results", rows);
            doc.put("wallMillis", wallNanos / 1_000_000);
            out.println(Json.write(doc));
        } else {
            printTable(out, rows, allPassed, wallNanos);
        }
        out.flush();
        return allPassed ? 0 : 1;
    }

    private ProgressBar progress(int cells) {
        if (common.json || System.console() == null) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName("check").setInitialMax(cells).setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err)).build();
    }

    private static Map<String, Object> row(AppendDurabilityCheck.Result recipe, AppendDurabilityCheck.Result alone) {
        Map<String, Object> r = new LinkedHashMap<>();
        AppendDurabilityCheck.Spec s = recipe.spec();
        r.put("config", s.config().name());
        r.put("transport", s.transport().name());
        r.put("method", s.method().name());
        r.put("recipe", s.method().steps());
        r.put("oneSided", !s.method().twoSided());
        r.put("verdict", recipe.passed() ? "PASS" : "FAIL");
        r.put("events", recipe.events());
        r.put("crashPoints", recipe.crashPoints());
        r.put("crashStates", recipe.crashStates());
        r.put("violations", recipe.violatingStates());
        r.put("meanAppendNs", recipe.meanAppendNs());
        r.put("firstViolation", recipe.firstViolation());
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("crashStates", alone.crashStates());
        w.put("violations", alone.violatingStates());
        w.put("meanAppendNs", alone.meanAppendNs());
        w.put("firstViolation", alone.firstViolation());
        r.put("writeAlone", w);
        return r;
    }

    @SuppressWarnings("unchecked")
    private void printTable(PrintWriter out, List<Map<String, Object>> rows, boolean allPassed, long wallNanos) {
        out.println("REMOTELOG singleton appends (" + appends + " x 64 B) under power failures; recipe = paper 003 Table 2, WRITE column");
        out.printf("%-22s %-6s %-22s %7s %7s %5s %7s | %-22s%n", "CONFIG", "TRANS", "METHOD", "POINTS", "STATES", "VIOL", "VERDICT", "WRITE ALONE");
        for (Map<String, Object> r : rows) {
            Map<String, Object> w = (Map<String, Object>) r.get("writeAlone");
            long lost = (Long) w.get("violations");
            String alone = lost == 0 ? "no loss found" : "LOSES DATA (" + lost + "/" + w.get("crashStates") + " states)";
            out.printf("%-22s %-6s %-22s %7d %7d %5d %7s | %-22s%n", r.get("config"), r.get("transport"), r.get("method"),
                    r.get("crashPoints"), r.get("crashStates"), r.get("violations"), r.get("verdict"), alone);
        }
        for (Map<String, Object> r : rows) {
            if (r.get("firstViolation") != null) {
                out.println("FAIL " + r.get("config") + " " + r.get("transport") + ": " + r.get("firstViolation"));
            }
        }
        out.printf("verdict: %s   (seed %d; reproduce with: rda check --seed %d; %.1f s)%n", allPassed ? "PASS" : "FAIL",
                common.seed, common.seed, wallNanos / 1e9);
    }
}
