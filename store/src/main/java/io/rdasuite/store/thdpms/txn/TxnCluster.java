package io.rdasuite.store.thdpms.txn;

import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.thdpms.irdma.IrdmaRpc;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
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
                                    long seed, boolean recover, TxnPlantedBug bug) {
        if (clientNodes.size() > TxnLayout.MAX_COORDINATORS) {
            throw new IllegalArgumentException("at most " + TxnLayout.MAX_COORDINATORS + " coordinators: " + clientNodes.size());
        }
        PdsmCluster pdsm = PdsmCluster.deploy(fabric, serverNodes, monitorNode, clientNodes, config, seed, recover);
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
            MemoryRegion log = s.node().register(MemoryKind.PM, "txn-log", (long) TxnLayout.MAX_COORDINATORS * TxnLayout.SLOT_BYTES);
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

        pdsm.afterBootstrap(() -> cluster.recoveredEpoch = cluster.recovery.recoverAll());
        pdsm.afterReconfiguration(() -> cluster.recoveredEpoch = cluster.recovery.recoverAll());
        for (int c = 0; c < clientNodes.size(); c++) {
            cluster.coordinators.add(new TxnCoordinator(pdsm.clients.get(c), cluster, config, bug));
        }
        startCoordinatorProbes(fabric, monitorHost, clientNodes, cluster, config);
        return cluster;
    }

    /** The monitor probes each client's heartbeat word; a dead coordinator's transaction in flight is recovered. */
    private static void startCoordinatorProbes(Fabric fabric, Node monitorHost, List<Integer> clientNodes, TxnCluster cluster, PdsmConfig config) {
        List<QueuePair> probes = new ArrayList<>();
        List<MemoryRegion> words = new ArrayList<>();
        for (int n : clientNodes) {
            words.add(fabric.node(n).register(MemoryKind.DRAM, "txn-heartbeat", 64));
            probes.add(fabric.connect(monitorHost, fabric.node(n)).requester());
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
