package io.rdasuite.store.thdpms.txn;

import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.irdma.IrdmaRpc;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import io.rdasuite.store.thdpms.monitor.ReplicatedLog;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * pDSM with transactions (paper 002 §4.1.6): a {@link PdsmCluster}, a log region per PM server (a slot per
 * coordinator), a {@link TxnParticipant} on each server, a {@link TxnCoordinator} per client, and {@link TxnRecovery} on
 * the monitor node, run after the bootstrap, after every failover and when the monitor's RDMA-READ probes of the
 * clients' heartbeat words find a coordinator dead.
 */
public final class TxnCluster {
    public final PdsmCluster pdsm;
    public final List<TxnCoordinator> coordinators = new ArrayList<>();
    private final TreeMap<Integer, MemoryRegion> logs = new TreeMap<>();
    private final TxnRecovery recovery;
    private volatile long recoveredEpoch = -1;
    private final List<Runnable> commitStepListeners;
    private final List<StepListener> stepListeners;
    /** Restartable coordinators (the split deployment): see {@link #deploy(Fabric, List, int, List, PdsmConfig, long, boolean, Plant, ReplicatedLog, boolean)}. */
    private boolean restartable;
    /** Each client's heartbeat region and its node. */
    private final List<MemoryRegion> heartbeats = new ArrayList<>();
    private final List<Node> clientHosts = new ArrayList<>();
    private final List<java.util.function.Consumer<String>> coordinatorEvents = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** A client's heartbeat region, in words: its incarnation (the client writes it), then what the monitor node tells it. */
    static final int HEARTBEAT_INCARNATION = 0;
    /** The epoch up to which recovery has resolved every transaction in flight (the monitor node writes it at every probe). */
    static final int HEARTBEAT_RECOVERED_EPOCH = 8;
    /** The incarnation the monitor node admitted: its predecessors are fenced and recovered (the monitor node writes it). */
    static final int HEARTBEAT_ADMITTED = 16;
    /** The last resolution request of the client the monitor node served (the monitor node writes it). */
    static final int HEARTBEAT_RESOLVED = 24;
    /**
     * A request to resolve the client's own slot (the client writes it, 0 for none): its transaction failed in an epoch
     * that no configuration change followed, so no recovery would ever resolve it ({@link TxnCoordinator}).
     */
    static final int HEARTBEAT_RESOLVE_REQUEST = 32;

    /**
     * Told each step a participant handled (paper 002 §4.1.6: {@code LOCK}, {@code LOCK-CONFLICT}, {@code COMMIT-BACKUP},
     * {@code COMMIT-PRIMARY}, {@code ABORT}, {@code TRUNCATE}), on the server's actor, after the step's effects.
     */
    public interface StepListener {
        void step(String phase, int serverNode, int coordinator, long txn);
    }

    private TxnCluster(PdsmCluster pdsm, TxnRecovery recovery, List<Runnable> commitStepListeners, List<StepListener> stepListeners) {
        this.pdsm = pdsm;
        this.commitStepListeners = commitStepListeners;
        this.stepListeners = stepListeners;
        this.recovery = recovery;
    }

    /** Deploys pDSM with transactions; {@code recover}: every node restarts from its PM (the bootstrap then recovers). */
    public static TxnCluster deploy(Fabric fabric, List<Integer> serverNodes, int monitorNode, List<Integer> clientNodes, PdsmConfig config,
                                    long seed, boolean recover, Plant bug) {
        return deploy(fabric, serverNodes, monitorNode, clientNodes, config, seed, recover, bug, null, false);
    }

