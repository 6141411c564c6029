package io.rdasuite.cli;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.fuzz.FuzzCampaign;
import io.rdasuite.crashsim.fuzz.FuzzCase;
import io.rdasuite.crashsim.fuzz.FuzzCorpus;
import io.rdasuite.crashsim.fuzz.FuzzExplorer;
import io.rdasuite.crashsim.fuzz.FuzzTarget;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.protocol.Plants;
import io.rdasuite.store.mutation.PlantedBugs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rda fuzz}: a property-based fuzzing campaign (DESIGN §5) over the key-value stores, REMOTELOG (paper 003
 * §4.1) and, when asked for, the in-place control: random programs and fault schedules, a few crash states each,
 * every invariant checked; failures shrunk, replayable ({@code rda replay rdaf2.…}) and kept in a corpus that the
 * next campaign replays first.
 */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
        description = "Fuzz the stores under crashes: random programs and fault schedules, shrunk failures, a corpus (simulator).")
final class FuzzCommand implements Callable<Integer> {
    /** Runs when neither --runs nor --time is given. */
    static final long DEFAULT_RUNS = 200;
    private static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;

    @Mixin
    CommonOptions common;

    @Mixin
    ClasspathOption classpath;

    @Mixin
    ReportOption report;

    @Spec
    CommandSpec spec;

    @Option(names = "--protocols", split = ",", paramLabel = "LIST",
            description = "Stores to draw from: the key-value protocols, remotelog, and inplace (the negative control; not by default)."
                    + " Default: every recoverable key-value protocol and remotelog.")
    List<String> protocols;

    @Option(names = "--runs", paramLabel = "N", description = "Runs (default: " + DEFAULT_RUNS + ", or unlimited with --time).")
    Long runs;

    @Option(names = "--time", paramLabel = "DURATION", description = "Stop after this wall time, e.g. 30s, 10m, 1h (checked between batches of runs).")
    String time;

    @Option(names = "--corpus", paramLabel = "DIR", defaultValue = ".rda/fuzz-corpus",
            description = "Where failures are saved and replayed from at the start (default: ${DEFAULT-VALUE}).")
    Path corpus;

    @Option(names = "--plant", paramLabel = "NAME", defaultValue = "none",
            description = "Run with a planted bug switched on (the mutation catalogue, or a store of one's own plants; default: ${DEFAULT-VALUE}).")
    String plant;

    @Option(names = "--budget", defaultValue = "1.0",
            description = "Scales the crash points (8) and images per point (4) of each run (default: ${DEFAULT-VALUE}).")
    double budget;

    @Option(names = "--shrink", defaultValue = "3", paramLabel = "N",
            description = "How many distinct failures (store x invariant) to shrink (default: ${DEFAULT-VALUE}).")
    int shrink;

    @Option(names = "--shard", defaultValue = "0/1", converter = Cells.ShardConverter.class, paramLabel = "i/N",
            description = "Shard i of a campaign of N machines: each shard runs its own stream of cases drawn from --seed and i;"
                    + " rda merge joins the N results (default: ${DEFAULT-VALUE}, the unsharded stream of --seed).")
    Cells.Shard shard;

    /** Per run at --budget 1: 8 crash points, 4 post-crash images per point. */
    static final Budget BASE_BUDGET = new Budget(8, 4, 1);

