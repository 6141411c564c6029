package io.rdasuite.crashsim;

import io.rdasuite.store.protocol.Claims;
import io.rdasuite.crashsim.cluster.CrashState;
import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Crash-state exploration (DESIGN §5): run a scenario, cut it by a power failure of the server at each
 * chosen event, take each post-crash PM image the hardware model allows (bounded), restart, recover, read
 * back, and check the subject's claims. Claimed properties that fail are violations (shrunk, with a replay
 * token); unclaimed ones are findings.
 */
public final class Explorer {
    /** Most violations (and findings) kept per report. */
    private static final int KEPT = 8;
    private static final int KEPT_PER_INVARIANT = 2;

    /**
     * What an exploration counted.
     *
     * @param events          events of the crash-free run
     * @param crashPoints     crash points explored
     * @param crashStates     post-crash images checked
     * @param violatingStates images where a claimed property failed
     * @param findingStates   images where only an unclaimed property failed
     */
    public record Counts(long events, int crashPoints, long crashStates, long violatingStates, long findingStates) {
        /** Both explorations' counts added. */
        public Counts plus(Counts o) {
            return new Counts(events + o.events, crashPoints + o.crashPoints, crashStates + o.crashStates, violatingStates + o.violatingStates,
                    findingStates + o.findingStates);
        }
    }

    /**
     * @param scenario          what was explored
     * @param counts            what it counted
     * @param violations        the first violations found (unshrunk)
     * @param findings          the first findings found
     * @param statesByInvariant per property, the states where it failed
     */
    public record Report(Scenario scenario, Counts counts, List<Violation> violations, List<Violation> findings,
                         java.util.SortedMap<Invariant, Long> statesByInvariant) {
        public boolean passed() {
            return counts.violatingStates() == 0;
        }

        public long events() {
            return counts.events();
        }

        public int crashPoints() {
            return counts.crashPoints();
        }

        public long crashStates() {
            return counts.crashStates();
        }

        public long violatingStates() {
            return counts.violatingStates();
        }

        public long findingStates() {
            return counts.findingStates();
        }
    }

    /** Crash states checked in this JVM so far, by every exploration (for progress displays only: no outcome reads it). */
    private static final java.util.concurrent.atomic.LongAdder STATES_CHECKED = new java.util.concurrent.atomic.LongAdder();

    private Explorer() {
    }

    /** How many crash states every exploration in this JVM has checked so far (progress displays poll it). */
    public static long statesChecked() {
        return STATES_CHECKED.sum();
    }

    public static Report explore(Subject subject, Scenario scenario, Budget budget) {
        return explore(subject, scenario, budget, null);
    }

    /**
     * As {@link #explore(Subject, Scenario, Budget)}, stopping at the first crash state where {@code stopAt} fails
     * (claimed or not; null: explore everything). The shrinker asks this of every smaller candidate.
     */
    static Report explore(Subject subject, Scenario scenario, Budget budget, Invariant stopAt) {
        Report total = null;
        for (int k = 0; k < budget.timings(); k++) {
            Scenario timed = scenario.withSeed(Budget.timingSeed(scenario.seed(), k));
            Report r = exploreOneTiming(subject, timed, budget, stopAt);
            total = total == null ? r : combine(total, r);
            if (stopAt != null && r.statesByInvariant().containsKey(stopAt)) {
                break;
            }
        }
        return new Report(scenario, total.counts(), total.violations(), total.findings(), total.statesByInvariant());
    }

    /** Two explorations of one cell as one report: counts added, the first violations and findings of each kept. */
    public static Report combine(Report a, Report b) {
        List<Violation> v = new ArrayList<>(a.violations());
        b.violations().forEach(x -> keep(v, x));
        List<Violation> f = new ArrayList<>(a.findings());
        b.findings().forEach(x -> keep(f, x));
        java.util.TreeMap<Invariant, Long> counts = new java.util.TreeMap<>(a.statesByInvariant());
        b.statesByInvariant().forEach((k, n) -> counts.merge(k, n, Long::sum));
        return new Report(a.scenario(), a.counts().plus(b.counts()), v, f, counts);
    }

