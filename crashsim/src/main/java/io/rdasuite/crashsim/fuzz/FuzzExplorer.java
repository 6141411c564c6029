package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Invariants;
import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.OpRecord;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.store.protocol.Claims;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Explores one fuzz case (DESIGN §5): a few server crash points of the first run, a few post-crash images at
 * each, the schedule's second crash where it has one, then recovery and every invariant of {@link Invariants}
 * (and the history checks on the class path). A claimed property that fails is a failure; an unclaimed one a
 * finding. Each state also yields a {@link Coverage} signature.
 */
public final class FuzzExplorer {
    /** Images taken at a second crash (per first image). */
    static final int SECOND_IMAGES = 2;
    private static final int KEPT = 4;

    private FuzzExplorer() {
    }

    /**
     * One failed check at one crash state.
     *
     * @param fuzzCase  the case
     * @param path      the crash state
     * @param invariant which check
     * @param detail    what exactly was wrong
     * @param claimed   whether the store claims the property (a failure) or not (a finding)
     * @param trace     the last events before the last crash (when reproduced), else empty
     * @param crashPoint where the last crash cut the clients' operations, in the protocol's steps ({@link io.rdasuite.crashsim.CrashPoint};
     *                  when reproduced, else empty)
     */
    public record Failure(FuzzCase fuzzCase, CrashPath path, Invariant invariant, String detail, boolean claimed, List<String> trace,
                          List<String> crashPoint) {
        /** A failure found by exploration: no trace, no crash-point description. */
        public Failure(FuzzCase fuzzCase, CrashPath path, Invariant invariant, String detail, boolean claimed, List<String> trace) {
            this(fuzzCase, path, invariant, detail, claimed, trace, List.of());
        }

        /** The replay token ({@code rdaf2.…}); {@code plant} is the planted bug the run had. */
        public String token(io.rdasuite.store.mutation.Plant plant) {
            return FuzzToken.encode(fuzzCase, path, plant);
        }
    }

    /**
     * One run's result.
     *
     * @param fuzzCase          what ran
     * @param events            events of the first run without a server crash
     * @param crashPoints       crash points explored
     * @param states            crash states checked
     * @param failingStates     states where a claimed property failed
     * @param findingStates     states where only unclaimed ones failed
     * @param statesByInvariant per invariant, the states where it failed
     * @param failures          the first failures (claimed), unshrunk
     * @param findings          the first findings (unclaimed)
     * @param signatures        the coverage signatures of its states
     * @param faultsFired       which kinds of fault actually happened (see {@link #FAULT_KINDS})
     * @param error             a run that could not be simulated (an exception of the store or the simulator), else null
     */
    public record RunReport(FuzzCase fuzzCase, long events, int crashPoints, long states, long failingStates, long findingStates,
                            SortedMap<Invariant, Long> statesByInvariant, List<Failure> failures, List<Failure> findings, SortedSet<Long> signatures,
                            SortedSet<String> faultsFired, String error) {
        public boolean failed() {
            return failingStates > 0;
        }
    }

    /** The fault kinds a run reports as having happened. */
    public static final List<String> FAULT_KINDS = List.of("power-failure", "server-process-crash", "crash-during-recovery", "crash-after-recovery",
            "client-crash", "stall", "cpu-hogs", "cleaner", "torn-lines");

    /** Explores a case with {@code budget}'s crash points and images per point (its timings are not used: the case has its seed). */
    public static RunReport explore(FuzzCase c, Budget budget) {
        return explore(c, budget, null);
    }

    /** As {@link #explore(FuzzCase, Budget)}; with {@code stopAt} non-null, stops at the first state where that claimed invariant fails. */
    static RunReport explore(FuzzCase c, Budget budget, Invariant stopAt) {
        return explore(c, budget, stopAt, false);
    }

    /** Crash points tried in order when shrinking looks for the earliest failing one. */
    static final int EARLIEST_POINTS = 400;

