package io.rdasuite.crashsim;

import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.FlushResponder;
import io.rdasuite.store.persist.PersistentWriter;
import io.rdasuite.store.persist.WriteMethod;
import io.rdasuite.store.remotelog.ChecksummedRecord;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Singleton REMOTELOG appends (paper 003 §4.1) persisted by one {@link WriteMethod}, checked against power
 * failures: for each sampled crash point, each post-crash image (bounded), recovery scans the checksummed
 * records and every append acknowledged before the crash must be there, intact; every record that passes
 * its checksum must be exactly one that was written (never torn, never mixed).
 */
public final class AppendDurabilityCheck {
    private static final String LOG = "log";

    /**
     * @param config             the server configuration
     * @param transport          IB or iWARP
     * @param method             how each append is persisted
     * @param appends            log records appended
     * @param crashPointBound    crash points checked (every event when the run has fewer)
     * @param imagesPerPointBound post-crash images checked per crash point (all when fewer)
     * @param timings            simulations with different timing (seeds derived from {@code seed}): the
     *                           hardware's timing freedom (NIC/PCIe stalls, jitter) is explored by seed
     * @param seed               drives the simulation and the sampling
     */
    public record Spec(ServerConfig config, Transport transport, WriteMethod method, int appends, int crashPointBound,
                       int imagesPerPointBound, int timings, long seed) {
        public Spec {
            if (appends < 1 || crashPointBound < 1 || imagesPerPointBound < 1 || timings < 1) {
                throw new IllegalArgumentException("appends, crash points, images per point and timings must be positive");
            }
        }

        Spec withSeed(long s) {
            return new Spec(config, transport, method, appends, crashPointBound, imagesPerPointBound, 1, s);
        }
    }

    /**
     * @param spec             what was checked
     * @param events           events in the crash-free run
     * @param crashPoints      crash points explored
     * @param crashStates      post-crash images checked
     * @param violatingStates  images in which some invariant failed
     * @param meanAppendNs     simulated mean latency of one persistent append
     * @param firstViolation   a description of the first violation, or null
     */
    public record Result(Spec spec, long events, int crashPoints, long crashStates, long violatingStates, long meanAppendNs,
                         String firstViolation) {
        public boolean passed() {
            return violatingStates == 0;
        }
    }

    private AppendDurabilityCheck() {
    }

    public static Result run(Spec spec) {
        Result total = null;
        for (int t = 0; t < spec.timings(); t++) {
            Result r = runOneTiming(spec.withSeed(spec.seed() + t * 1_000_003L));
            total = total == null ? r : new Result(spec, total.events() + r.events(), total.crashPoints() + r.crashPoints(),
                    total.crashStates() + r.crashStates(), total.violatingStates() + r.violatingStates(), total.meanAppendNs(),
                    total.firstViolation() != null ? total.firstViolation() : r.firstViolation());
        }
        return new Result(spec, total.events(), total.crashPoints(), total.crashStates(), total.violatingStates(), total.meanAppendNs(),
                total.firstViolation());
    }

    private static Result runOneTiming(Spec spec) {
        Run dry = Run.execute(spec, -1);
        long events = dry.eventsAtEnd;
        long meanNs = dry.meanAppendNs();
        TreeSet<Long> points = crashPoints(spec, events);
        long states = 0;
        long violating = 0;
        String first = null;
        for (long point : points) {
            Run crashed = Run.execute(spec, point);
            CrashFrontier frontier = crashed.frontier;
            if (frontier == null) {
                continue;
            }
            for (CrashImage image : frontier.enumerate(spec.imagesPerPointBound(), spec.seed() ^ point)) {
                states++;
                String violation = check(spec, crashed, image);
                if (violation != null) {
                    violating++;
                    if (first == null) {
                        first = "seed " + spec.seed() + ", power failure at event " + point + " (t=" + crashed.crashTimeNs + "ns), image " + image.describe() + ": " + violation;
                    }
                }
            }
        }
        return new Result(spec, events, points.size(), states, violating, meanNs, first);
    }

    /** Every event when there are at most {@code bound + 1}; else the first, the last and seeded samples. */
    private static TreeSet<Long> crashPoints(Spec spec, long events) {
        TreeSet<Long> points = new TreeSet<>();
        if (events + 1 <= spec.crashPointBound()) {
            for (long e = 0; e <= events; e++) {
                points.add(e);
            }
            return points;
        }
        points.add(0L);
        points.add(events);
        SplittableRandom random = new SplittableRandom(spec.seed() * 7919 + 17);
        while (points.size() < spec.crashPointBound()) {
            points.add(random.nextLong(events + 1));
        }
        return points;
    }

    /** Recovery: read every slot; acknowledged ones must be valid; valid ones must be what was written. */
    private static String check(Spec spec, Run run, CrashImage image) {
        for (int i = 0; i < spec.appends(); i++) {
            byte[] slot = image.bytes(LOG, (long) i * ChecksummedRecord.BYTES, ChecksummedRecord.BYTES);
            boolean valid = ChecksummedRecord.valid(slot);
            if (valid && !Arrays.equals(slot, expected(spec, i))) {
                return "record " + i + " passes its checksum but differs from what was appended (torn or mixed)";
            }
            if (!valid && run.ackEvent[i] >= 0) {
                return "append " + i + " was acknowledged at event " + run.ackEvent[i] + " but is lost";
            }
        }
        return null;
    }

    private static byte[] expected(Spec spec, int i) {
        return ChecksummedRecord.encode(i, spec.seed()).toArray(ValueLayout.JAVA_BYTE);
    }

    /** One simulation of the append program, optionally with a power failure of the server. */
    private static final class Run {
        long eventsAtEnd;
        long crashTimeNs;
        CrashFrontier frontier;
        long[] ackEvent;
        long[] latencyNs;

        static Run execute(Spec spec, long crashAt) {
            FaultPlan faults = crashAt < 0 ? FaultPlan.NONE : FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, crashAt));
            Run run = new Run();
            run.ackEvent = new long[spec.appends()];
            run.latencyNs = new long[spec.appends()];
            Arrays.fill(run.ackEvent, -1);
            try (SimFabric fabric = SimFabric.builder().seed(spec.seed()).transport(spec.transport()).faults(faults)
                    .node(spec.config()).node(spec.config()).build()) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion log = server.register(MemoryKind.PM, LOG, (long) spec.appends() * ChecksummedRecord.BYTES);
                Connection conn = fabric.connect(client, server);
                if (spec.method().twoSided()) {
                    FlushResponder.start(server, conn.responder(), log, "flusher");
                }
                PersistentWriter writer = new PersistentWriter(client, conn.requester(), spec.method(), "appender");
                client.spawn("appender", () -> {
                    for (int i = 0; i < spec.appends(); i++) {
                        long start = client.clock().nowNanos();
                        MemorySegment record = ChecksummedRecord.encode(i, spec.seed());
                        if (!writer.write(record, log.address((long) i * ChecksummedRecord.BYTES), log.rkey())) {
                            return;
                        }
                        run.ackEvent[i] = fabric.engine().dispatched();
                        run.latencyNs[i] = client.clock().nowNanos() - start;
                    }
                });
                fabric.run();
                run.eventsAtEnd = fabric.engine().dispatched();
                run.crashTimeNs = fabric.engine().now();
                run.frontier = fabric.frontier(0);
            }
            return run;
        }

        long meanAppendNs() {
            long sum = 0;
            for (long l : latencyNs) {
                sum += l;
            }
            return sum / latencyNs.length;
        }
    }
}