    @Override
    public Integer call() throws IOException {
        List<FuzzTarget> targets;
        Plant bug;
        long timeLimitNanos;
        try {
            targets = protocols == null ? FuzzTarget.defaults() : FuzzTarget.parse(protocols);
            bug = Plants.parse(plant);
            timeLimitNanos = time == null ? -1 : parseDuration(time);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if ((runs != null && runs < 0) || !(budget > 0) || shrink < 0) {
            throw new ParameterException(spec.commandLine(), "--runs must be >= 0, --budget positive and --shrink >= 0");
        }
        long runCount = runs != null ? runs : time != null ? Long.MAX_VALUE : DEFAULT_RUNS;
        PlantedBugs.plant(bug);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long wallStart = System.nanoTime();

        Interrupts.install();
        List<FuzzCorpus.Replayed> replayed = new ArrayList<>();
        List<String> otherStores = new ArrayList<>();
        List<String> storeNames = targets.stream().map(FuzzTarget::name).toList();
        for (FuzzCorpus.Entry e : FuzzCorpus.load(corpus)) {
            String store = FuzzCorpus.store(e);
            if (store != null && !storeNames.contains(store)) {
                otherStores.add(e.file().getFileName() + " (" + store + ")");
                continue;
            }
            FuzzCorpus.Replayed x = FuzzCorpus.replay(e);
            if (x.error() == null && !x.stillFails()) {
                FuzzCorpus.drop(e);
            }
            replayed.add(x);
        }
        PlantedBugs.plant(bug); // replaying plants each entry's own bug; the campaign runs with this one
        boolean corpusFails = replayed.stream().anyMatch(FuzzCorpus.Replayed::stillFails);
        if (!common.json) {
            out.println("rda fuzz: seed " + common.seed + ", " + (runs != null ? runs + " runs" : time != null ? "for " + time : DEFAULT_RUNS + " runs")
                    + ", stores " + String.join(",", targets.stream().map(FuzzTarget::name).toList()) + (bug == Plant.NONE ? "" : ", planted bug " + bug.cliName()));
            printCorpus(out, replayed, otherStores);
            out.flush();
        }

        Budget b = BASE_BUDGET.scaled(budget);
        FuzzCampaign.Options options = new FuzzCampaign.Options(targets, FuzzCampaign.shardSeed(common.seed, shard.index(), shard.count()), runCount, new Budget(b.crashPoints(), b.imagesPerPoint(), 1),
                Runtime.getRuntime().availableProcessors(), shrink, System::nanoTime);
        long[] lastLine = {System.nanoTime()};
        FuzzCampaign.Result r;
        try (ProgressBar bar = Progress.bar("fuzz", "runs", runCount == Long.MAX_VALUE ? -1 : runCount, common.json)) {
            r = FuzzCampaign.run(options, () -> timeLimitNanos >= 0 && System.nanoTime() - wallStart >= timeLimitNanos, Interrupts::requested, p -> {
                double perSecond = p.runs() / Math.max(1e-9, (System.nanoTime() - wallStart) / 1e9);
                String line = String.format(Locale.ROOT, "%,d runs, %,d crash states, %,d findings, %,d failures, %,d new coverage (%,d signatures), %.1f runs/s",
                        p.runs(), p.crashStates(), p.findingStates(), p.failingRuns(), p.newCoverageRuns(), p.signatures(), perSecond);
                if (bar != null) {
                    bar.stepTo(p.runs());
                    bar.setExtraMessage(String.format(Locale.ROOT, "%,d failures, %,d states, %,d findings, %,d new coverage", p.failingRuns(), p.crashStates(),
                            p.findingStates(), p.newCoverageRuns()));
                } else if (System.nanoTime() - lastLine[0] >= PROGRESS_EVERY_NANOS) {
                    lastLine[0] = System.nanoTime();
                    err.println("fuzz: " + line);
                    err.flush();
                }
            });
        }
        long wallNanos = System.nanoTime() - wallStart;
        List<String> saved = new ArrayList<>();
        for (FuzzCampaign.FoundFailure f : r.failures()) {
            FuzzExplorer.Failure s = f.shrunk() != null ? f.shrunk() : f.found();
            saved.add(FuzzCorpus.save(corpus, s.token(bug), List.of(s.fuzzCase().scenario().subject() + " " + s.fuzzCase().scenario().config().name() + " "
                    + s.fuzzCase().scenario().transport().name() + ": " + s.invariant() + " - " + s.detail(), "found by rda fuzz --seed " + common.seed
                    + (shard.count() == 1 ? "" : " --shard " + shard.index() + "/" + shard.count()) + " (run " + f.run() + ")"
                    + (bug == Plant.NONE ? "" : " --plant " + bug.cliName()))).toString());
        }
        boolean pass = r.passed() && !corpusFails;
        String stoppedBy = Interrupts.requested() ? Interrupts.signal() : null;
        List<String> timelines = new ArrayList<>();
        for (FuzzCampaign.FoundFailure f : r.failures()) {
            timelines.add(f.shrunk() == null || stoppedBy != null ? null : timeline(f.shrunk(), bug));
        }
        if (common.json || report.wanted()) {
            Map<String, Object> doc = json(r, replayed, saved, timelines, targets, bug, pass, wallNanos);
            doc.put("campaign", campaign(targets, bug, runCount).toJson());
            if (stoppedBy != null) {
                doc.put("verdict", pass ? "PARTIAL" : "FAIL");
                doc.put("interrupted", Map.of("signal", stoppedBy, "runsDone", r.runs()));
            }
            if (common.json) {
                out.println(Json.write(doc));
            }
            if (report.wanted()) {
                report.write(spec, reportExtras(doc, r, bug, stoppedBy != null));
            }
        }
        if (!common.json) {
            print(out, r, saved, timelines, pass, wallNanos, bug, stoppedBy);
        }
        out.flush();
        if (stoppedBy != null) {
            err.println("rda fuzz: stopped by " + stoppedBy + " after " + r.runs() + " runs; failures found so far are saved unshrunk in " + corpus);
            err.flush();
            return Interrupts.EXIT_INTERRUPTED;
        }
        return pass ? 0 : 1;
    }

    /**
     * The HTML timeline of a shrunk failure's history (its crash state re-run), in the report's {@code timelines/} with
     * {@code --report}, else none (null); a line saying why when it cannot be drawn.
     */
    private String timeline(FuzzExplorer.Failure shrunk, Plant bug) {
        if (!report.wanted()) {
            return null; // no --report: no file (docs/COMMANDS.md, "The contract")
        }
        Path dir = report.dir.resolve("timelines");
        try {
            return io.rdasuite.linearizability.crash.CrashTimelines.writeFuzz(shrunk.token(bug), shrunk.invariant() + " - " + shrunk.detail(), dir).toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "(no timeline: " + e.getMessage() + ")";
        }
    }

    /**
     * The report's copy of the JSON with what only the report draws (the printed JSON stays as it was): the coverage
     * growth after each batch of runs, and per unclaimed finding (store × invariant) its first failing state with its
     * replay line and timeline.
     */
    private Map<String, Object> reportExtras(Map<String, Object> doc, FuzzCampaign.Result r, Plant bug, boolean stopped) {
        Map<String, Object> out = new LinkedHashMap<>(doc);
        List<Map<String, Object>> growth = new ArrayList<>();
        for (FuzzCampaign.Progress p : r.growth()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("runs", p.runs());
            m.put("signatures", p.signatures());
            m.put("newCoverageRuns", p.newCoverageRuns());
            m.put("failingRuns", p.failingRuns());
            m.put("crashStates", p.crashStates());
            growth.add(m);
        }
        out.put("coverageGrowth", growth);
        List<Map<String, Object>> examples = new ArrayList<>();
        r.findingExamples().forEach((key, f) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("key", key);
            m.put("subject", f.fuzzCase().scenario().subject());
            m.put("config", f.fuzzCase().scenario().config().name());
            m.put("transport", f.fuzzCase().scenario().transport().name());
            m.put("invariant", f.invariant().name());
            m.put("claim", f.invariant().claimText());
            m.put("detail", f.detail());
            m.put("operations", f.fuzzCase().size());
            m.put("program", programText(f.fuzzCase().program()));
            m.put("faults", f.fuzzCase().schedule().describe());
            m.put("crash", f.path().describe());
            if (!stopped) {
                m.put("timeline", timeline(f, bug));
            }
            m.put("replay", ClasspathOption.replayLine(f.token(bug)));
            examples.add(m);
        });
        out.put("findingExamples", examples);
        return out;
    }