    /**
     * As {@link #explore(FuzzCase, Budget, String)}; with {@code earliestFirst} the crash points are every event in
     * order (up to {@value #EARLIEST_POINTS} of them, evenly spread beyond), for the shrinker.
     */
    static RunReport explore(FuzzCase c, Budget budget, Invariant stopAt, boolean earliestFirst) {
        Acc acc = new Acc(c);
        try {
            FuzzExecution.Resolved r = FuzzExecution.resolve(c);
            Claims claims = r.subject().claims(c.scenario().config());
            FuzzExecution.Run dry = FuzzExecution.first(r, -1, 0);
            acc.events = dry.events();
            noteFired(acc, dry.fired());
            if (c.schedule().serverHogs() > 0) {
                acc.fired.add("cpu-hogs");
            }
            if (c.schedule().tornLines()) {
                acc.fired.add("torn-lines");
            }
            if (r.subject() instanceof io.rdasuite.crashsim.subjects.KvSubject kv && kv.cleans()) {
                acc.fired.add("cleaner");
            }
            for (long point : earliestFirst ? ascending(dry.events()) : crashPoints(budget.crashPoints(), dry.events(), c.scenario().seed())) {
                acc.points++;
                FuzzExecution.Run first = FuzzExecution.first(r, point, 0);
                noteFired(acc, first.fired());
                for (Object image : firstImages(first, budget.imagesPerPoint(), c.scenario().seed() * 31 + point)) {
                    CrashPath path = CrashPath.single(point, choices(image), cut(image));
                    if (c.schedule().repeat() == FaultSchedule.Repeat.NONE) {
                        FuzzExecution.Observed o = FuzzExecution.observe(r, image);
                        if (acc.state(r, claims, path, first.history(), o, frontierOf(image), stopAt)) {
                            return acc.report();
                        }
                        continue;
                    }
                    SplittableRandom random = new SplittableRandom(c.scenario().seed() * 1_000_003L + point * 131 + path.hashCode());
                    FuzzExecution.Run dryAgain = FuzzExecution.second(r, image, -1, 0);
                    long at = secondPoint(c.schedule().repeat(), dryAgain, random);
                    if (at < 0) {
                        continue;
                    }
                    FuzzExecution.Run again = FuzzExecution.second(r, image, at, 0);
                    if (again.frontier() == null) {
                        continue;
                    }
                    acc.fired.add(at < again.recoveryEvents() || c.schedule().repeat() == FaultSchedule.Repeat.DURING_RECOVERY
                            ? "crash-during-recovery" : "crash-after-recovery");
                    List<OpRecord> history = history(first, again, point);
                    for (CrashImage second : again.frontier().enumerate(Math.min(SECOND_IMAGES, budget.imagesPerPoint()), random.nextLong())) {
                        CrashPath full = path.withSecond(at, second.choices(), second.fifoCut());
                        FuzzExecution.Observed o = FuzzExecution.observe(r, second);
                        if (acc.state(r, claims, full, history, epochs(o, c, point), o.kindCounts(), again.frontier(), stopAt)) {
                            return acc.report();
                        }
                    }
                }
            }
        } catch (RuntimeException e) {
            acc.error = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return acc.report();
    }

    /**
     * Re-runs one crash state of a case with the trace kept: every check that fails there (claimed or not), each
     * with the last events before the last crash. Empty when every check passes.
     */
    public static List<Failure> reproduce(FuzzCase c, CrashPath path) {
        StateRun run = stateRun(c, path);
        Claims claims = run.subject().claims(c.scenario().config());
        List<Failure> out = new ArrayList<>();
        for (Invariants.Failure f : Invariants.check(run.subject(), c.scenario().config(), run.history(), run.observation())) {
            out.add(new Failure(c, path, f.invariant(), f.detail(), Explorer.isClaimed(claims, f.invariant()), run.trace(), run.crashPoint()));
        }
        return out;
    }

    /**
     * One crash state of a case, run again: the subject, the operations of every epoch, what recovery and the read-back
     * found, and the last events before the last crash (what {@code rda replay --history} writes for a fuzz token).
     */
    public record StateRun(io.rdasuite.crashsim.Subject subject, List<OpRecord> history, Observation observation, List<String> trace,
                           List<String> crashPoint) {
    }

    /** A token's crash state, run again with the bug planted that its run had. */
    public static StateRun stateRun(String token) {
        FuzzToken.Decoded d = FuzzToken.decode(token);
        return io.rdasuite.store.mutation.PlantedBugs.with(d.plant(), () -> stateRun(d.fuzzCase(), d.path()));
    }

    static StateRun stateRun(FuzzCase c, CrashPath path) {
        FuzzExecution.Resolved r = FuzzExecution.resolve(c);
        boolean repeated = c.schedule().repeat() != FaultSchedule.Repeat.NONE;
        if (repeated != path.repeated()) {
            throw new IllegalArgumentException("the crash path " + (path.repeated() ? "has" : "lacks") + " a second crash, the schedule "
                    + (repeated ? "repeats it" : "does not"));
        }
        FuzzExecution.Run first = FuzzExecution.first(r, path.firstEvent(), FuzzExecution.TRACE_LINES); // a re-run: the trace costs nothing here
        Object image = firstImage(first, path);
        List<OpRecord> history = first.history();
        List<String> trace = first.trace();
        List<String> crashPoint = first.crashPoint();
        Object last = image;
        if (repeated) {
            FuzzExecution.Run again = FuzzExecution.second(r, image, path.secondEvent(), FuzzExecution.TRACE_LINES);
            if (again.frontier() == null) {
                throw new IllegalArgumentException("event " + path.secondEvent() + " is past the end of the restarted run (" + again.events() + " events)");
            }
            last = again.frontier().image(path.secondChoices(), path.secondCut());
            history = history(first, again, path.firstEvent());
            trace = again.trace();
            crashPoint = bothCrashes(first.crashPoint(), again.crashPoint());
        }
        FuzzExecution.Observed o = FuzzExecution.observe(r, last);
        Observation observation = repeated ? epochs(o, c, path.firstEvent()) : o.observation();
        return new StateRun(r.subject(), history, observation, trace, crashPoint);
    }

    /** Replays a token ({@code rdaf2.…}) with the bug planted that its run had: every check failing at its state, with the trace. */
    public static List<Failure> replay(String token) {
        FuzzToken.Decoded d = FuzzToken.decode(token);
        return io.rdasuite.store.mutation.PlantedBugs.with(d.plant(), () -> reproduce(d.fuzzCase(), d.path()));
    }

    /** Both crashes' descriptions, each under a line naming it (the second's events count from the restart). */
    private static List<String> bothCrashes(List<String> first, List<String> second) {
        List<String> out = new ArrayList<>();
        out.add("first crash:");
        out.addAll(first);
        out.add("second crash (events counted from the restart" + (second.isEmpty() ? "; no client operation runs there)" : "):"));
        out.addAll(second);
        return out;
    }

    private static Object firstImage(FuzzExecution.Run first, CrashPath path) {
        if (first.frontier() != null) {
            return first.frontier().image(path.firstChoices(), path.firstCut());
        }
        if (first.processImage() != null && path.firstChoices().length == 0 && path.firstCut() == 0) {
            return first.processImage();
        }
        throw new IllegalArgumentException("the server did not go down before event " + path.firstEvent() + " (the run has " + first.events() + " events)");
    }

    /** The first and the second epoch's operations, the second moved past the first crash. */
    private static List<OpRecord> history(FuzzExecution.Run first, FuzzExecution.Run again, long point) {
        List<OpRecord> all = new ArrayList<>(first.history());
        all.addAll(FuzzExecution.shifted(again.history(), point + 2));
        return all;
    }

    /** After operations past a recovery, the history has that crash at {@code point + 1}. */
    private static Observation epochs(FuzzExecution.Observed o, FuzzCase c, long point) {
        return c.schedule().repeat() == FaultSchedule.Repeat.AFTER_RECOVERY ? o.observation().afterEarlierCrashes(List.of(point + 1)) : o.observation();
    }

    private static List<Object> firstImages(FuzzExecution.Run first, int images, long seed) {
        if (first.frontier() != null) {
            return new ArrayList<>(first.frontier().enumerate(images, seed));
        }
        return first.processImage() == null ? List.of() : List.of(first.processImage());
    }

    private static CrashFrontier frontierOf(Object image) {
        return image instanceof CrashImage c ? c.frontier() : null;
    }

    private static int[] choices(Object image) {
        return image instanceof CrashImage c ? c.choices() : new int[0];
    }

    private static int cut(Object image) {
        return image instanceof CrashImage c ? c.fifoCut() : 0;
    }

    /** The second power failure: during recovery, an event before it ends; after it, an event of the operations that follow. */
    private static long secondPoint(FaultSchedule.Repeat repeat, FuzzExecution.Run dry, SplittableRandom random) {
        long recovery = dry.recoveryEvents();
        if (repeat == FaultSchedule.Repeat.DURING_RECOVERY) {
            return recovery < 2 ? -1 : 1 + random.nextLong(recovery - 1);
        }
        return dry.events() <= recovery ? -1 : recovery + random.nextLong(dry.events() - recovery + 1);
    }

    /** The last event and seeded samples from 1..events ({@code budget} in all); every event when there are fewer. */
    static TreeSet<Long> crashPoints(int budget, long events, long seed) {
        TreeSet<Long> points = new TreeSet<>();
        if (events <= budget) {
            for (long e = 1; e <= events; e++) {
                points.add(e);
            }
            return points;
        }
        points.add(events);
        SplittableRandom random = new SplittableRandom(seed * 7919 + 23);
        while (points.size() < budget) {
            points.add(1 + random.nextLong(events));
        }
        return points;
    }

    /** Events 1..events in order, at most {@value #EARLIEST_POINTS} of them (evenly spread when there are more). */
    private static TreeSet<Long> ascending(long events) {
        TreeSet<Long> points = new TreeSet<>();
        for (long i = 1; i <= Math.min(events, EARLIEST_POINTS); i++) {
            points.add(events <= EARLIEST_POINTS ? i : Math.max(1, i * events / EARLIEST_POINTS));
        }
        return points;
    }

    private static void noteFired(Acc acc, List<FaultPlan.Fault> fired) {
        for (FaultPlan.Fault f : fired) {
            acc.fired.add(switch (f.kind()) {
                case POWER_FAILURE -> "power-failure";
                case PROCESS_CRASH -> f.nodeId() == 0 ? "server-process-crash" : "client-crash";
                case STALL -> "stall";
                case RESTART -> "restart";
            });
        }
    }

    /** What one run has found so far. */
    private static final class Acc {
        final FuzzCase fuzzCase;
        long events;
        int points;
        long states;
        long failing;
        long findingStates;
        final TreeMap<Invariant, Long> byInvariant = new TreeMap<>();
        final List<Failure> failures = new ArrayList<>();
        final List<Failure> findings = new ArrayList<>();
        final TreeSet<Long> signatures = new TreeSet<>();
        final TreeSet<String> fired = new TreeSet<>();
        String error;

        Acc(FuzzCase fuzzCase) {
            this.fuzzCase = fuzzCase;
        }

        /** Checks one state; true when exploration should stop there. */
        boolean state(FuzzExecution.Resolved r, Claims claims, CrashPath path, List<OpRecord> history, FuzzExecution.Observed o,
                      CrashFrontier frontier, Invariant stopAt) {
            return state(r, claims, path, history, o.observation(), o.kindCounts(), frontier, stopAt);
        }

        boolean state(FuzzExecution.Resolved r, Claims claims, CrashPath path, List<OpRecord> history, Observation observation,
                      long[] kindCounts, CrashFrontier frontier, Invariant stopAt) {
            states++;
            TreeSet<Invariant> failed = new TreeSet<>();
            boolean claimedFailed = false;
            boolean stop = false;
            for (Invariants.Failure f : Invariants.check(r.subject(), fuzzCase.scenario().config(), history, observation)) {
                boolean claimed = Explorer.isClaimed(claims, f.invariant());
                failed.add(f.invariant());
                Failure failure = new Failure(fuzzCase, path, f.invariant(), f.detail(), claimed, List.of());
                if (claimed) {
                    claimedFailed = true;
                    keep(failures, failure);
                    stop |= f.invariant().equals(stopAt);
                } else {
                    keep(findings, failure);
                }
            }
            failed.forEach(i -> byInvariant.merge(i, 1L, Long::sum));
            failing += claimedFailed ? 1 : 0;
            findingStates += !claimedFailed && !failed.isEmpty() ? 1 : 0;
            signatures.add(Coverage.signature(r.subject().name(), fuzzCase.schedule(), frontier, kindCounts, failed));
            return stop;
        }

        private static void keep(List<Failure> kept, Failure f) {
            if (kept.size() < KEPT && kept.stream().noneMatch(k -> k.invariant().equals(f.invariant()))) {
                kept.add(f);
            }
        }

        RunReport report() {
            return new RunReport(fuzzCase, events, points, states, failing, findingStates, byInvariant, failures, findings, signatures, fired, error);
        }
    }
}