    static Report exploreOneTiming(Subject subject, Scenario scenario, Budget budget, Invariant stopAt) {
        boolean runsOn = scenario.target().clusterRunsOn();
        if (runsOn && !subject.runsOnAfterPartialCrash()) {
            throw new IllegalArgumentException(subject.name() + " does not run on after a partial crash: its only crash target is "
                    + CrashTarget.ALL_SERVERS + ", not " + scenario.target());
        }
        Execution dry = runsOn ? Execution.runOn(subject, scenario, -1, CrashState.none(), 0) : Execution.run(subject, scenario, -1, 0);
        TreeSet<Long> points = crashPoints(budget, dry.events, scenario.seed());
        if (subject.aimsAtReadsOfWritesInFlight()) {
            points.addAll(readsOfWritesInFlight(subject, dry.history, dry.events));
        }
        long states = 0;
        long violating = 0;
        long findingStates = 0;
        int explored = 0;
        List<Violation> violations = new ArrayList<>();
        List<Violation> findings = new ArrayList<>();
        java.util.TreeMap<Invariant, Long> counts = new java.util.TreeMap<>();
        // A power failure that stops the run: one pass records every point's crash (issue 18), instead of a run per point.
        List<Execution> onePass = runsOn || scenario.target().processCrash() ? null : Execution.runCrashingAtEach(subject, scenario, points);
        HashMap<List<Object>, Observation> observedImages = new HashMap<>(); // looked up, never iterated
        HashMap<CheckedState, List<Invariants.Failure>> checked = new HashMap<>(); // (history, observation) → findings, never iterated
        for (long point : points) {
            Execution run = onePass != null ? onePass.get(explored)
                    : runsOn ? Execution.runOn(subject, scenario, point, CrashState.none(), 0) : Execution.run(subject, scenario, point, 0);
            explored++;
            if (!run.crashed) {
                continue;
            }
            List<SortedMap<Integer, CrashImage>> images = (runsOn && subject.restartAfterEvents() < 0) || scenario.target().processCrash()
                    ? List.of(new TreeMap<>()) : combinations(run.frontiers, budget.imagesPerPoint(), scenario.seed() * 31 + point);
            for (SortedMap<Integer, CrashImage> image : images) {
                states++;
                STATES_CHECKED.increment();
                CrashState state = scenario.target().processCrash() ? killedState(run) : stateOf(image);
                List<OpRecord> history = run.history;
                Observation observed;
                if (!runsOn && run.killed.isEmpty() && run.survivors.isEmpty()) {
                    // Recovery is a function of the image (a fresh fabric with the scenario's seed): each distinct image once.
                    observed = observedImages.computeIfAbsent(contentKey(image), k -> Execution.observe(subject, scenario, image, run.killed, run.survivors));
                } else if (!runsOn) {
                    observed = Execution.observe(subject, scenario, image, run.killed, run.survivors);
                } else if (image.isEmpty()) {
                    observed = run.observed;
                } else {
                    Execution restarted = Execution.runOn(subject, scenario, point, state, 0);
                    history = restarted.history;
                    observed = restarted.observed;
                }
                boolean claimedFailed = false;
                boolean unclaimedFailed = false;
                java.util.TreeSet<Invariant> failed = new java.util.TreeSet<>();
                List<Invariants.Failure> found = checked.computeIfAbsent(new CheckedState(history, observed),
                        k -> Invariants.check(subject, scenario.config(), k.history(), k.observed()));
                for (Invariants.Failure f : found) {
                    failed.add(f.invariant());
                    Violation v = new Violation(scenario, point, state, f.invariant(), f.detail(), List.of());
                    if (claimed(subject.claims(scenario.config()), f.invariant())) {
                        claimedFailed = true;
                        keep(violations, v);
                    } else {
                        unclaimedFailed = true;
                        keep(findings, v);
                    }
                }
                failed.forEach(i -> counts.merge(i, 1L, Long::sum));
                violating += claimedFailed ? 1 : 0;
                findingStates += !claimedFailed && unclaimedFailed ? 1 : 0;
                if (stopAt != null && failed.contains(stopAt)) {
                    return new Report(scenario, new Counts(dry.events, explored, states, violating, findingStates), violations, findings, counts);
                }
            }
        }
        return new Report(scenario, new Counts(dry.events, explored, states, violating, findingStates), violations, findings, counts);
    }