    /** A program as the reports list it: per client, its operations ({@code put k1=2}, {@code get k1}). */
    private static List<List<String>> byClient(io.rdasuite.crashsim.Program p) {
        return p.clients().stream().map(ops -> ops.stream().map(StoreCells::describe).toList()).toList();
    }

    /** A program on one line: {@code [put k1=1, get k1] [put k2=3]}, a bracket per client. */
    private static String programText(io.rdasuite.crashsim.Program p) {
        return String.join(" ", byClient(p).stream().map(ops -> "[" + String.join(", ", ops) + "]").toList());
    }

    /** What this campaign was, for its JSON (see {@link Campaign}); the runs asked for are its budget's filter. */
    private Campaign campaign(List<FuzzTarget> targets, Plant bug, long runCount) {
        Map<String, String> filters = new LinkedHashMap<>();
        filters.put("protocols", String.join(",", targets.stream().map(FuzzTarget::name).toList()));
        filters.put("runs", runCount == Long.MAX_VALUE ? "unlimited" : Long.toString(runCount));
        filters.put("time", time == null ? "none" : time);
        filters.put("shrink", Integer.toString(shrink));
        filters.put("plant", bug.cliName());
        return Campaign.of(spec, filters, budget, common.seed, shard);
    }

    /** {@code 30s}, {@code 10m}, {@code 1h}, {@code 500ms}: a positive duration in nanoseconds. */
    static long parseDuration(String s) {
        Matcher m = Pattern.compile("(\\d+)(ms|s|m|h)").matcher(s.trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || Long.parseLong(m.group(1)) <= 0) {
            throw new IllegalArgumentException("--time '" + s + "' must be a positive number with a unit: ms, s, m or h (e.g. 30s, 10m)");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> n * 1_000_000L;
            case "s" -> n * 1_000_000_000L;
            case "m" -> n * 60_000_000_000L;
            default -> n * 3_600_000_000_000L;
        };
    }

