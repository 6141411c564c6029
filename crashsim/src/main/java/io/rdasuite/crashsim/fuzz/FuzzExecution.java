package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.ClientActors;
import io.rdasuite.crashsim.CrashPoint;
import io.rdasuite.crashsim.cluster.Topology;

import io.rdasuite.crashsim.Execution;
import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.OpRecord;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.Subjects;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The simulated runs of one fuzz case (DESIGN §3, §5): the first run under the schedule's background faults, cut
 * by the server's power failure or process crash; a restarted run cut again (during its recovery, or after it and
 * a few more operations); and the final restart, recovery and read-back. Every run is a function of the case and
 * the crash choices: same inputs, same trace.
 */
final class FuzzExecution {
    /** A run that has not finished after this many events is an error (a hang), not an endless simulation. */
    static final long MAX_EVENTS = 4_000_000L;
    /** Trace lines kept before the last crash of a reproduced failure. */
    static final int TRACE_LINES = 40;

    private FuzzExecution() {
    }

    /**
     * A case made concrete against its calibration run (the program without background faults or crashes): the
     * subject with its cleaner start, and the background faults at event indices.
     */
    record Resolved(FuzzCase fuzzCase, Subject subject, List<FaultPlan.Fault> background, long calibrationEvents, long calibrationNs) {
        Scenario scenario() {
            return fuzzCase.scenario();
        }

        FaultSchedule schedule() {
            return fuzzCase.schedule();
        }
    }

    /**
     * One run: its events and virtual duration, the server's crash frontier (power failure) or PM image (process
     * crash), the operations, the last trace lines, the faults that fired, and where recovery ended (restarted
     * runs).
     */
    record Run(long events, long durationNs, CrashFrontier frontier, PmImage processImage, List<OpRecord> history, List<String> trace,
               List<FaultPlan.Fault> fired, long recoveryEvents, List<String> crashPoint) {
    }

    /** What the final restart saw, and how many events of each kind its recovery and read-back took. */
    record Observed(Observation observation, long[] kindCounts) {
    }

    static Resolved resolve(FuzzCase c) {
        Subject base = Subjects.byName(c.scenario().subject());
        Run calibration = first(new Resolved(c, base, List.of(), 0, 0), -1, 0);
        long events = calibration.events();
        Subject subject = base;
        int cleaner = c.schedule().cleanerStartPermille();
        if (cleaner >= 0 && base instanceof KvSubject kv && kv.cleans()) {
            subject = new KvSubject(kv.protocol(), calibration.durationNs() * cleaner / 1000);
        }
        List<FaultPlan.Fault> background = new ArrayList<>();
        for (FaultSchedule.ClientCrash cc : c.schedule().clientCrashes()) {
            background.add(FaultPlan.Fault.processCrash(cc.client() + 1, events * cc.permille() / 1000));
        }
        for (FaultSchedule.Stall st : c.schedule().stalls()) {
            background.add(FaultPlan.Fault.stall(0, st.threadPrefix(), events * st.permille() / 1000, st.durationNs()));
        }
        return new Resolved(c, subject, background, events, calibration.durationNs());
    }

    /** The first run; {@code crashAt < 0}: the server does not crash. */
    static Run first(Resolved r, long crashAt, int traceLines) {
        Scenario s = r.scenario();
        FaultSchedule schedule = r.schedule();
        FaultPlan plan = FaultPlan.NONE.withTornLines(schedule.tornLines());
        if (schedule.serverHogs() > 0) {
            plan = plan.withCpuHogs(0, schedule.serverHogs());
        }
        for (FaultPlan.Fault f : r.background()) {
            plan = plan.with(f);
        }
        boolean process = schedule.serverCrash() == FaultSchedule.ServerCrash.PROCESS_CRASH;
        if (crashAt >= 0) {
            plan = plan.with(process ? FaultPlan.Fault.processCrash(0, crashAt) : FaultPlan.Fault.powerFailure(0, crashAt));
        }
        SimFabric.Builder b = Execution.fabric(s).maxEvents(MAX_EVENTS).faults(plan);
        if (traceLines > 0) {
            b.captureTrace(1_000_000);
        }
        try (SimFabric fabric = b.build()) {
            if (crashAt >= 0 && process) {
                fabric.engine().atEvent(crashAt, fabric.engine()::requestStop); // after the crash: crash exploration wants its image only
            }
            Subject.Deployment d = r.subject().deploy(fabric, s.program());
            List<List<OpRecord>> perClient = ClientActors.spawn(fabric, d, s.program());
            fabric.run();
            List<OpRecord> history = merge(perClient);
            return new Run(fabric.engine().dispatched(), fabric.engine().now(), fabric.frontier(0), fabric.processCrashImage(0), history,
                    lastLines(fabric, traceLines), fabric.firedFaults(), 0, crashPoint(fabric, r, history, s.program(), crashAt, traceLines));
        }
    }