    /**
     * The post-crash states of a crash point: one node's frontier enumerated as before; several nodes' enumerated each
     * (node n with its own seed) and combined, the k-th state taking each node's k-th image (cycling the shorter lists).
     */
    static List<SortedMap<Integer, CrashImage>> combinations(SortedMap<Integer, CrashFrontier> frontiers, long bound, long seed) {
        TreeMap<Integer, List<CrashImage>> perNode = new TreeMap<>();
        int most = 0;
        for (Map.Entry<Integer, CrashFrontier> e : frontiers.entrySet()) {
            List<CrashImage> list = e.getValue().enumerate(bound, perNode.isEmpty() ? seed : seed + 1_000_003L * e.getKey());
            perNode.put(e.getKey(), list);
            most = Math.max(most, list.size());
        }
        List<SortedMap<Integer, CrashImage>> states = new ArrayList<>(most);
        for (int k = 0; k < most; k++) {
            TreeMap<Integer, CrashImage> state = new TreeMap<>();
            for (Map.Entry<Integer, List<CrashImage>> e : perNode.entrySet()) {
                state.put(e.getKey(), e.getValue().get(k % e.getValue().size()));
            }
            states.add(state);
        }
        return states;
    }

    /** A process crash leaves one image per killed node: its state names the nodes with no choices. */
    private static CrashState killedState(Execution run) {
        TreeMap<Integer, CrashState.NodeImage> state = new TreeMap<>();
        run.killed.keySet().forEach(n -> state.put(n, new CrashState.NodeImage(new int[0], 0)));
        return new CrashState(state);
    }

    static CrashState stateOf(SortedMap<Integer, CrashImage> images) {
        TreeMap<Integer, CrashState.NodeImage> state = new TreeMap<>();
        images.forEach((node, image) -> state.put(node, new CrashState.NodeImage(image.choices(), image.fifoCut())));
        return new CrashState(state);
    }

    /** Keeps the first {@link #KEPT_PER_INVARIANT} examples of each invariant, at most {@link #KEPT} in all. */
    private static void keep(List<Violation> kept, Violation v) {
        long same = kept.stream().filter(k -> k.invariant().equals(v.invariant())).count();
        if (same < KEPT_PER_INVARIANT && kept.size() < KEPT) {
            kept.add(v);
        }
    }

    /** The invariants of the {@link HistoryCheck}s on the class path (LINEARIZABILITY where the checker is). */
    public static List<Invariant> historyInvariants() {
        return Invariants.HISTORY_CHECKS.stream().map(HistoryCheck::invariant).toList();
    }

    /** Whether the claims cover an invariant (RDA, DURABILITY, MONOTONIC_READS, CONSISTENT_VERSION, LINEARIZABILITY; STRUCTURE always). */
    public static boolean isClaimed(Claims claims, Invariant invariant) {
        return claimed(claims, invariant);
    }

    /**
     * The checks are a function of the history and the observation, and every finding's text is made from them alone:
     * a state whose history and observation equal an earlier state's (content, not identity: distinct images often
     * recover to the same values, and a cluster that runs on builds a new history object per run) gets that state's
     * findings without checking again. Equal means every field the checks read: each record's client, operation, event
     * stamps and result bytes; the observation's values (bytes), structural errors, unreadable keys and earlier crashes.
     */
    static final class CheckedState {
        private final List<OpRecord> history;
        private final Observation observed;
        private final int hash;

        CheckedState(List<OpRecord> history, Observation observed) {
            this.history = history;
            this.observed = observed;
            this.hash = 31 * historyHash(history) + observationHash(observed);
        }

        List<OpRecord> history() {
            return history;
        }