    /**
     * As above, with the monitor's state machine behind {@code external} (Apache Ratis on the real backends; null: the
     * simulated log) and, with {@code restartable}, coordinators that may die and come back as the same node (the split
     * deployment over OS processes): each life of a coordinator has an incarnation, written into its heartbeat word
     * ({@link TxnCoordinator#startIncarnation}); the monitor node fences and recovers a dead life only (FENCE names the
     * last incarnation refused), admits the next life once it sees it, and writes the recovered epoch and the admitted
     * incarnation into the client's heartbeat region at every probe, so that a coordinator in another process than the
     * monitor node's knows when it may act ({@link TxnCoordinator#awaitAdmission}).
     */
    public static TxnCluster deploy(Fabric fabric, List<Integer> serverNodes, int monitorNode, List<Integer> clientNodes, PdsmConfig config,
                                    long seed, boolean recover, Plant bug, ReplicatedLog external, boolean restartable) {
        if (clientNodes.size() > TxnLayout.MAX_COORDINATORS) {
            throw new IllegalArgumentException("at most " + TxnLayout.MAX_COORDINATORS + " coordinators: " + clientNodes.size());
        }
        PdsmCluster pdsm = PdsmCluster.deploy(fabric, serverNodes, monitorNode, clientNodes, config, seed, recover, external);
        Node monitorHost = fabric.node(monitorNode);
        List<Runnable> listeners = new ArrayList<>();
        List<StepListener> stepListeners = new ArrayList<>();
        StepListener onStep = (phase, server, c, txn) -> {
            if (phase.startsWith("COMMIT-")) {
                listeners.forEach(Runnable::run);
            }
            stepListeners.forEach(l -> l.step(phase, server, c, txn));
        };
        TreeMap<Integer, MemoryRegion> logs = new TreeMap<>();
        TreeMap<Integer, QueuePair> qps = new TreeMap<>();
        TreeMap<Integer, IrdmaRpc.Client> rpc = new TreeMap<>();
        List<TxnParticipant> participants = new ArrayList<>();
        for (PdsmServer s : pdsm.servers) {
            MemoryRegion log = s.node().register(MemoryKind.PM, "txn-log", (long) TxnLayout.logSlots(clientNodes.size()) * TxnLayout.SLOT_BYTES);
            logs.put(s.node().id(), log);
            TxnParticipant p = new TxnParticipant(s, config, log, bug, onStep);
            s.extend(p);
            participants.add(p);
            qps.put(s.node().id(), fabric.connect(monitorHost, s.node()).requester());
            rpc.put(s.node().id(), IrdmaRpc.connect(fabric.connect(monitorHost, s.node()), monitorHost, s.node(), "txn-recovery-" + s.node().id(), 2,
                    s::handle));
        }
        TxnCluster cluster = new TxnCluster(pdsm, new TxnRecovery(monitorHost, pdsm.monitor, qps, logs, rpc, clientNodes.size()), listeners,
                stepListeners);
        cluster.logs.putAll(logs);
        cluster.restartable = restartable;
        for (int n : clientNodes) {
            cluster.clientHosts.add(fabric.node(n));
        }

        pdsm.afterBootstrap(cluster::recoverAll);
        pdsm.afterReconfiguration(cluster::recoverAll);
        if (restartable) { // split processes: a rejoined server is unreachable a moment after its join; recover again until every live server was told
            pdsm.retryReconfigurationWhile(() -> cluster.recoveredEpoch < pdsm.broadcastEpoch());
        }
        for (int c = 0; c < clientNodes.size(); c++) {
            cluster.coordinators.add(new TxnCoordinator(pdsm.clients.get(c), cluster, config, bug));
        }
        startCoordinatorProbes(fabric, monitorHost, clientNodes, cluster, config);
        return cluster;
    }

    /**
     * Recovers after a configuration change. With restartable coordinators the recovered epoch moves only once every live
     * server was read and told (a recovery that missed one is run again at the failure detector's next round, {@link
     * PdsmCluster#retryReconfigurationWhile}); on the simulator a server out of reach is a dead one, whose declaration
     * brings the next recovery, so the epoch moves at once, as it always did.
     */
    private void recoverAll() {
        TxnRecovery.Outcome o = recovery.recoverAll();
        if (o.complete() || !restartable) {
            recoveredEpoch = o.epoch();
        } else {
            tell("recovery of epoch " + o.epoch() + " missed a live server; it runs again");
        }
    }