    private void printCorpus(PrintWriter out, List<FuzzCorpus.Replayed> replayed, List<String> otherStores) {
        if (replayed.isEmpty() && otherStores.isEmpty()) {
            out.println("corpus " + corpus + ": empty");
            return;
        }
        long failing = replayed.stream().filter(FuzzCorpus.Replayed::stillFails).count();
        out.println("corpus " + corpus + ": " + replayed.size() + " saved failure(s) replayed, " + failing + " still fail(s)"
                + (otherStores.isEmpty() ? "" : ", " + otherStores.size() + " of other stores not replayed: " + String.join(", ", otherStores)));
        for (FuzzCorpus.Replayed x : replayed) {
            Path file = x.entry().file();
            if (x.error() != null) {
                out.println("  " + file.getFileName() + ": cannot be replayed by this build (" + x.error() + "); to clear it: rm " + file);
            } else if (x.stillFails()) {
                FuzzExplorer.Failure f = x.failures().stream().filter(FuzzExplorer.Failure::claimed).findFirst().orElseThrow();
                out.println("  " + file.getFileName() + ": STILL FAILS, " + f.fuzzCase().scenario().subject() + " on " + f.fuzzCase().scenario().config().name()
                        + "/" + f.fuzzCase().scenario().transport().name() + ": " + f.invariant() + " - " + f.detail());
                out.println("    replay: rda replay " + x.entry().token());
                out.println("    clear it (once the failure is understood): rm " + file);
            } else {
                out.println("  " + file.getFileName() + ": passes now, dropped from the corpus");
            }
        }
    }

    private void print(PrintWriter out, FuzzCampaign.Result r, List<String> saved, List<String> timelines, boolean pass, long wallNanos, Plant bug,
                       String stoppedBy) {
        out.printf(Locale.ROOT, "runs %,d (%.1f runs/s), crash states %,d, new coverage in %,d runs (%,d signatures; %,d of %,d mutant runs)%n", r.runs(),
                r.runs() / Math.max(1e-9, wallNanos / 1e9), r.crashStates(), r.newCoverageRuns(), r.signatures(), r.mutantNewCoverage(), r.mutantRuns());
        out.println("runs per store: " + r.runsPerTarget());
        out.println("faults that happened (runs): " + r.faultsFired());
        out.println("findings (unclaimed properties failing; states): " + (r.findings().isEmpty() ? "none" : r.findings()));
        if (r.errorRuns() > 0) {
            out.println("runs that could not be simulated: " + r.errorRuns());
            r.errors().forEach(e -> out.println("  " + e));
        }
        out.println("failures (claimed properties failing): " + r.failingRuns() + " run(s)");
        for (int i = 0; i < r.failures().size(); i++) {
            FuzzCampaign.FoundFailure f = r.failures().get(i);
            FuzzExplorer.Failure s = f.shrunk() != null ? f.shrunk() : f.found();
            FuzzCase c = s.fuzzCase();
            out.println("FAILURE (run " + f.run() + "): " + c.scenario().subject() + " on " + c.scenario().config() + "/" + c.scenario().transport() + ": "
                    + s.invariant() + " - " + s.detail());
            out.println("  breaks " + s.invariant().claimText() + " (claimed)");
            out.printf(Locale.ROOT, "  %s %d operation(s)%s%n", f.shrunk() != null ? String.format(Locale.ROOT, "shrunk in %d explorations (%.1f s) to", f.shrinkRuns(),
                    f.shrinkNanos() / 1e9) : "not shrunk (past --shrink):", c.size(), f.shrunk() != null ? " from " + f.found().fuzzCase().size() : "");
            out.println("  program: " + programText(c.program()) + (c.schedule().afterRecovery() == null ? ""
                    : "; after the first recovery: " + programText(c.schedule().afterRecovery())));
            out.println("  faults: " + c.schedule().describe());
            out.println("  crash: " + s.path().describe());
            s.crashPoint().forEach(line -> out.println("  at the crash: " + line));
            String timeline = timelines.get(i);
            if (timeline != null) {
                out.println("  history timeline: " + timeline);
            }
            if (!s.trace().isEmpty()) {
                out.println("  last events before the crash:");
                s.trace().forEach(l -> out.println("    " + l));
            }
            out.println("  rda replay " + s.token(bug));
            out.println("  saved: " + saved.get(i));
        }
        out.printf(Locale.ROOT, "verdict: %s%s%s   %,d runs, %,d crash states in %.1f s; seed %d%s%n", pass ? "PASS" : "FAIL",
                r.passed() && !pass ? " (saved failures of the corpus still fail)" : "",
                stoppedBy == null ? "" : " (partial: stopped by " + stoppedBy + " after " + r.runs() + " runs)", r.runs(), r.crashStates(),
                wallNanos / 1e9, common.seed, shard.count() == 1 ? "" : ", shard " + shard.index() + "/" + shard.count());
    }

