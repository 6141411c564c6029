package io.rdasuite.crashsim;

import io.rdasuite.crashsim.cluster.CrashState;
import io.rdasuite.crashsim.cluster.Topology;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
import io.rdasuite.hwsim.model.CostModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One simulated run of a scenario, optionally cut by a power failure of the scenario's crash target at a chosen
 * event (DESIGN §5). When the target is every PM server, the run stops there and each crashed node is later restarted
 * from a post-crash image on a fresh fabric ({@link #observe}). When it is part of a cluster that runs on, the run
 * goes on (failover), the crashed nodes possibly restart and rejoin, and the observation is made in the same run
 * ({@link #runOn}).
 */
public final class Execution {
    final long events;
    /** The frontier of the first crashed node (the only one of a single-server store), or null. */
    final CrashFrontier frontier;
    /** Per crashed node, its frontier (empty without a crash, or when the crash came after the end). */
    final SortedMap<Integer, CrashFrontier> frontiers;
    final List<OpRecord> history;
    final List<String> trace;
    /** With a captured trace: where the crash cut each client's operation ({@link CrashPoint}); else empty. */
    List<String> crashPoint = List.of();
    /** Process crashes: per killed node, the one image it left. */
    final SortedMap<Integer, PmImage> killed;
    /** Nodes that did not crash but hold PM (a monitor): their PM at the end of the run, as a clean shutdown leaves it. */
    final SortedMap<Integer, PmImage> survivors;
    /** Whether the crash happened (false when its event came after the end of the run). */
    final boolean crashed;
    /** Partial crashes only: what the in-run observation saw. */
    final Observation observed;

    private Execution(long events, SimFabric fabric, Subject subject, Scenario s, List<OpRecord> history, List<String> trace, Observation observed) {
        this(events, frontiers(fabric, subject, s), killed(fabric, subject, s), survivors(fabric, Collections.emptySortedSet()),
                !fabric.firedFaults().isEmpty(), history, trace, observed);
    }

    private Execution(long events, SortedMap<Integer, CrashFrontier> frontiers, SortedMap<Integer, PmImage> killed, boolean crashed,
                      List<OpRecord> history, List<String> trace, Observation observed) {
        this(events, frontiers, killed, new TreeMap<>(), crashed, history, trace, observed);
    }

    private Execution(long events, SortedMap<Integer, CrashFrontier> frontiers, SortedMap<Integer, PmImage> killed, SortedMap<Integer, PmImage> survivors,
                      boolean crashed, List<OpRecord> history, List<String> trace, Observation observed) {
        this.events = events;
        this.killed = Collections.unmodifiableSortedMap(killed);
        this.survivors = Collections.unmodifiableSortedMap(survivors);
        this.crashed = crashed;
        this.frontiers = Collections.unmodifiableSortedMap(frontiers);
        this.frontier = frontiers.isEmpty() ? null : frontiers.values().iterator().next();
        this.history = history;
        this.trace = trace;
        this.observed = observed;
    }

    /**
     * Exploration runs under a timing nemesis: half of all inbound writes linger up to 3 µs in NIC/PCIe
     * buffers (past their IB completion), non-posted operations jitter up to 400 ns, and a quarter of server
     * CPU steps are followed by a preemption of up to 5 µs. All are timings the hardware and OS allow;
     * making them frequent is what lets a few seeds reach the states that matter.
     */
    public static final CostModel EXPLORATION_COST = CostModel.defaults().withTimingNemesis(50, 3000, 400, 25, 5000);

    /** The fabric of a single-server scenario: node 0 the server, one node per client, the seed and transport, the timing nemesis. */
    public static SimFabric.Builder fabric(Scenario s) {
        return fabric(Topology.singleServer(s.program().clients().size()), s);
    }

    /** The fabric of a deployment: one node per node of {@code topology}, each under the scenario's configuration. */
    public static SimFabric.Builder fabric(Topology topology, Scenario s) {
        SimFabric.Builder b = SimFabric.builder().seed(s.seed()).transport(s.transport()).cost(EXPLORATION_COST);
        for (int n = 0; n < topology.nodes().size(); n++) {
            b.node(s.config());
        }
        return b;
    }

    /** As {@link #fabric(Topology, Scenario)}, without natural eviction for a subject that explores under lazy write-back. */
    static SimFabric.Builder fabric(Subject subject, Topology topology, Scenario s) {
        SimFabric.Builder b = fabric(topology, s);
        return subject.lazyWriteBack() ? b.cost(EXPLORATION_COST.withoutNaturalEviction()) : b;
    }

    /** The nodes a crash of the scenario cuts. */
    static SortedSet<Integer> crashed(Subject subject, Scenario s) {
        return s.target().nodes(subject.topology(s.program()));
    }

    /**
     * Runs the scenario; {@code crashAt < 0} means no crash; {@code traceLines > 0} keeps that many last trace lines.
     * The target's nodes all lose power before event {@code crashAt} and the run stops there.
     */
    static Execution run(Subject subject, Scenario s, long crashAt, int traceLines) {
        if (crashAt >= 0 && s.target().clusterRunsOn()) {
            throw new IllegalArgumentException("a partial crash (" + s.target() + ") runs on: use runOn");
        }
        Topology topology = subject.topology(s.program());
        SimFabric.Builder b = fabric(subject, topology, s);
        if (crashAt >= 0) {
            b.faults(crashes(FaultPlan.NONE, subject, s, crashAt));
        }
        if (traceLines > 0) {
            b.captureTrace(1_000_000);
        }
        try (SimFabric fabric = b.build()) {
            Subject.Deployment d = subject.deploy(fabric, s.program());
            List<List<OpRecord>> perClient = ClientActors.spawn(fabric, topology, d, s.program());
            fabric.run();
            Execution e = new Execution(fabric.engine().dispatched(), fabric, subject, s, merged(perClient), lastLines(fabric, traceLines), null);
            if (traceLines > 0) {
                e.crashPoint = CrashPoint.describe(subject.name(), fabric.trace().records(), e.history, topology, crashAt, s.program().clients().size());
            }
            return e;
        }
    }

    /**
     * What {@link #run} with each of {@code crashPoints} returns, from one run instead of one per point: before each
     * point's event an engine observer records the target's frontiers (computed on copies: the nodes run on), the other
     * nodes' PM and the history so far. Up to its crash point a crashing run is the run without a crash, and observers
     * leave the run as it is, so the records equal the crashing runs'; {@code ExecutionSnapshotTest} compares them with
     * the crashing runs themselves. Power failures of a target that stops the run only.
     */
    static List<Execution> runCrashingAtEach(Subject subject, Scenario s, SortedSet<Long> crashPoints) {
        if (s.target().clusterRunsOn() || s.target().processCrash()) {
            throw new IllegalArgumentException("one pass stands for power failures that stop the run, not " + s.target());
        }
        Topology topology = subject.topology(s.program());
        SortedSet<Integer> targets = crashed(subject, s);
        List<Execution> out = new ArrayList<>(crashPoints.size());
        LastHistory last = new LastHistory();
        try (SimFabric fabric = fabric(subject, topology, s).build()) {
            List<List<OpRecord>> perClient = new ArrayList<>();
            for (long point : crashPoints) {
                fabric.engine().observeAt(point, () -> {
                    if (out.size() == crashPoints.size()) {
                        return; // closing the fabric dispatches its actors' last events: the run is over
                    }
                    TreeMap<Integer, CrashFrontier> frontiers = new TreeMap<>();
                    for (int n : targets) {
                        CrashFrontier f = fabric.frontierIfPowerFailedNow(n);
                        if (f != null) {
                            frontiers.put(n, f);
                        }
                    }
                    List<List<OpRecord>> copies = new ArrayList<>(perClient.size());
                    perClient.forEach(records -> copies.add(List.copyOf(records)));
                    if (!copies.equals(last.copies)) { // nothing invoked or completed since the last point: the same history object
                        last.copies = copies;
                        last.history = merged(copies);
                    }
                    out.add(new Execution(point, frontiers, new TreeMap<>(), survivors(fabric, targets), !frontiers.isEmpty(), last.history,
                            List.of(), null));
                });
            }
            Subject.Deployment d = subject.deploy(fabric, s.program());
            perClient.addAll(ClientActors.spawn(fabric, topology, d, s.program()));
            fabric.run();
            while (out.size() < crashPoints.size()) { // points after the run's last event: no crash happens there
                out.add(new Execution(fabric.engine().dispatched(), new TreeMap<>(), new TreeMap<>(), false, List.of(), List.of(), null));
            }
        }
        return out;
    }

    /** The history recorded at the last crash point, and the per-client records it was merged from. */
    private static final class LastHistory {
        List<List<OpRecord>> copies;
        List<OpRecord> history;
    }

    /** The nodes other than {@code except} that are up and hold PM, with their PM as a clean shutdown would leave it. */
    private static SortedMap<Integer, PmImage> survivors(SimFabric fabric, SortedSet<Integer> except) {
        TreeMap<Integer, PmImage> survivors = new TreeMap<>();
        for (int n = 0; n < fabric.nodeCount(); n++) {
            if (!except.contains(n) && fabric.node(n).isUp() && fabric.pmSnapshot(n) != null) {
                survivors.put(n, fabric.pmSnapshot(n));
            }
        }
        return survivors;
    }

    /**
     * A partial crash ({@link Subject#runsOnAfterPartialCrash}): the target's nodes lose power before event
     * {@code crashAt} while the rest of the cluster runs on; with {@code restartImages} non-empty, each crashed node
     * restarts from its image {@link Subject#restartAfterEvents} events later and rejoins. After the program, the
     * subject reads every key back in the same run.
     */
    static Execution runOn(Subject subject, Scenario s, long crashAt, CrashState restartImages, int traceLines) {
        Topology topology = subject.topology(s.program());
        FaultPlan plan = FaultPlan.NONE.continuingAfterPowerFailure();
        if (crashAt >= 0) {
            plan = crashes(plan, subject, s, crashAt);
        }
        SimFabric.Builder b = fabric(subject, topology, s).faults(plan);
        if (traceLines > 0) {
            b.captureTrace(1_000_000);
        }
        try (SimFabric fabric = b.build()) {
            if (crashAt >= 0 && subject.restartAfterEvents() >= 0) {
                for (Map.Entry<Integer, CrashState.NodeImage> e : restartImages.images().entrySet()) {
                    int node = e.getKey();
                    fabric.engine().atEvent(crashAt + 1 + subject.restartAfterEvents(), () -> {
                        if (fabric.node(node).isUp()) {
                            return;
                        }
                        CrashFrontier f = fabric.frontier(node);
                        if (f != null) {
                            fabric.restart(node, f.image(e.getValue().choices(), e.getValue().fifoCut()));
                        } else if (fabric.processCrashImage(node) != null) {
                            fabric.restart(node, fabric.processCrashImage(node));
                        }
                    });
                }
            }
            Subject.Deployment d = subject.deploy(fabric, s.program());
            List<List<OpRecord>> perClient = ClientActors.spawn(fabric, topology, d, s.program());
            fabric.run();
            long events = fabric.engine().dispatched();
            List<OpRecord> history = merged(perClient);
            List<String> trace = lastLines(fabric, traceLines);
            SortedMap<Integer, CrashFrontier> frontiers = frontiers(fabric, subject, s);
            SortedMap<Integer, PmImage> killed = killed(fabric, subject, s);
            boolean crashed = !fabric.firedFaults().isEmpty();
            Observation observed = subject.observeInRun(fabric, d, s.program(), keys(s));
            Execution e = new Execution(events, frontiers, killed, crashed, history, trace, observed);
            if (traceLines > 0) {
                e.crashPoint = CrashPoint.describe(subject.name(), fabric.trace().records(), history, topology, crashAt, s.program().clients().size());
            }
            return e;
        }
    }

    /** The scenario's crash of its target at {@code crashAt}: power failures, or process crashes for a {@code /kill} target. */
    private static FaultPlan crashes(FaultPlan plan, Subject subject, Scenario s, long crashAt) {
        for (int n : crashed(subject, s)) {
            plan = plan.with(s.target().processCrash() ? FaultPlan.Fault.processCrash(n, crashAt) : FaultPlan.Fault.powerFailure(n, crashAt));
        }
        return plan;
    }

    private static SortedMap<Integer, PmImage> killed(SimFabric fabric, Subject subject, Scenario s) {
        TreeMap<Integer, PmImage> k = new TreeMap<>();
        for (int n : crashed(subject, s)) {
            if (fabric.processCrashImage(n) != null) {
                k.put(n, fabric.processCrashImage(n));
            }
        }
        return k;
    }

    private static SortedMap<Integer, CrashFrontier> frontiers(SimFabric fabric, Subject subject, Scenario s) {
        TreeMap<Integer, CrashFrontier> f = new TreeMap<>();
        for (int n : crashed(subject, s)) {
            if (fabric.frontier(n) != null) {
                f.put(n, fabric.frontier(n));
            }
        }
        return f;
    }

    private static List<OpRecord> merged(List<List<OpRecord>> perClient) {
        List<OpRecord> history = new ArrayList<>();
        perClient.forEach(history::addAll);
        history.sort(Comparator.comparingLong(OpRecord::invokeEvent).thenComparingInt(OpRecord::client));
        return history;
    }

    private static List<String> lastLines(SimFabric fabric, int traceLines) {
        if (traceLines <= 0) {
            return List.of();
        }
        List<String> all = fabric.trace().lines();
        return List.copyOf(all.subList(Math.max(0, all.size() - traceLines), all.size()));
    }

    /** Every key the program touches. */
    static SortedSet<Integer> keys(Scenario s) {
        SortedSet<Integer> keys = new TreeSet<>();
        for (List<Op> ops : s.program().clients()) {
            for (Op op : ops) {
                keys.add(op.key());
            }
        }
        return keys;
    }

    /** Restarts the (single) server from a post-crash image, recovers, and reads every key the program touched. */
    static Observation observe(Subject subject, Scenario s, CrashImage image) {
        return observe(subject, s, new TreeMap<>(Map.of(image.frontier().nodeId(), image)));
    }

    /** Restarts every crashed node from its post-crash image on a fresh fabric, recovers, and reads every key back. */
    static Observation observe(Subject subject, Scenario s, SortedMap<Integer, CrashImage> images) {
        return observe(subject, s, images, new TreeMap<>());
    }

    /** As {@link #observe(Subject, Scenario, SortedMap)}, with killed nodes restarted from the image their process crash left. */
    static Observation observe(Subject subject, Scenario s, SortedMap<Integer, CrashImage> images, SortedMap<Integer, PmImage> killed) {
        return observe(subject, s, images, killed, new TreeMap<>());
    }

    /** As above, with the nodes that did not crash but hold PM restarted from their PM as a clean shutdown left it. */
    static Observation observe(Subject subject, Scenario s, SortedMap<Integer, CrashImage> images, SortedMap<Integer, PmImage> killed,
                               SortedMap<Integer, PmImage> survivors) {
        SimFabric.Builder b = fabric(subject, subject.topology(s.program()), s);
        survivors.forEach((n, image) -> b.restore(n, image));
        images.forEach((n, image) -> b.restore(n, image));
        killed.forEach((n, image) -> b.restore(n, image));
        try (SimFabric restarted = b.build()) {
            return subject.recoverAndObserve(restarted, s.program(), keys(s));
        }
    }
}
