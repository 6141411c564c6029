package io.rdasuite.hwsim.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The nemesis of a simulated run (DESIGN §3, "Crashes and faults"): faults at chosen event indices, and
 * CPU contention per node.
 *
 * @param faults         what happens, and when (event index)
 * @param cpuHogs        node id → background processes competing for its cores
 * @param stopOnPowerFailure end the run at the first power failure (crash exploration wants the frontier only)
 * @param tornLines      let a dirty cache line be written back torn at 8-byte units, not only whole
 * @param cpuHogSliceNs  how CPU hogs share the cores: 0 = processor sharing (every CPU charge stretched by the
 *                       node's load), above 0 = time slices of this length (an OS scheduler that runs each
 *                       thread for a slice and then makes it wait while the hogs run; see {@code SimNode})
 */
public record FaultPlan(List<Fault> faults, Map<Integer, Integer> cpuHogs, boolean stopOnPowerFailure, boolean tornLines, long cpuHogSliceNs) {
    public static final FaultPlan NONE = new FaultPlan(List.of(), Map.of(), true, false, 0);

    public FaultPlan {
        faults = List.copyOf(faults);
        cpuHogs = new TreeMap<>(cpuHogs);
        if (cpuHogSliceNs < 0) {
            throw new IllegalArgumentException("a CPU hog time slice is 0 (processor sharing) or positive: " + cpuHogSliceNs);
        }
    }

    /** The same plan with CPU hogs scheduled in time slices of {@code sliceNs} (0: processor sharing). */
    public FaultPlan withCpuHogSlices(long sliceNs) {
        return new FaultPlan(faults, cpuHogs, stopOnPowerFailure, tornLines, sliceNs);
    }

    /** A plan with one more fault. */
    public FaultPlan with(Fault fault) {
        List<Fault> f = new ArrayList<>(faults);
        f.add(fault);
        return new FaultPlan(f, cpuHogs, stopOnPowerFailure, tornLines, cpuHogSliceNs);
    }

    public FaultPlan withCpuHogs(int nodeId, int hogs) {
        TreeMap<Integer, Integer> h = new TreeMap<>(cpuHogs);
        h.put(nodeId, hogs);
        return new FaultPlan(faults, h, stopOnPowerFailure, tornLines, cpuHogSliceNs);
    }

    public FaultPlan withTornLines(boolean torn) {
        return new FaultPlan(faults, cpuHogs, stopOnPowerFailure, torn, cpuHogSliceNs);
    }

    public FaultPlan continuingAfterPowerFailure() {
        return new FaultPlan(faults, cpuHogs, false, tornLines, cpuHogSliceNs);
    }

    /**
     * One fault.
     *
     * @param kind         what fails
     * @param nodeId       which node
     * @param atEvent      the dispatched-event index it happens before
     * @param threadPrefix STALL: the threads of the node whose names start with it ("" for all); otherwise ""
     * @param durationNs   STALL: how long they stay descheduled; otherwise 0
     * @param imageIndex   RESTART: which post-crash image of the node's power-failure frontier it comes back with
     *                     ({@code CrashFrontier.image(long)}; a node that process-crashed comes back with the one
     *                     image it left); otherwise 0
     */
    public record Fault(Kind kind, int nodeId, long atEvent, String threadPrefix, long durationNs, long imageIndex) {
        public enum Kind {
            /** Power lost: in-domain state drains to media, the rest is lost (a crash frontier is recorded). */
            POWER_FAILURE,
            /**
             * The node's process dies: PM keeps what was visible, DRAM and QPs are lost. On a client node this is
             * a client crash: its posted writes still on the wire arrive only as far as their packets had left.
             */
            PROCESS_CRASH,
            /**
             * The node's threads named by a prefix stop being scheduled for a while (an OS that deschedules them, a
             * page fault, a long GC pause): each runs on only once the stall is over. Hardware keeps running.
             */
            STALL,
            /**
             * A crashed node comes back: a new incarnation of it boots from a post-crash image and rejoins the running
             * simulation (its DRAM, caches, NIC and connections are new; its old rkeys are refused). What rejoining
             * means for a protocol, its listeners say ({@link SimFabric#onRestart}).
             */
            RESTART
        }

        public Fault {
            java.util.Objects.requireNonNull(kind);
            java.util.Objects.requireNonNull(threadPrefix);
            if (durationNs < 0 || (kind != Kind.STALL && (durationNs != 0 || !threadPrefix.isEmpty()))) {
                throw new IllegalArgumentException("only a STALL has a thread prefix and a duration (>= 0): " + kind + " " + threadPrefix + " " + durationNs);
            }
            if (imageIndex < 0 || (kind != Kind.RESTART && imageIndex != 0)) {
                throw new IllegalArgumentException("only a RESTART has an image index (>= 0): " + kind + " " + imageIndex);
            }
        }

        public Fault(Kind kind, int nodeId, long atEvent, String threadPrefix, long durationNs) {
            this(kind, nodeId, atEvent, threadPrefix, durationNs, 0);
        }

        public Fault(Kind kind, int nodeId, long atEvent) {
            this(kind, nodeId, atEvent, "", 0, 0);
        }

        /**
         * Restarts crashed node {@code nodeId} at event {@code atEvent} with image {@code imageIndex} of the frontier
         * its power failure left (a process crash leaves one image; the index is then ignored). A node that is up
         * then is not restarted.
         */
        public static Fault restart(int nodeId, long atEvent, long imageIndex) {
            return new Fault(Kind.RESTART, nodeId, atEvent, "", 0, imageIndex);
        }

        public static Fault powerFailure(int nodeId, long atEvent) {
            return new Fault(Kind.POWER_FAILURE, nodeId, atEvent);
        }

        public static Fault processCrash(int nodeId, long atEvent) {
            return new Fault(Kind.PROCESS_CRASH, nodeId, atEvent);
        }

        /**
         * Stalls the threads of {@code nodeId} whose names start with {@code threadNamePrefix} for {@code durationNs}
         * of virtual time from event {@code atEvent} on (threads started later are not affected).
         */
        public static Fault stall(int nodeId, String threadNamePrefix, long atEvent, long durationNs) {
            return new Fault(Kind.STALL, nodeId, atEvent, threadNamePrefix, durationNs);
        }
    }
}