        Observation observed() {
            return observed;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CheckedState k && k.hash == hash && sameHistory(k.history, history) && sameObservation(k.observed, observed);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        private static int historyHash(List<OpRecord> history) {
            int h = history.size();
            for (OpRecord r : history) {
                h = 31 * h + r.client();
                h = 31 * h + r.op().hashCode();
                h = 31 * h + Long.hashCode(r.invokeEvent());
                h = 31 * h + Long.hashCode(r.completeEvent());
                h = 31 * h + java.util.Arrays.hashCode(r.result());
            }
            return h;
        }

        private static boolean sameHistory(List<OpRecord> a, List<OpRecord> b) {
            if (a == b) {
                return true;
            }
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                OpRecord x = a.get(i);
                OpRecord y = b.get(i);
                if (x != y && (x.client() != y.client() || x.invokeEvent() != y.invokeEvent() || x.completeEvent() != y.completeEvent()
                        || !x.op().equals(y.op()) || !java.util.Arrays.equals(x.result(), y.result()))) {
                    return false;
                }
            }
            return true;
        }

        private static int observationHash(Observation o) {
            int h = o.structuralErrors().hashCode();
            h = 31 * h + o.unreadable().hashCode();
            h = 31 * h + o.earlierCrashEvents().hashCode();
            for (Map.Entry<Integer, byte[]> e : o.values().entrySet()) {
                h = 31 * h + e.getKey();
                h = 31 * h + java.util.Arrays.hashCode(e.getValue());
            }
            return h;
        }

