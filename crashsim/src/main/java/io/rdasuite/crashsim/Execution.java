package io.rdasuite.crashsim;

import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.model.CostModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/** One simulated run of a scenario, optionally cut by a power failure of the server at a chosen event (DESIGN §5). */
public final class Execution {
    final long events;
    final CrashFrontier frontier;
    final List<OpRecord> history;
    final List<String> trace;

    private Execution(long events, CrashFrontier frontier, List<OpRecord> history, List<String> trace) {
        this.events = events;
        this.frontier = frontier;
        this.history = history;
        this.trace = trace;
    }

    /**
     * Exploration runs under a timing nemesis: half of all inbound writes linger up to 3 µs in NIC/PCIe
     * buffers (past their IB completion), non-posted operations jitter up to 400 ns, and a quarter of server
     * CPU steps are followed by a preemption of up to 5 µs. All are timings the hardware and OS allow;
     * making them frequent is what lets a few seeds reach the states that matter.
     */
    public static final CostModel EXPLORATION_COST = CostModel.defaults().withTimingNemesis(50, 3000, 400, 25, 5000);

    /** The fabric a scenario runs on: node 0 the server, one node per client, the scenario's seed and transport, the timing nemesis. */
    public static SimFabric.Builder fabric(Scenario s) {
        SimFabric.Builder b = SimFabric.builder().seed(s.seed()).transport(s.transport()).cost(EXPLORATION_COST).node(s.config());
        for (int c = 0; c < s.program().clients().size(); c++) {
            b.node(s.config());
        }
        return b;
    }

    /** Runs the scenario; {@code crashAt < 0} means no crash; {@code traceLines > 0} keeps that many last trace lines. */
    static Execution run(Subject subject, Scenario s, long crashAt, int traceLines) {
        SimFabric.Builder b = fabric(s);
        if (crashAt >= 0) {
            b.faults(FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, crashAt)));
        }
        if (traceLines > 0) {
            b.captureTrace(1_000_000);
        }
        try (SimFabric fabric = b.build()) {
            Subject.Deployment d = subject.deploy(fabric, s.program());
            List<List<OpRecord>> perClient = ClientActors.spawn(fabric, d, s.program());
            fabric.run();
            List<OpRecord> history = new ArrayList<>();
            perClient.forEach(history::addAll);
            history.sort(Comparator.comparingLong(OpRecord::invokeEvent).thenComparingInt(OpRecord::client));
            List<String> trace = List.of();
            if (traceLines > 0) {
                List<String> all = fabric.trace().lines();
                trace = List.copyOf(all.subList(Math.max(0, all.size() - traceLines), all.size()));
            }
            return new Execution(fabric.engine().dispatched(), fabric.frontier(0), history, trace);
        }
    }

    /** Restarts the server from a post-crash image, recovers, and reads every key the program touched. */
    static Observation observe(Subject subject, Scenario s, CrashImage image) {
        SortedSet<Integer> keys = new TreeSet<>();
        for (List<Op> ops : s.program().clients()) {
            for (Op op : ops) {
                keys.add(op.key());
            }
        }
        try (SimFabric restarted = fabric(s).restore(0, image).build()) {
            return subject.recoverAndObserve(restarted, s.program(), keys);
        }
    }
}
