package io.rdasuite.testkit;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Shrinker;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.fuzz.FuzzCampaign;
import io.rdasuite.crashsim.fuzz.FuzzCells;
import io.rdasuite.crashsim.fuzz.FuzzExplorer;
import io.rdasuite.crashsim.fuzz.FuzzTarget;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The crash explorer and the fuzzer on one {@link KvProtocol}, as a library call: what {@code rda check} does for
 * a shipped store's cells, for a store of one's own (registered through {@link io.rdasuite.store.protocol.KvProtocolFamily}
 * or not). Every claimed property ({@link KvProtocol#claims}) that fails is shrunk and reported with its trace and the
 * {@code rda replay} line; an unclaimed property that fails is a finding, never a failure.
 */
public final class StoreCheck {
    /**
     * Three clients racing on two keys (puts, overwrites, reads before the crash); key 1 has three writers at once, so
     * a crash can leave several pending records of one key. The program {@code rda check} explores every shipped store with.
     */
    public static final Program DEFAULT_PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1), Op.get(2)),
            List.of(Op.get(1), Op.put(1, 3), Op.get(2), Op.put(2, 2)),
            List.of(Op.put(1, 4), Op.get(1), Op.put(2, 3), Op.put(1, 5))));

    /** Distinct fuzz failures (property × store) shrunk, each with its trace; later ones are reported as found. */
    static final int FUZZ_SHRINK_LIMIT = 4;

    /** Per cell at budget 1, as {@code rda check --budget 1}: 150 crash points, 16 images per point, 4 timings. */
    public static final Budget BASE_BUDGET = new Budget(150, 16, 4);

    private StoreCheck() {
    }

    /**
     * What to explore.
     *
     * @param configs    server configurations (paper 003 §3: persistence domain, DDIO, where the request queue lives)
     * @param transports transports
     * @param budget     scales {@link #BASE_BUDGET} per cell
     * @param seed       the exploration's and the fuzzer's seed: the same seed gives the same verdict and the same trace
     * @param program    the clients' operations the explorer crashes
     * @param fuzzRuns   runs of the fuzzer (random programs, fault schedules: process crashes, crashes during recovery,
     *                   stalled threads, torn writes) after the exploration, on the same configurations and transports;
     *                   0: none
     */
    public record Settings(List<ServerConfig> configs, List<Transport> transports, double budget, long seed, Program program, long fuzzRuns) {
        public Settings {
            configs = List.copyOf(configs);
            transports = List.copyOf(transports);
            if (configs.isEmpty() || transports.isEmpty() || !(budget > 0) || fuzzRuns < 0) {
                throw new IllegalArgumentException("a check needs a configuration, a transport, a budget > 0 and fuzz runs >= 0");
            }
        }

        /** Every configuration, InfiniBand, budget 0.25, seed 1, {@link #DEFAULT_PROGRAM}, 100 fuzz runs. */
        public static Settings defaults() {
            return new Settings(ServerConfig.all(), List.of(Transport.IB), 0.25, 1, DEFAULT_PROGRAM, 100);
        }

        public Settings withConfigs(List<ServerConfig> c) {
            return new Settings(c, transports, budget, seed, program, fuzzRuns);
        }

        public Settings withTransports(List<Transport> t) {
            return new Settings(configs, t, budget, seed, program, fuzzRuns);
        }

        public Settings withBudget(double b) {
            return new Settings(configs, transports, b, seed, program, fuzzRuns);
        }

        public Settings withSeed(long s) {
            return new Settings(configs, transports, budget, s, program, fuzzRuns);
        }

        public Settings withProgram(Program p) {
            return new Settings(configs, transports, budget, seed, p, fuzzRuns);
        }

        public Settings withFuzzRuns(long runs) {
            return new Settings(configs, transports, budget, seed, program, runs);
        }
    }

    /** Explores every cell of {@code settings}, then fuzzes; see {@link StoreCheckReport}. */
    public static StoreCheckReport run(KvProtocol protocol, Settings settings) {
        if (!protocol.recoverable()) {
            throw new IllegalArgumentException(protocol.cliName() + " has no crash recovery (recoverable() is false): nothing to crash-check");
        }
        KvSubject subject = new KvSubject(protocol);
        List<StoreCheckReport.Cell> cells = new ArrayList<>();
        List<StoreCheckReport.Failure> failures = new ArrayList<>();
        explore(subject, protocol.getClass(), settings, cells, failures);
        long fuzzStates = 0;
        long fuzzRuns = 0;
        if (settings.fuzzRuns() > 0) {
            FuzzCampaign.Options options = new FuzzCampaign.Options(List.of(new FuzzTarget(protocol.cliName(), protocol)), settings.seed(),
                    settings.fuzzRuns(), FuzzCampaign.RUN_BUDGET, 1, FUZZ_SHRINK_LIMIT).withCells(new FuzzCells(settings.configs(), settings.transports()));
            FuzzCampaign.Result f = FuzzCampaign.run(options, () -> false, p -> { });
            fuzzStates = f.crashStates();
            fuzzRuns = f.runs();
            for (FuzzCampaign.FoundFailure found : f.failures()) {
                FuzzExplorer.Failure shown = found.shrunk() != null ? found.shrunk() : found.found();
                var scenario = shown.fuzzCase().scenario();
                String where = "fuzz run " + found.run() + ", " + scenario.config().name() + "/" + scenario.transport().name()
                        + (found.shrunk() != null ? "" : ", not shrunk: past the first " + FUZZ_SHRINK_LIMIT);
                failures.add(StoreCheckReport.Failure.of(protocol, where, shown));
            }
            if (!f.errors().isEmpty()) {
                failures.add(new StoreCheckReport.Failure("fuzz", "ERROR", "runs the simulator could not complete: " + f.errors(), List.of(), List.of(),
                        ""));
            }
        }
        return new StoreCheckReport(protocol.cliName(), List.copyOf(cells), fuzzRuns, fuzzStates, List.copyOf(failures));
    }

    /**
     * Explores a subject the explorer finds by name ({@link io.rdasuite.crashsim.SubjectFactory}, {@code
     * META-INF/services/io.rdasuite.crashsim.SubjectFactory}): a store that is not a single-server key-value protocol,
     * such as TH-DPMS's object store ({@code pdsm/objects}, with a planted bug {@code pdsm/objects/ack-before-flush}) or
     * a cluster of one's own. Every cell of {@code settings} is explored with the subject crashed as its scenario's
     * default target (every server loses power) and {@code settings.program()}; the fuzzer draws key-value stores only,
     * so {@code settings.fuzzRuns()} must be 0.
     */
    public static StoreCheckReport runSubject(String subjectName, Settings settings) {
        if (settings.fuzzRuns() != 0) {
            throw new IllegalArgumentException("the fuzzer draws key-value protocols only: check subject " + subjectName
                    + " with fuzzRuns = 0 (or register the store as a KvProtocol)");
        }
        io.rdasuite.crashsim.Subject subject = io.rdasuite.crashsim.Subjects.byName(subjectName);
        List<StoreCheckReport.Cell> cells = new ArrayList<>();
        List<StoreCheckReport.Failure> failures = new ArrayList<>();
        explore(subject, subject.getClass(), settings, cells, failures);
        return new StoreCheckReport(subject.name(), List.copyOf(cells), 0, 0, List.copyOf(failures));
    }

    /** Explores every cell of {@code settings}: each claimed property that fails, once per cell, shrunk. */
    private static void explore(io.rdasuite.crashsim.Subject subject, Class<?> storeClass, Settings settings, List<StoreCheckReport.Cell> cells,
                                List<StoreCheckReport.Failure> failures) {
        Budget budget = BASE_BUDGET.scaled(settings.budget());
        for (ServerConfig config : settings.configs()) {
            for (Transport transport : settings.transports()) {
                Scenario scenario = new Scenario(subject.name(), config, transport, settings.seed(), settings.program());
                Explorer.Report r = Explorer.explore(subject, scenario, budget);
                TreeSet<String> failed = new TreeSet<>();
                TreeSet<String> findings = new TreeSet<>();
                for (Violation v : r.violations()) {
                    if (failed.add(v.invariant().name())) {
                        Violation shrunk = Shrinker.shrink(subject, v, budget);
                        failures.add(StoreCheckReport.Failure.of(storeClass, config.name() + "/" + transport.name(), shrunk));
                    }
                }
                r.findings().forEach(v -> findings.add(v.invariant().name()));
                cells.add(new StoreCheckReport.Cell(config.name(), transport.name(), r.crashStates(), List.copyOf(failed), List.copyOf(findings)));
            }
        }
    }

    /**
     * Re-runs the crash state of a token a failure printed ({@code rda2.…} of the explorer, {@code rdaf2.…} of the
     * fuzzer), with the store's protocol on this class path: for each failing check a line {@code PROPERTY: detail},
     * then the simulator's trace before the crash, each of its lines indented by two blanks. Empty when the state now
     * passes every check (the store was fixed).
     */
    public static List<String> replay(String token) {
        List<String> out = new ArrayList<>();
        if (token.startsWith("rdaf")) {
            for (FuzzExplorer.Failure f : FuzzExplorer.replay(token)) {
                out.add(f.invariant().name() + ": " + f.detail());
                f.trace().forEach(line -> out.add("  " + line));
            }
        } else {
            for (Violation v : Explorer.replayAll(token)) {
                out.add(v.invariant().name() + ": " + v.detail());
                v.trace().forEach(line -> out.add("  " + line));
            }
        }
        return out;
    }

    /**
     * One fuzz case (from {@link StoreArbitraries#cases}) explored at {@code rda fuzz}'s per-run budget: the claimed
     * properties that failed in it, each with its replay line; empty when all held.
     */
    public static List<StoreCheckReport.Failure> explore(io.rdasuite.crashsim.fuzz.FuzzCase fuzzCase) {
        FuzzExplorer.RunReport r = FuzzExplorer.explore(fuzzCase, FuzzCampaign.RUN_BUDGET);
        if (r.error() != null) {
            throw new IllegalStateException("the simulator could not run the case: " + r.error());
        }
        KvProtocol protocol = io.rdasuite.store.protocol.KvProtocols.parse(fuzzCase.scenario().subject().substring(KvSubject.PREFIX.length() + 1));
        return r.failures().stream().map(f -> StoreCheckReport.Failure.of(protocol, "fuzz case", f)).toList();
    }

    /** The token of a fuzz failure, with the bug planted in this JVM (none for a user's store). */
    static String token(FuzzExplorer.Failure f) {
        return f.token(PlantedBugs.activePlant()); // a planted bug (a test of the kit's own) travels in the token
    }
}