        private static boolean sameObservation(Observation a, Observation b) {
            if (a == b) {
                return true;
            }
            if (!a.structuralErrors().equals(b.structuralErrors()) || !a.unreadable().equals(b.unreadable())
                    || !a.earlierCrashEvents().equals(b.earlierCrashEvents()) || a.values().size() != b.values().size()) {
                return false;
            }
            var i = a.values().entrySet().iterator();
            var j = b.values().entrySet().iterator();
            while (i.hasNext()) {
                Map.Entry<Integer, byte[]> x = i.next();
                Map.Entry<Integer, byte[]> y = j.next();
                if (!x.getKey().equals(y.getKey()) || !java.util.Arrays.equals(x.getValue(), y.getValue())) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Per crashed node, its image's {@link CrashFrontier#contentKey}. */
    private static List<Object> contentKey(SortedMap<Integer, CrashImage> images) {
        List<Object> key = new ArrayList<>(images.size());
        images.values().forEach(i -> key.add(i.frontier().contentKey(i)));
        return key;
    }

    static boolean claimed(Claims claims, Invariant invariant) {
        return invariant.claimedBy(claims);
    }

    /** Events after a read's completion aimed at: 1, 2, 4, ... 64 events later, while the write it overlapped is still in flight. */
    static final int[] AIMED_OFFSETS = {1, 2, 4, 8, 16, 32, 64};

    /**
     * Crash points aimed at the gap between what a reader saw and what is durable: for each GET that returned the value
     * of a PUT of another client still in flight (invoked, not yet complete; failed and pending puts count to the end of
     * the run), the events {@link #AIMED_OFFSETS} after the GET's completion that still fall before that put's
     * completion. Derived from the dry run's history.
     */
    static TreeSet<Long> readsOfWritesInFlight(Subject subject, List<OpRecord> history, long events) {
        TreeSet<Long> aimed = new TreeSet<>();
        for (OpRecord read : history) {
            if (read.op().kind() != Op.Kind.GET || !read.completed() || read.result() == null) {
                continue;
            }
            long until = -1;
            for (OpRecord write : history) {
                if (write.op().kind() == Op.Kind.PUT && write.op().key() == read.op().key() && write.client() != read.client()
                        && write.invokeEvent() < read.completeEvent()
                        && java.util.Arrays.equals(read.result(), subject.valueBytes(write.op().key(), write.op().value()))) {
                    long end = write.completed() ? write.completeEvent() : events;
                    if (end > read.completeEvent()) {
                        until = Math.max(until, end);
                    }
                }
            }
            for (int offset : AIMED_OFFSETS) {
                long point = read.completeEvent() + offset;
                if (point < until && point <= events) {
                    aimed.add(point);
                }
            }
        }
        return aimed;
    }

    /** Every event when there are at most {@code budget} + 1; else the first, the last and seeded samples. */
    static TreeSet<Long> crashPoints(Budget budget, long events, long seed) {
        TreeSet<Long> points = new TreeSet<>();
        if (events + 1 <= budget.crashPoints()) {
            for (long e = 0; e <= events; e++) {
                points.add(e);
            }
            return points;
        }
        points.add(0L);
        points.add(events);
        SplittableRandom random = new SplittableRandom(seed * 7919 + 17);
        while (points.size() < budget.crashPoints()) {
            points.add(random.nextLong(events + 1));
        }
        return points;
    }

    /**
     * Replays a token: the same scenario, crash point and image. Returns the violation (or finding) with the
     * trace before the crash, or null when the token's state now passes every check.
     */
    public static Violation replay(String token) {
        List<Violation> all = replayAll(token);
        return all.isEmpty() ? null : all.getFirst();
    }

    /** Every check that fails at a token's crash state (several can fail in one state), each with the trace. */
    public static List<Violation> replayAll(String token) {
        ReplayToken.Decoded d = ReplayToken.decode(token);
        return io.rdasuite.store.mutation.PlantedBugs.with(d.plant(),
                () -> failuresAt(Subjects.byName(d.scenario().subject()), d.scenario(), d.crashEvent(), d.state()));
    }

    /**
     * Re-runs one crash point and image, with the trace: the failure of {@code invariant} there (several checks can
     * fail in one state; the shrinker wants the one it shrank), else the first failure, else null.
     */
    static Violation reproduce(Subject subject, Scenario scenario, long crashEvent, CrashState state, Invariant invariant) {
        List<Violation> all = failuresAt(subject, scenario, crashEvent, state);
        return all.stream().filter(v -> v.invariant().equals(invariant)).findFirst().orElse(all.isEmpty() ? null : all.getFirst());
    }

    /**
     * A token's crash run: the subject, the scenario, the operations before the crash and what recovery found
     * (what a history check judged, for rendering it).
     */
    public record CrashRun(Subject subject, Scenario scenario, List<OpRecord> history, Observation observed) {
    }

    public static CrashRun crashRun(String token) {
        ReplayToken.Decoded d = ReplayToken.decode(token);
        return io.rdasuite.store.mutation.PlantedBugs.with(d.plant(), () -> {
            Subject subject = Subjects.byName(d.scenario().subject());
            StateRun r = stateRun(subject, d.scenario(), d.crashEvent(), d.state(), 0);
            return new CrashRun(subject, d.scenario(), r.history(), r.observed());
        });
    }

    /** One crash state, run again: the history, what was observed and the trace. */
    private record StateRun(List<OpRecord> history, Observation observed, List<String> trace, List<String> crashPoint) {
    }

    private static StateRun stateRun(Subject subject, Scenario scenario, long crashEvent, CrashState state, int traceLines) {
        if (scenario.target().clusterRunsOn()) {
            Execution run = Execution.runOn(subject, scenario, crashEvent, state, traceLines);
            if (!run.crashed) {
                throw new IllegalArgumentException("event " + crashEvent + " is past the end of the run (" + run.events + " events)");
            }
            return new StateRun(run.history, run.observed, run.trace, run.crashPoint);
        }
        Execution run = Execution.run(subject, scenario, crashEvent, traceLines);
        if (!run.crashed) {
            throw new IllegalArgumentException("event " + crashEvent + " is past the end of the run (" + run.events + " events)");
        }
        TreeMap<Integer, CrashImage> images = new TreeMap<>();
        for (Map.Entry<Integer, CrashFrontier> e : run.frontiers.entrySet()) {
            CrashState.NodeImage image = state.images().get(e.getKey());
            if (image == null) {
                throw new IllegalArgumentException("the token names no image for crashed node " + e.getKey() + " (it has " + state.images().keySet() + ")");
            }
            images.put(e.getKey(), e.getValue().image(image.choices(), image.fifoCut()));
        }
        return new StateRun(run.history, Execution.observe(subject, scenario, images, run.killed, run.survivors), run.trace, run.crashPoint);
    }

    private static List<Violation> failuresAt(Subject subject, Scenario scenario, long crashEvent, CrashState state) {
        StateRun r = stateRun(subject, scenario, crashEvent, state, 40);
        List<Violation> all = new ArrayList<>();
        for (Invariants.Failure f : Invariants.check(subject, scenario.config(), r.history(), r.observed())) {
            all.add(new Violation(scenario, crashEvent, state, f.invariant(), f.detail(), r.trace(), r.crashPoint()));
        }
        return all;
    }
}
