package io.rdasuite.cli;

import io.rdasuite.bench.fidelity.ModelCause;
import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.bench.fidelity.PhysicalBound;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code rda bench fidelity} (issue 32, item 4): every figure and table the project models, run once, each of the papers'
 * claims beside the model's figure with the band it is judged by, a named model cause for each difference
 * ({@link ModelCause}; "unexplained" where none is known), and the physical bounds (links, PM) every run's figures must
 * respect. Exit 0 when every bound holds and every difference has a cause, 1 otherwise.
 */
@Command(name = "fidelity", mixinStandardHelpOptions = true,
        description = {"Every paper figure and table the model reproduces, in one run: per claim the paper's figure, ours, their ratio,",
                "the tolerance, agrees or differs, and the model's cause of each difference; and the physical bounds (links, PM",
                "bandwidth) every bench's figures must respect. Exit 1 when a bound breaks or a difference has no named cause."})
final class FidelityCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    ReportOption report;

    @Spec
    CommandSpec spec;

    @Option(names = "--only", split = ",", paramLabel = "SOURCE",
            description = "Run only these sources: erda, efactory, remotelog, taxonomy, nessie, thdpms (default: all).")
    List<String> only;

    @Option(names = "--quick", description = "Fewer operations per run (for tests): faster, and verdicts may differ from the full run's.")
    boolean quick;

    @Override
    public Integer call() {
        List<String> sources = only == null ? FidelityRuns.SOURCES : only;
        for (String s : sources) {
            if (!FidelityRuns.SOURCES.contains(s)) {
                throw new ParameterException(spec.commandLine(), "--only: unknown source '" + s + "'; valid: " + String.join(", ", FidelityRuns.SOURCES));
            }
        }
        FidelityRuns runs = new FidelityRuns(common.seed, quick);
        List<FidelityRuns.Part> parts = new ArrayList<>();
        long start = System.nanoTime();
        try (ProgressBar bar = Progress.bar("fidelity", "sources", sources.size(), common.json)) {
            for (String s : sources) {
                parts.add(runs.run(s, step -> {
                    if (bar != null) {
                        bar.setExtraMessage(step);
                    }
                }));
                Progress.step(bar);
            }
        }
        List<Map<String, Object>> claims = new ArrayList<>();
        List<Map<String, Object>> bounds = new ArrayList<>();
        for (FidelityRuns.Part p : parts) {
            p.claims().forEach(c -> claims.add(row(p.name(), c)));
            p.bounds().forEach(b -> bounds.add(row(p.name(), b)));
        }
        List<PaperClaim> differing = parts.stream().flatMap(p -> p.claims().stream()).filter(c -> !c.agrees()).toList();
        long differs = differing.size();
        long unexplained = differing.stream().filter(c -> ModelCause.of(c).isEmpty()).count();
        long broken = parts.stream().flatMap(p -> p.bounds().stream()).filter(b -> !b.holds()).count();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("command", "bench fidelity");
        doc.put("seed", common.seed);
        doc.put("quick", quick);
        doc.put("sources", sources);
        doc.put("agree", claims.size() - differs);
        doc.put("differExplained", differs - unexplained);
        doc.put("differUnexplained", unexplained);
        doc.put("boundsBroken", broken);
        doc.put("claims", claims);
        doc.put("bounds", bounds);
        doc.put("wallSeconds", Math.round((System.nanoTime() - start) / 1e7) / 100.0);
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            out.println(Json.write(doc));
        } else {
            print(out, parts, doc);
        }
        report.write(spec, doc);
        out.flush();
        return unexplained == 0 && broken == 0 ? 0 : 1;
    }

    /** One claim as the JSON's {@code claims} list holds it. */
    static Map<String, Object> row(String source, PaperClaim c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        m.put("figure", c.figure());
        m.put("claim", c.claim());
        m.put("measure", c.measure());
        m.put("paper", finite(c.paper()));
        m.put("measured", finite(c.measured()));
        m.put("ratio", finite(c.ratio()));
        m.put("tolerance", c.tolerance());
        m.put("verdict", c.verdict());
        java.util.Optional<ModelCause> cause = ModelCause.of(c);
        m.put("cause", c.agrees() ? null : cause.map(Enum::name).orElse("unexplained"));
        m.put("explanation", cause.map(ModelCause::explanation).orElse(null));
        return m;
    }

    private static Map<String, Object> row(String source, PhysicalBound b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        m.put("figure", b.figure());
        m.put("limit", b.limit());
        m.put("value", b.value());
        m.put("bound", b.bound());
        m.put("unit", b.unit());
        m.put("holds", b.holds());
        return m;
    }

    /** A number JSON can hold (null for NaN, a paper that gives no figure), rounded to 4 decimals. */
    private static Double finite(double x) {
        return Double.isNaN(x) || Double.isInfinite(x) ? null : Math.round(x * 1e4) / 1e4;
    }

    private static void print(PrintWriter out, List<FidelityRuns.Part> parts, Map<String, Object> doc) {
        out.printf("Fidelity: the papers' claims against the model (seed %s%s)%n", doc.get("seed"), (Boolean) doc.get("quick") ? ", quick" : "");
        for (FidelityRuns.Part p : parts) {
            out.printf("%n== %s ==%n", p.name());
            for (PaperClaim c : p.claims()) {
                out.printf(Locale.ROOT, "  %-8s %s: %s%n           paper %s, measured %s, ratio %s, tolerance %s (%s)%n", c.verdict(), c.figure(), c.claim(),
                        num(c.paper()), num(c.measured()), num(c.ratio()), c.tolerance(), c.measure());
                if (!c.agrees()) {
                    out.println("           cause: " + ModelCause.of(c).map(m -> m.name() + ": " + m.explanation()).orElse("UNEXPLAINED"));
                }
            }
            for (PhysicalBound b : p.bounds()) {
                if (!b.holds()) {
                    out.println("  BOUND BROKEN " + b);
                }
            }
            out.printf("  %d bounds checked, %d broken%n", p.bounds().size(), p.bounds().stream().filter(b -> !b.holds()).count());
        }
        out.printf("%n%s claims agree, %s differ with a named cause, %s differ unexplained; %s physical bounds broken%n", doc.get("agree"),
                doc.get("differExplained"), doc.get("differUnexplained"), doc.get("boundsBroken"));
    }

    private static String num(double x) {
        return Double.isNaN(x) ? "-" : Double.isInfinite(x) ? (x > 0 ? "inf" : "-inf") : String.format(Locale.ROOT, "%.3g", x);
    }
}