    /**
     * The run restarted from {@code image} (a {@link CrashImage} or a {@link PmImage}): recovery, and with
     * {@link FaultSchedule.Repeat#AFTER_RECOVERY} the operations after it; cut by a power failure at {@code crashAt}
     * ({@code < 0}: none).
     */
    static Run second(Resolved r, Object image, long crashAt, int traceLines) {
        Scenario s = r.scenario();
        FaultPlan plan = FaultPlan.NONE.withTornLines(r.schedule().tornLines());
        if (crashAt >= 0) {
            plan = plan.with(FaultPlan.Fault.powerFailure(0, crashAt));
        }
        SimFabric.Builder b = restore(Execution.fabric(s).maxEvents(MAX_EVENTS).faults(plan), image);
        if (traceLines > 0) {
            b.captureTrace(1_000_000);
        }
        try (SimFabric fabric = b.build()) {
            Subject subject = r.subject();
            List<List<OpRecord>> perClient = List.of();
            long recoveryEvents;
            switch (r.schedule().repeat()) {
                case DURING_RECOVERY -> {
                    if (subject instanceof RemoteLogSubject log) {
                        log.recoverOnly(fabric, s.program());
                    } else if (subject instanceof KvSubject kv) {
                        kv.deployRecovering(fabric, s.program());
                        fabric.run();
                    } else {
                        throw new IllegalArgumentException(subject.name() + " has no recovery to crash in");
                    }
                    recoveryEvents = fabric.engine().dispatched();
                }
                case AFTER_RECOVERY -> {
                    if (!(subject instanceof KvSubject kv)) {
                        throw new IllegalArgumentException(subject.name() + " takes no operations after a recovery");
                    }
                    Subject.Deployment d = kv.deployRecovering(fabric, s.program());
                    fabric.run(); // recovery: the clients start once it is over
                    recoveryEvents = fabric.engine().dispatched();
                    if (fabric.frontier(0) == null) {
                        perClient = ClientActors.spawn(fabric, d, r.schedule().afterRecovery());
                        fabric.run();
                    }
                }
                default -> throw new IllegalArgumentException("the schedule has no second crash");
            }
            List<OpRecord> history = merge(perClient);
            Program ops = r.schedule().afterRecovery() != null ? r.schedule().afterRecovery() : s.program();
            return new Run(fabric.engine().dispatched(), fabric.engine().now(), fabric.frontier(0), null, history,
                    lastLines(fabric, traceLines), fabric.firedFaults(), recoveryEvents, crashPoint(fabric, r, history, ops, crashAt, traceLines));
        }
    }

    /** The final restart from {@code image}: recovery, then every key of the case read back. */
    static Observed observe(Resolved r, Object image) {
        try (SimFabric restarted = restore(Execution.fabric(r.scenario()).maxEvents(MAX_EVENTS), image).build()) {
            Observation o = r.subject().recoverAndObserve(restarted, r.scenario().program(), r.fuzzCase().keys());
            TraceKind[] kinds = TraceKind.values();
            long[] counts = new long[kinds.length];
            for (TraceKind k : kinds) {
                counts[k.ordinal()] = restarted.trace().count(k);
            }
            return new Observed(o, counts);
        }
    }

    private static SimFabric.Builder restore(SimFabric.Builder b, Object image) {
        return switch (image) {
            case CrashImage c -> b.restore(0, c);
            case PmImage p -> b.restore(0, p);
            default -> throw new IllegalArgumentException("not a post-crash image: " + image);
        };
    }


    /**
     * Where the crash before {@code crashAt} cut the clients' operations, in the protocol's steps ({@link CrashPoint}), from
     * the captured trace: only a reproduced state (one with trace lines) has it, never an explored one.
     */
    private static List<String> crashPoint(SimFabric fabric, Resolved r, List<OpRecord> history, Program ops, long crashAt, int traceLines) {
        if (traceLines <= 0 || crashAt < 0) {
            return List.of();
        }
        int clients = ops.clients().size();
        return CrashPoint.describe(r.subject().name(), fabric.trace().records(), history, Topology.singleServer(clients), crashAt, clients);
    }

    private static List<OpRecord> merge(List<List<OpRecord>> perClient) {
        List<OpRecord> history = new ArrayList<>();
        perClient.forEach(history::addAll);
        history.sort(Comparator.comparingLong(OpRecord::invokeEvent).thenComparingInt(OpRecord::client));
        return history;
    }

    private static List<String> lastLines(SimFabric fabric, int n) {
        if (n <= 0) {
            return List.of();
        }
        List<String> all = fabric.trace().lines();
        return List.copyOf(all.subList(Math.max(0, all.size() - n), all.size()));
    }

    /** The records of a later epoch, moved past {@code offset} so that event order is real-time order across epochs. */
    static List<OpRecord> shifted(List<OpRecord> records, long offset) {
        return records.stream().map(r -> new OpRecord(r.client(), r.op(), r.invokeEvent() + offset,
                r.completed() ? r.completeEvent() + offset : -1, r.result())).toList();
    }
}
