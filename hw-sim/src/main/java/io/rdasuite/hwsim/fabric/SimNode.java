package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Actor;
import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.engine.Event;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.memory.Cache;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
import io.rdasuite.hwsim.memory.SimRegion;
import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.pm.LocalMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * A simulated machine: its regions, NIC, last-level cache and cores. Its threads are actors; CPU work
 * occupies one of {@code coresPerNode} cores (slowed down by CPU-hog background processes when a fault
 * plan adds them, for Nessie's shared-CPU experiment).
 */
public final class SimNode implements Node {
    private static final long REGION_ALIGN = 4096;

    final SimFabric fabric;
    private final int id;
    private final ServerConfig config;
    final SimNic nic;
    final Cache cache;
    private final PmImage restoreFrom;
    private final CrashImage restoreFromCrash;
    private final List<SimRegion> regions = new ArrayList<>();
    private final TreeMap<String, SimRegion> byName = new TreeMap<>();
    private final List<SimQueuePair> queuePairs = new ArrayList<>();
    private final long[] coreFreeAt;
    private final SimClock clock;
    private final SplittableRandom evictionTimes;
    private final SplittableRandom preemptions;
    private long nextAddress = 0x1000_0000L;
    private boolean evictionScheduled;
    private int cpuHogs;
    private long hogSliceNs;
    private long hogPeriodNs;
    private final SplittableRandom slicePhases;
    private boolean up = true;
    private final int incarnation;
    private long downSinceNs = Long.MAX_VALUE;

    SimNode(SimFabric fabric, int id, ServerConfig config, PmImage restoreFrom, CrashImage restoreFromCrash, long clockSkewNs, int incarnation) {
        this.fabric = fabric;
        this.id = id;
        this.config = config;
        this.restoreFrom = restoreFrom;
        this.restoreFromCrash = restoreFromCrash;
        this.incarnation = incarnation;
        String n = incarnation == 0 ? Integer.toString(id) : id + "#" + incarnation; // a restarted node draws new streams
        this.cache = new Cache(fabric.engine.random("llc-" + n), fabric.cost.llcDirtyLines());
        this.evictionTimes = fabric.engine.random("evict-" + n);
        this.preemptions = fabric.engine.random("preempt-" + n);
        this.slicePhases = fabric.engine.random("slices-" + n);
        this.coreFreeAt = new long[fabric.cost.coresPerNode()];
        this.clock = new SimClock(this, clockSkewNs);
        this.nic = new SimNic(this);
        this.nextAddress += (long) id << 36;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public ServerConfig config() {
        return config;
    }

    @Override
    public boolean isUp() {
        return up;
    }

    long downSinceNs() {
        return downSinceNs;
    }

    @Override
    public MemoryRegion register(MemoryKind kind, String name, long lengthBytes) {
        if (!up) {
            throw new IllegalStateException("node " + id + " is down");
        }
        if (byName.containsKey(name)) {
            throw new IllegalArgumentException("node " + id + " already has a region named '" + name + "'");
        }
        long length = (lengthBytes + 63) & ~63L;
        int rkey = fabric.nextRkey();
        MemoryRegion region = new MemoryRegion(id, name, kind, nextAddress, length, rkey);
        nextAddress += (length + REGION_ALIGN - 1) / REGION_ALIGN * REGION_ALIGN + REGION_ALIGN;
        SimRegion sim;
        if (kind == MemoryKind.PM && restoreFrom != null && restoreFrom.regions().containsKey(name)) {
            checkRestoredLength(name, restoreFrom.units(name).length, length);
            sim = SimRegion.restored(region, cache, config.domain(), restoreFrom.units(name)); // the image is shared, never written
        } else if (kind == MemoryKind.PM && restoreFromCrash != null && restoreFromCrash.frontier().hasRegion(name)) {
            sim = SimRegion.restored(region, cache, config.domain(), restoreFromCrash);
            checkRestoredLength(name, sim.units(), length);
        } else {
            sim = new SimRegion(region, cache, config.domain(), null);
        }
        regions.add(sim);
        byName.put(name, sim);
        fabric.registerRkey(rkey, sim, this);
        return region;
    }

    private static void checkRestoredLength(String name, long units, long length) {
        if (units * 8 != length) {
            throw new IllegalArgumentException("region '" + name + "' restored with " + units * 8 + " bytes, registered with " + length);
        }
    }

    SimRegion regionOf(MemoryRegion region) {
        // by rkey, an array index, instead of a by-name tree lookup (a String compare per level; every posted receive
        // asks): this node registered the rkey and names are unique per node, so it finds the region byName would
        SimRegion sim = fabric.regionByRkey(region.rkey(), this);
        if (sim == null || region.nodeId() != id || !sim.region.name().equals(region.name())) {
            throw new IllegalArgumentException("region " + region.name() + " is not a region of node " + id);
        }
        return sim;
    }

    SimRegion regionByRkey(int rkey) {
        return fabric.regionByRkey(rkey, this); // another node's or an earlier incarnation's rkey is refused
    }

    /** 0 for the node as built; each {@link SimFabric#restart} of it adds one. */
    public int incarnation() {
        return incarnation;
    }

    /** The simulated region behind a registered region (for tests and inspection). */
    public SimRegion simRegion(String name) {
        SimRegion r = byName.get(name);
        if (r == null) {
            throw new IllegalArgumentException("node " + id + " has no region '" + name + "'; it has " + byName.keySet());
        }
        return r;
    }

    @Override
    public LocalMemory local(MemoryRegion region) {
        return new SimLocalMemory(this, regionOf(region));
    }

    @Override
    public void spawn(String name, Runnable body) {
        spawnActor(name, false, body);
    }

    @Override
    public void spawnDaemon(String name, Runnable body) {
        spawnActor(name, true, body);
    }

    private void spawnActor(String name, boolean daemon, Runnable body) {
        if (!up) {
            throw new IllegalStateException("node " + id + " is down");
        }
        Actor a = fabric.engine.spawn(name, id, daemon, body);
        a.attachment = new ThreadState();
    }

    @Override
    public Clock clock() {
        return clock;
    }

    /** The calling actor, checked to belong to this node and to be alive. */
    Actor checkCaller() {
        Actor self = fabric.engine.self();
        fabric.engine.checkAlive(self);
        if (self.node() != id) {
            throw new IllegalStateException("actor " + self + " used node " + id + "'s resources; use the local node's");
        }
        return self;
    }

    /**
     * Occupies a core for {@code nanos} and advances the calling actor past it. With CPU hogs on the node the work
     * takes longer: under processor sharing every charge is stretched by {@code (hogs + 1) / cores} when that exceeds
     * 1; under time slices ({@link FaultPlan#cpuHogSliceNs()}) the thread runs only in its slices, as {@link
     * #sliced} describes.
     */
    void chargeCpu(Actor self, long nanos) {
        if (nanos <= 0) {
            return;
        }
        boolean slices = cpuHogs > 0 && hogSliceNs > 0;
        long scaled = cpuHogs == 0 || slices ? nanos : (long) Math.ceil(nanos * Math.max(1.0, (cpuHogs + 1.0) / coreFreeAt.length));
        int core = 0;
        for (int c = 1; c < coreFreeAt.length; c++) {
            if (coreFreeAt[c] < coreFreeAt[core]) {
                core = c;
            }
        }
        Engine engine = fabric.engine;
        long start = Math.max(engine.now(), coreFreeAt[core]);
        long end = slices ? sliced((ThreadState) self.attachment, start, nanos) : start + scaled;
        coreFreeAt[core] = end;
        fabric.accounting.cpu(id, scaled, ((ThreadState) self.attachment).scope);
        long preempted = 0;
        if (fabric.cost.preemptionPercent() > 0 && preemptions.nextInt(100) < fabric.cost.preemptionPercent()) {
            preempted = 1 + preemptions.nextLong(fabric.cost.preemptionMaxNs());
        }
        engine.advance(end + preempted - engine.now());
    }

    /**
     * Time-sliced CPU hogs (paper 004 §6.1: background processes not pinned to any core, the workers each pinned to
     * one): the hogs spread over the cores, so every thread shares its core with {@code hogs / cores} of them on
     * average and, like under a fair scheduler, runs for one slice and then waits while they run theirs, a period
     * of {@code slice * (cores + hogs) / cores}. Each thread's rhythm starts at a seeded phase. Work that starts in
     * a waiting part starts at the next slice; work longer than what is left of a slice continues in the next one.
     * Returns when {@code nanos} of work that may start at {@code start} is done.
     */
    private long sliced(ThreadState thread, long start, long nanos) {
        long period = hogPeriodNs;
        if (thread.slicePhaseNs < 0) {
            thread.slicePhaseNs = slicePhases.nextLong(period);
        }
        long t = start;
        long left = nanos;
        while (left > 0) {
            long into = Math.floorMod(t - thread.slicePhaseNs, period);
            if (into >= hogSliceNs) {
                t += period - into; // waiting while the hogs run: to the start of the next slice
                continue;
            }
            long run = Math.min(left, hogSliceNs - into);
            t += run;
            left -= run;
        }
        return t;
    }

    /** Background processes competing for this node's cores from now on, shared as {@code sliceNs} says (0: processor sharing). */
    public void setCpuHogs(int hogs, long sliceNs) {
        if (hogs < 0 || sliceNs < 0) {
            throw new IllegalArgumentException("negative CPU hogs or slice: " + hogs + ", " + sliceNs);
        }
        this.cpuHogs = hogs;
        this.hogSliceNs = sliceNs;
        // one slice of the thread's, then the hogs' share of its core: slice * (cores + hogs) / cores in all
        this.hogPeriodNs = Math.max(sliceNs + 1, (long) Math.ceil(sliceNs * (coreFreeAt.length + (double) hogs) / coreFreeAt.length));
    }

    /** Background processes competing for this node's cores from now on (processor sharing). */
    public void setCpuHogs(int hogs) {
        setCpuHogs(hogs, 0);
    }

    void addQueuePair(SimQueuePair qp) {
        queuePairs.add(qp);
    }

    /** Something may have dirtied a line: make sure natural eviction is running (unless the cost model has none). */
    void cacheTouched() {
        if (!evictionScheduled && up && cache.dirtyLines() > 0 && fabric.cost.evictionMeanNs() > 0) {
            evictionScheduled = true;
            fabric.engine.schedule(new EvictionEvent(), fabric.engine.now() + nextEvictionDelay());
        }
    }

    private long nextEvictionDelay() {
        double u = evictionTimes.nextDouble();
        return 1 + (long) (-fabric.cost.evictionMeanNs() * Math.log(1.0 - u));
    }

    /** Power failure: returns every post-crash PM image the hardware allows. */
    CrashFrontier powerFailure(boolean tornLines) {
        CrashFrontier frontier = frontier(tornLines, true);
        nic.dropInbound();
        goDown();
        return frontier;
    }

    /**
     * The frontier {@link #powerFailure} would return now, computed on copies: the node runs on untouched. One run can
     * so stand for every crash point of its timing (the crash explorer's single pass).
     */
    CrashFrontier frontierIfPowerFailedNow(boolean tornLines) {
        return frontier(tornLines, false);
    }

    /** The media as snapshots, what the NIC holds, the dirty lines; {@code drainInPlace}: WSP drains also reach the memory. */
    private CrashFrontier frontier(boolean tornLines, boolean drainInPlace) {
        CrashFrontier.Builder frontier = CrashFrontier.builder(id, tornLines).relaxedOrdering(config.relaxedOrdering());
        for (SimRegion r : byName.values()) {
            if (r.isPm()) {
                frontier.base(r.region.name(), r.mediaSnapshot());
            }
        }
        nic.addInbound(frontier, drainInPlace);
        cache.addTo(frontier);
        return frontier.build();
    }

    /** What this node's PM holds as its CPU sees it now (it keeps running): its PM regions if it shut down cleanly. */
    PmImage pmSnapshot() {
        TreeMap<String, long[]> pm = new TreeMap<>();
        for (SimRegion r : byName.values()) {
            if (r.isPm()) {
                pm.put(r.region.name(), r.visibleCopy());
            }
        }
        return new PmImage(id, pm);
    }

    /**
     * Process crash: PM keeps what was visible (caches stay powered and coherent), including the updates the NIC had
     * already accepted; DRAM is lost.
     */
    PmImage processCrash() {
        nic.processCrash(); // first: what the NIC accepted is still placed
        TreeMap<String, long[]> pm = new TreeMap<>();
        for (SimRegion r : byName.values()) {
            if (r.isPm()) {
                pm.put(r.region.name(), r.visibleCopy());
            }
        }
        goDown();
        return new PmImage(id, pm);
    }

    private void goDown() {
        up = false;
        downSinceNs = fabric.engine.now();
        for (Actor a : fabric.engine.actors()) {
            if (a.node() == id) {
                fabric.engine.kill(a);
            }
        }
        for (SimQueuePair qp : queuePairs) {
            qp.broken = true;
            qp.peer.breakConnection();
        }
    }

    /** Natural eviction of one seeded-random dirty line (DESIGN §3). */
    private final class EvictionEvent extends Event {
        @Override
        protected void fire() {
            evictionScheduled = false;
            if (!up) {
                return;
            }
            cache.evictRandom();
            cacheTouched();
        }

        @Override
        protected TraceKind kind() {
            return TraceKind.EVICT;
        }

        @Override
        protected int nodeId() {
            return id;
        }

        @Override
        protected long traceArgument() {
            return cache.dirtyLines();
        }
    }
}