    /** The monitor probes each client's heartbeat word; a dead coordinator's transaction in flight is recovered. */
    private static void startCoordinatorProbes(Fabric fabric, Node monitorHost, List<Integer> clientNodes, TxnCluster cluster, PdsmConfig config) {
        List<QueuePair> probes = new ArrayList<>();
        List<MemoryRegion> words = new ArrayList<>();
        for (int n : clientNodes) {
            words.add(fabric.node(n).register(MemoryKind.DRAM, "txn-heartbeat", 64));
            probes.add(fabric.connect(monitorHost, fabric.node(n)).requester());
        }
        cluster.heartbeats.addAll(words);
        if (cluster.restartable) {
            monitorHost.spawnDaemon("txn-coordinator-probes", () -> cluster.probeRestartable(monitorHost, probes, words, config));
            return;
        }
        monitorHost.spawnDaemon("txn-coordinator-probes", () -> {
            while (cluster.recoveredEpoch < 0) {
                monitorHost.clock().sleepNanos(config.probeNanos());
            }
            int[] missed = new int[clientNodes.size()];
            boolean[] dead = new boolean[clientNodes.size()];
            MemorySegment word = MemorySegment.ofArray(new long[1]);
            while (true) {
                monitorHost.clock().sleepNanos(config.probeNanos());
                for (int c = 0; c < clientNodes.size(); c++) {
                    if (dead[c]) {
                        continue;
                    }
                    boolean alive = probes.get(c).execute(WorkRequest.read(word, words.get(c).address(0), words.get(c).rkey())).ok();
                    missed[c] = alive ? 0 : missed[c] + 1;
                    if (missed[c] >= config.missedProbes()) {
                        dead[c] = true;
                        cluster.recovery.recoverCoordinator(c);
                    }
                }
            }
        });
    }

