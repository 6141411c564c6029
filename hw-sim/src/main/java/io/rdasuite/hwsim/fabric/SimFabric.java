package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Actor;
import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.engine.Trace;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
import io.rdasuite.hwsim.memory.SimRegion;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QpOptions;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The simulated fabric (DESIGN §3): the SPI over the deterministic engine and the hardware model. Build
 * one with {@link #builder()}, create nodes' regions, connections and actors, then {@link #run()} it from
 * the driver thread. Same seed, same configuration and same program give a byte-identical trace.
 */
public final class SimFabric implements io.rdasuite.store.fabric.Fabric, AutoCloseable {
    final Engine engine;
    final CostModel cost;
    final Accounting accounting = new Accounting();
    private final Transport transport;
    private final boolean writeAtomicSupported;
    /** False only for the fidelity check's negative control: CPU write-backs then skip the PM write bandwidth. */
    final boolean cpuWritebacksUsePmBandwidth;
    private final FaultPlan faults;
    private final List<SimNode> nodes = new ArrayList<>();
    /** Regions by {@code rkey - FIRST_RKEY}: rkeys are handed out densely, and every placement looks one up. */
    private SimRegion[] regionsByRkey = new SimRegion[16];
    /** The node (incarnation) that registered each rkey's region. */
    private SimNode[] ownersByRkey = new SimNode[16];
    private final TreeMap<Integer, CrashFrontier> frontiers = new TreeMap<>();
    private final TreeMap<Integer, PmImage> processCrashImages = new TreeMap<>();
    private final List<FaultPlan.Fault> fired = new ArrayList<>();
    private final List<java.util.function.Consumer<SimNode>> restartListeners = new ArrayList<>();
    private final Map<Integer, Long> clockSkewNs;
    private static final int FIRST_RKEY = 0x1000;
    private int nextRkey = FIRST_RKEY;
    private int nextQpn = 1;
    private final Clock fabricClock = new Clock() {
        @Override
        public long nowNanos() {
            return engine.now();
        }

        @Override
        public void chargeCpu(long nanos) {
            throw new UnsupportedOperationException("charge CPU through a node's clock");
        }

        @Override
        public void chargeCrc(long bytes) {
            throw new UnsupportedOperationException("charge CRC through a node's clock");
        }

        @Override
        public void sleepNanos(long nanos) {
            engine.advance(nanos);
        }

        @Override
        public OperationScope operation(String kind) {
            throw new UnsupportedOperationException("open operations through a node's clock");
        }
    };

    private SimFabric(Builder b) {
        this.engine = new Engine(b.seed, new Trace(b.captureTrace, b.traceCaptureLimit), b.maxEvents);
        this.cost = b.cost;
        this.transport = b.transport;
        this.writeAtomicSupported = b.writeAtomicSupported;
        this.cpuWritebacksUsePmBandwidth = b.cpuWritebacksUsePmBandwidth;
        this.faults = b.faults;
        this.clockSkewNs = new TreeMap<>(b.clockSkewNs);
        for (int i = 0; i < b.configs.size(); i++) {
            nodes.add(new SimNode(this, i, b.configs.get(i), b.restore.get(i), b.restoreCrash.get(i), b.clockSkewNs.getOrDefault(i, 0L), 0));
        }
        for (int skewed : b.clockSkewNs.keySet()) {
            if (skewed < 0 || skewed >= nodes.size()) {
                throw new IllegalArgumentException("clock skew for node " + skewed + " but there are " + nodes.size() + " nodes");
            }
        }
        for (Map.Entry<Integer, Integer> hog : faults.cpuHogs().entrySet()) {
            nodes.get(hog.getKey()).setCpuHogs(hog.getValue(), faults.cpuHogSliceNs());
        }
        for (FaultPlan.Fault f : faults.faults()) {
            if (f.nodeId() < 0 || f.nodeId() >= nodes.size()) {
                throw new IllegalArgumentException("fault on node " + f.nodeId() + " but there are " + nodes.size() + " nodes");
            }
            engine.atEvent(f.atEvent(), () -> inject(f));
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    private void inject(FaultPlan.Fault f) {
        SimNode node = nodes.get(f.nodeId());
        if (f.kind() == FaultPlan.Fault.Kind.RESTART) {
            if (node.isUp()) {
                return;
            }
            CrashFrontier frontier = frontiers.get(f.nodeId());
            if (frontier != null && processCrashImages.get(f.nodeId()) == null) {
                restart(f.nodeId(), frontier.image(Math.min(f.imageIndex(), frontier.stateCount() - 1)));
            } else {
                restart(f.nodeId(), processCrashImages.get(f.nodeId()));
            }
            fired.add(f);
            return;
        }
        if (!node.isUp()) {
            return;
        }
        switch (f.kind()) {
            case POWER_FAILURE -> {
                powerFailure(f.nodeId());
                if (faults.stopOnPowerFailure()) {
                    engine.requestStop();
                }
            }
            case PROCESS_CRASH -> processCrash(f.nodeId());
            case STALL -> {
                int stalled = 0;
                for (Actor a : engine.actors()) {
                    if (a.node() == f.nodeId() && !a.isFinished() && a.name().startsWith(f.threadPrefix())) {
                        engine.stall(a, engine.now() + f.durationNs());
                        stalled++;
                    }
                }
                if (stalled == 0) {
                    return; // no such thread (yet, or any more): nothing happened
                }
            }
        }
        fired.add(f);
    }

    /** The faults of the plan that took effect so far, in order (a fault on a node already down, or a stall of no thread, did not). */
    public List<FaultPlan.Fault> firedFaults() {
        return List.copyOf(fired);
    }

    /** Cuts a node's power now; the frontier of post-crash images is returned and kept. */
    public CrashFrontier powerFailure(int nodeId) {
        CrashFrontier f = nodes.get(nodeId).powerFailure(faults.tornLines());
        frontiers.put(nodeId, f);
        processCrashImages.remove(nodeId);
        return f;
    }

    /** Kills a node's process now; the PM image it leaves is returned and kept. */
    public PmImage processCrash(int nodeId) {
        PmImage image = nodes.get(nodeId).processCrash();
        processCrashImages.put(nodeId, image);
        frontiers.remove(nodeId);
        return image;
    }

    /**
     * Registers what a node does when it comes back ({@link #restart}): recovery and rejoining are the protocol's
     * (a server recovers and serves again, a monitor learns of it). Listeners run in registration order, on the
     * driver, before any actor of the new incarnation.
     */
    public void onRestart(java.util.function.Consumer<SimNode> listener) {
        restartListeners.add(java.util.Objects.requireNonNull(listener));
    }

    /**
     * Restarts crashed node {@code nodeId} in the running simulation from a post-crash image: a new incarnation of
     * the node (new NIC, empty caches, DRAM zeroed, no connections; the PM regions it registers again come back with
     * the image's contents) replaces the old one, and the {@link #onRestart} listeners run on it.
     */
    public SimNode restart(int nodeId, CrashImage image) {
        return restart(nodeId, null, java.util.Objects.requireNonNull(image));
    }

    /** As {@link #restart(int, CrashImage)}, from a materialized image (what a process crash leaves). */
    public SimNode restart(int nodeId, PmImage image) {
        return restart(nodeId, java.util.Objects.requireNonNull(image), null);
    }

    private SimNode restart(int nodeId, PmImage pm, CrashImage crash) {
        SimNode old = node(nodeId);
        if (old.isUp()) {
            throw new IllegalStateException("node " + nodeId + " is up: only a crashed node restarts");
        }
        SimNode fresh = new SimNode(this, nodeId, old.config(), pm, crash, clockSkewNs.getOrDefault(nodeId, 0L), old.incarnation() + 1);
        Integer hogs = faults.cpuHogs().get(nodeId);
        if (hogs != null) {
            fresh.setCpuHogs(hogs, faults.cpuHogSliceNs());
        }
        nodes.set(nodeId, fresh);
        engine.note(io.rdasuite.hwsim.engine.TraceKind.FAULT, nodeId, fresh.incarnation());
        for (java.util.function.Consumer<SimNode> listener : restartListeners) {
            listener.accept(fresh);
        }
        return fresh;
    }

    /**
     * The PM of a node that did not crash, as a clean shutdown would leave it (what its CPU sees now); null when it has
     * no PM region. The explorer restarts a cluster's surviving nodes from it (a monitor keeps its persisted state).
     */
    public PmImage pmSnapshot(int nodeId) {
        PmImage image = node(nodeId).pmSnapshot();
        return image.regions().isEmpty() ? null : image;
    }

    /**
     * The frontier a power failure of {@code nodeId} would leave now, without cutting its power (null when the node is
     * down): the same images as {@link #powerFailure}, while the run goes on unchanged.
     */
    public CrashFrontier frontierIfPowerFailedNow(int nodeId) {
        SimNode node = nodes.get(nodeId);
        return node.isUp() ? node.frontierIfPowerFailedNow(faults.tornLines()) : null;
    }

    /** The frontier recorded when {@code nodeId} lost power, or null. */
    public CrashFrontier frontier(int nodeId) {
        return frontiers.get(nodeId);
    }

    /** The PM image left when {@code nodeId}'s process crashed, or null. */
    public PmImage processCrashImage(int nodeId) {
        return processCrashImages.get(nodeId);
    }

    public Engine.RunStatus run() {
        return engine.run();
    }

    public Engine.RunStatus runUntil(long timeNanos) {
        return engine.runUntil(timeNanos);
    }

    public Engine engine() {
        return engine;
    }

    public Trace trace() {
        return engine.trace();
    }

    public Accounting accounting() {
        return accounting;
    }

    public CostModel cost() {
        return cost;
    }

    @Override
    public SimNode node(int id) {
        if (id < 0 || id >= nodes.size()) {
            throw new IllegalArgumentException("no node " + id + "; nodes are 0.." + (nodes.size() - 1));
        }
        return nodes.get(id);
    }

    @Override
    public int nodeCount() {
        return nodes.size();
    }

    @Override
    public Connection connect(Node requester, Node responder, QpOptions options) {
        SimNode a = (SimNode) requester;
        SimNode b = (SimNode) responder;
        // a == b is a loopback connection: requests leave the node's NIC and come back into it, paying the
        // NIC and port costs (Nessie §4.1.1 CASes its own index table this way, so that the NIC's atomics see it)
        SimQueuePair qa = new SimQueuePair(a, nextQpn++, options);
        SimQueuePair qb = new SimQueuePair(b, nextQpn++, options);
        qa.peer = qb;
        qb.peer = qa;
        a.addQueuePair(qa);
        b.addQueuePair(qb);
        if (!a.isUp() || !b.isUp()) {
            qa.broken = true;
            qb.broken = true;
        }
        return new Connection(qa, qb);
    }

    @Override
    public Transport transport() {
        return transport;
    }

    @Override
    public FlushSupport flushSupport() {
        return FlushSupport.NATIVE;
    }

    @Override
    public boolean supports(Opcode opcode) {
        return opcode != Opcode.WRITE_ATOMIC || writeAtomicSupported;
    }

    @Override
    public Clock clock() {
        return fabricClock;
    }

    @Override
    public boolean virtualTime() {
        return true;
    }

    void traceNote(TraceKind kind, int nodeId, long argument) {
        engine.note(kind, nodeId, argument);
    }

    int nextRkey() {
        return nextRkey++;
    }

    void registerRkey(int rkey, SimRegion region, SimNode owner) {
        int i = rkey - FIRST_RKEY;
        if (i >= regionsByRkey.length) {
            int n = Math.max(i + 1, 2 * regionsByRkey.length);
            regionsByRkey = Arrays.copyOf(regionsByRkey, n);
            ownersByRkey = Arrays.copyOf(ownersByRkey, n);
        }
        regionsByRkey[i] = region;
        ownersByRkey[i] = owner;
    }

    /** The region of {@code rkey} if {@code owner} (that incarnation of a node) registered it, else null. */
    SimRegion regionByRkey(int rkey, SimNode owner) {
        int i = rkey - FIRST_RKEY;
        return i >= 0 && i < regionsByRkey.length && ownersByRkey[i] == owner ? regionsByRkey[i] : null;
    }

    /** Kills the remaining actors. */
    @Override
    public void close() {
        engine.close();
    }

    /** Configures a simulated fabric. */
    public static final class Builder {
        private long seed = 1;
        private Transport transport = Transport.IB;
        private CostModel cost = CostModel.defaults();
        private final List<ServerConfig> configs = new ArrayList<>();
        private final Map<Integer, PmImage> restore = new HashMap<>();
        private final Map<Integer, CrashImage> restoreCrash = new HashMap<>();
        private FaultPlan faults = FaultPlan.NONE;
        private boolean captureTrace;
        private int traceCaptureLimit = 1_000_000;
        private long maxEvents = 50_000_000L;
        private boolean writeAtomicSupported = true;
        private boolean cpuWritebacksUsePmBandwidth = true;
        private final TreeMap<Integer, Long> clockSkewNs = new TreeMap<>();

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder transport(Transport transport) {
            this.transport = Objects.requireNonNull(transport);
            return this;
        }

        public Builder cost(CostModel cost) {
            this.cost = Objects.requireNonNull(cost);
            return this;
        }

        /** Adds a node running under {@code config}; nodes are numbered from 0 in the order added. */
        public Builder node(ServerConfig config) {
            configs.add(Objects.requireNonNull(config));
            return this;
        }

        /** Starts node {@code nodeId}'s PM regions from {@code image} (a restart after a crash). */
        public Builder restore(int nodeId, PmImage image) {
            restore.put(nodeId, image);
            return this;
        }

        /**
         * Starts node {@code nodeId}'s PM regions from a post-crash image, copying each region once when it is
         * registered (cheaper than {@code restore(id, image.materialize())}).
         */
        public Builder restore(int nodeId, CrashImage image) {
            restoreCrash.put(nodeId, image);
            return this;
        }

        public Builder faults(FaultPlan plan) {
            this.faults = Objects.requireNonNull(plan);
            return this;
        }

        /** Keep the trace's records (not only its digest), up to {@code limit}. */
        public Builder captureTrace(int limit) {
            this.captureTrace = true;
            this.traceCaptureLimit = limit;
            return this;
        }

        public Builder maxEvents(long maxEvents) {
            this.maxEvents = maxEvents;
            return this;
        }

        /** Model today's NICs, which have no WRITE_ATOMIC (it then completes with UNSUPPORTED_OPERATION). */
        public Builder writeAtomicSupported(boolean supported) {
            this.writeAtomicSupported = supported;
            return this;
        }

        /**
         * A planted model bug, the negative control of {@code rda bench fidelity}'s physical bounds (issue 32): the CPU's
         * write-backs (clwb + sfence) reach PM without taking its write bandwidth, as before issue 32, so a persisting
         * receiver can write faster than its PM. Never use it for a figure.
         */
        public Builder plantCpuWritebacksBypassPmBandwidth() {
            this.cpuWritebacksUsePmBandwidth = false;
            return this;
        }

        /**
         * Makes node {@code nodeId}'s clock read {@code skewNs} ahead of the fabric's virtual time (behind when
         * negative): loosely synchronized clocks, as NTP leaves them (Nessie §4.3.1). Only what the node's
         * {@code clock().nowNanos()} returns changes; events, costs and sleeps still run on the one virtual time.
         */
        public Builder clockSkew(int nodeId, long skewNs) {
            clockSkewNs.put(nodeId, skewNs);
            return this;
        }

        public SimFabric build() {
            if (configs.isEmpty()) {
                throw new IllegalStateException("a fabric needs at least one node");
            }
            return new SimFabric(this);
        }
    }
}