    private Map<String, Object> json(FuzzCampaign.Result r, List<FuzzCorpus.Replayed> replayed, List<String> saved, List<String> timelines,
                                     List<FuzzTarget> targets,
                                     Plant bug, boolean pass, long wallNanos) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("command", "fuzz");
        doc.put("seed", common.seed);
        doc.put("stores", targets.stream().map(FuzzTarget::name).toList());
        doc.put("plant", bug.cliName());
        doc.put("verdict", pass ? "PASS" : "FAIL");
        doc.put("runs", r.runs());
        doc.put("crashStates", r.crashStates());
        doc.put("findingStates", r.findingStates());
        doc.put("failingRuns", r.failingRuns());
        doc.put("newCoverageRuns", r.newCoverageRuns());
        doc.put("signatures", r.signatures());
        doc.put("mutantRuns", r.mutantRuns());
        doc.put("mutantNewCoverageRuns", r.mutantNewCoverage());
        doc.put("runsPerStore", r.runsPerTarget());
        doc.put("faultsFired", r.faultsFired());
        doc.put("findings", r.findings());
        doc.put("errorRuns", r.errorRuns());
        doc.put("errors", r.errors());
        List<Map<String, Object>> failures = new ArrayList<>();
        for (int i = 0; i < r.failures().size(); i++) {
            FuzzCampaign.FoundFailure f = r.failures().get(i);
            FuzzExplorer.Failure s = f.shrunk() != null ? f.shrunk() : f.found();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("run", f.run());
            m.put("subject", s.fuzzCase().scenario().subject());
            m.put("config", s.fuzzCase().scenario().config().name());
            m.put("transport", s.fuzzCase().scenario().transport().name());
            m.put("invariant", s.invariant().name());
            m.put("claim", s.invariant().claimText());
            m.put("detail", s.detail());
            m.put("shrunk", f.shrunk() != null);
            m.put("operations", s.fuzzCase().size());
            m.put("operationsFound", f.found().fuzzCase().size());
            m.put("program", s.fuzzCase().program().encode());
            m.put("clients", s.fuzzCase().program().clients().size());
            m.put("programByClient", byClient(s.fuzzCase().program()));
            if (s.fuzzCase().schedule().afterRecovery() != null) {
                m.put("afterRecoveryByClient", byClient(s.fuzzCase().schedule().afterRecovery()));
            }
            m.put("faults", s.fuzzCase().schedule().describe());
            m.put("crash", s.path().describe());
            m.put("shrinkExplorations", f.shrinkRuns());
            m.put("wallShrinkMillis", f.shrinkNanos() / 1_000_000);
            m.put("crashPoint", s.crashPoint());
            m.put("trace", s.trace());
            if (timelines.get(i) != null) {
                m.put("timeline", timelines.get(i));
            }
            m.put("replay", ClasspathOption.replayLine(s.token(bug)));
            m.put("saved", saved.get(i));
            failures.add(m);
        }
        doc.put("failures", failures);
        List<Map<String, Object>> corpusRows = new ArrayList<>();
        for (FuzzCorpus.Replayed x : replayed) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", x.entry().file().getFileName().toString());
            m.put("stillFails", x.stillFails());
            m.put("failures", x.failures().stream().map(f -> f.invariant() + (f.claimed() ? "" : " (unclaimed)") + ": " + f.detail()).toList());
            if (x.error() != null) {
                m.put("error", x.error());
            }
            corpusRows.add(m);
        }
        Map<String, Object> corpusDoc = new LinkedHashMap<>();
        corpusDoc.put("dir", corpus.toString());
        corpusDoc.put("replayed", corpusRows);
        doc.put("corpus", corpusDoc);
        doc.put("wallMillis", wallNanos / 1_000_000);
        doc.put("runsPerSecond", Math.round(r.runs() / Math.max(1e-9, wallNanos / 1e9)));
        return doc;
    }
}