    /**
     * The monitor node's probes of restartable coordinators: each probe WRITEs the recovered epoch and the admitted
     * incarnation into the client's heartbeat region, then READs the incarnation the client wrote. A life that misses
     * {@code missedProbes} probes is fenced and recovered; a higher incarnation than the admitted one is a new life: a
     * predecessor not yet declared dead is fenced and recovered first, then the new life is admitted. A resolution request
     * of an admitted life ({@link #HEARTBEAT_RESOLVE_REQUEST}) has its slot resolved, unfenced, and is answered in
     * {@link #HEARTBEAT_RESOLVED} once every live server was read and told.
     */
    private void probeRestartable(Node monitorHost, List<QueuePair> probes, List<MemoryRegion> words, PdsmConfig config) {
        while (recoveredEpoch < 0) {
            monitorHost.clock().sleepNanos(config.probeNanos());
        }
        int n = probes.size();
        int[] missed = new int[n];
        boolean[] dead = new boolean[n];
        long[] admitted = new long[n];
        long[] served = new long[n];
        MemorySegment told = MemorySegment.ofArray(new long[3]);
        MemorySegment word = MemorySegment.ofArray(new long[HEARTBEAT_RESOLVE_REQUEST / 8 + 1]);
        while (true) {
            monitorHost.clock().sleepNanos(config.probeNanos());
            for (int c = 0; c < n; c++) {
                MemoryRegion w = words.get(c);
                told.set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, recoveredEpoch);
                told.set(java.lang.foreign.ValueLayout.JAVA_LONG, 8, admitted[c]);
                told.set(java.lang.foreign.ValueLayout.JAVA_LONG, 16, served[c]);
                QueuePair qp = probes.get(c);
                boolean alive = qp.execute(WorkRequest.write(told, w.address(HEARTBEAT_RECOVERED_EPOCH), w.rkey())).ok()
                        && qp.execute(WorkRequest.read(word, w.address(HEARTBEAT_INCARNATION), w.rkey())).ok();
                if (!alive) {
                    missed[c]++;
                    if (!dead[c] && admitted[c] > 0 && missed[c] >= config.missedProbes()) {
                        dead[c] = true;
                        recoverDead(c, admitted[c], "declared dead");
                    }
                    continue;
                }
                missed[c] = 0;
                long life = word.get(java.lang.foreign.ValueLayout.JAVA_LONG, HEARTBEAT_INCARNATION);
                long request = word.get(java.lang.foreign.ValueLayout.JAVA_LONG, HEARTBEAT_RESOLVE_REQUEST);
                if (life > admitted[c] && life <= TxnLayout.MAX_INCARNATION) {
                    if (admitted[c] > 0 && !dead[c]) { // it died and came back between two probes
                        recoverDead(c, admitted[c], "replaced before it was declared dead");
                    }
                    admitted[c] = life;
                    dead[c] = false;
                    tell("coordinator " + c + " incarnation " + life + " admitted");
                } else if (request != 0 && request != served[c] && life == admitted[c] && !dead[c]) {
                    boolean complete = recovery.resolveFor(c);
                    if (complete) {
                        served[c] = request;
                    }
                    tell("coordinator " + c + " incarnation " + life + " asked for its slot's resolution in epoch " + recoveredEpoch + ": "
                            + (complete ? "resolved" : "a live server was out of reach; again at the next probe"));
                }
            }
        }
    }

    private volatile boolean recoverySkipped;

    /**
     * A planted bug for the split deployment's acceptance campaign only (its negative control): from now on a dead
     * restartable coordinator is neither fenced nor recovered; its locks stay until a failover's recovery happens to
     * resolve its slot, or for good once its next life reused the slot. Install on the monitor node, before the run.
     */
    public void plantCoordinatorRecoverySkipped() {
        recoverySkipped = true;
    }

    private void recoverDead(int c, long life, String how) {
        if (recoverySkipped) {
            tell("coordinator " + c + " incarnation " + life + " " + how + "; NOT recovered (planted bug)");
            return;
        }
        recovery.recoverCoordinator(c, life);
        tell("coordinator " + c + " incarnation " + life + " " + how + "; fenced and recovered");
    }

    private void tell(String event) {
        coordinatorEvents.forEach(l -> l.accept(event));
    }

    /** Adds {@code listener} for restartable coordinators' deaths, recoveries and admissions (on the monitor node). */
    public void onCoordinatorEvent(java.util.function.Consumer<String> listener) {
        coordinatorEvents.add(listener);
    }

    /** The recovered epoch a coordinator goes by: the monitor node's own, or (restartable) what it wrote to client {@code c}. */
    long recoveredEpochFor(int c) {
        if (!restartable) {
            return recoveredEpoch;
        }
        return clientHosts.get(c).local(heartbeats.get(c)).load8(HEARTBEAT_RECOVERED_EPOCH);
    }

    boolean restartable() {
        return restartable;
    }

    /** Client {@code c}'s heartbeat words, in the process that hosts it. */
    io.rdasuite.store.pm.LocalMemory heartbeat(int c) {
        return clientHosts.get(c).local(heartbeats.get(c));
    }

    /**
     * Empties server {@code nodeId}'s log (in the process that hosts it): a server that rejoins after a failure lost its
     * replicas, and every transaction in flight when it died was resolved from the live servers' records then; its old
     * records would only look in flight to the next recovery.
     */
    public void clearLog(int nodeId) {
        MemoryRegion log = logs.get(nodeId);
        io.rdasuite.store.pm.LocalMemory m = pdsm.servers.stream().filter(s -> s.node().id() == nodeId).findFirst().orElseThrow().node().local(log);
        m.store(0, MemorySegment.ofArray(new long[(int) (log.lengthBytes() / 8)]));
        m.persist(0, log.lengthBytes());
    }

    /**
     * Runs {@code listener} (on the server's actor) whenever a participant acknowledges COMMIT-BACKUP or COMMIT-PRIMARY:
     * the explorer aims crash points just after these steps, where durability is decided. Install before the run.
     */
    public void onCommitStep(Runnable listener) {
        commitStepListeners.add(listener);
    }

    /** Adds {@code listener} for every participant step (what a finding's crash point names). Install before the run. */
    public void onStep(StepListener listener) {
        stepListeners.add(listener);
    }

    /** The epoch up to which every transaction in flight at a configuration change has been resolved (-1: not yet booted). */
    public long recoveredEpoch() {
        return recoveredEpoch;
    }

    /** Server {@code nodeId}'s log region. */
    MemoryRegion log(int nodeId) {
        return logs.get(nodeId);
    }

    /** What recovery decided so far ("c0/t3 commit"), in order. */
    public List<String> recoveryDecisions() {
        return List.copyOf(recovery.decisions);
    }
}
