package io.rdasuite.store.thdpms.pdsm;

import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.RemoteUpdater;
import io.rdasuite.store.persist.UpdateKind;
import io.rdasuite.store.persist.UpdateResponder;
import io.rdasuite.store.pm.LocalMemory;
import io.rdasuite.store.thdpms.irdma.IrdmaRpc;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.monitor.MonitorStateMachine;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.monitor.SimulatedLog;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A pDSM deployment on any fabric (paper 002 §3.1, Fig. 1): PM servers, one monitor node, clients. The monitor's state
 * machine runs behind a {@link SimulatedLog} whose committed state is kept on the monitor node's PM (a restarted
 * monitor node gets it back); its failure detector probes each server's heartbeat word with an RDMA READ every probe
 * period (§5.4) and declares a server dead after {@code missedProbes} failed probes, then broadcasts the new
 * configuration (§4.1.3, Fig. 17: suspect, monitor commit, configuration broadcast). Every client is granted every
 * segment. Connections: one per (requester, target segment) for persisting writes (each with its responder), one per
 * (client, server) for iRDMA and one for READs.
 */
public final class PdsmCluster {
    public final List<PdsmServer> servers = new ArrayList<>();
    public final List<PdsmClient> clients = new ArrayList<>();
    public final Monitor monitor;
    /** The simulated log, or null when the monitor runs on an external replicated log (Ratis on the real backends). */
    public final SimulatedLog log;

    private PdsmCluster(Monitor monitor, SimulatedLog log) {
        this.monitor = monitor;
        this.log = log;
    }

    /**
     * Deploys pDSM: servers on {@code serverNodes}, the monitor on {@code monitorNode}, clients on {@code clientNodes}. With
     * {@code recover}, every node restarts from its PM: the monitor reloads its state, each server rebuilds the
     * allocators of the segments it is primary of from their tables.
     */
    public static PdsmCluster deploy(Fabric fabric, List<Integer> serverNodes, int monitorNode, List<Integer> clientNodes, PdsmConfig config,
                                     long seed, boolean recover) {
        return deploy(fabric, serverNodes, monitorNode, clientNodes, config, seed, recover, null);
    }

    /**
     * As above, with the monitor's state machine behind {@code external} (Apache Ratis on the real backends: its replicas
     * keep the state, so {@code recover} only skips the bootstrap when the group already maps the servers); null: the
     * simulated log, its state on the monitor node's PM.
     */
    public static PdsmCluster deploy(Fabric fabric, List<Integer> serverNodes, int monitorNode, List<Integer> clientNodes, PdsmConfig config,
                                     long seed, boolean recover, io.rdasuite.store.thdpms.monitor.ReplicatedLog external) {
        Node monitorHost = fabric.node(monitorNode);
        MonitorStateMachine machine = new MonitorStateMachine(seed);
        MemoryRegion stateRegion = monitorHost.register(MemoryKind.PM, "monitor-state", 64 * 1024);
        LocalMemory state = monitorHost.local(stateRegion);
        SimulatedLog log = new SimulatedLog(machine, monitorHost.clock(), config.commitNanos()).persistingTo(snapshot -> {
            byte[] padded = java.util.Arrays.copyOf(snapshot, (snapshot.length + 7) / 8 * 8);
            state.store8(0, 0); // invalid while the new state is written: a restart then finds no state
            state.persist(0, 8);
            state.store(8, MemorySegment.ofArray(padded));
            state.persist(8, padded.length);
            state.store8(0, snapshot.length);
            state.persist(0, 8);
        });
        PdsmCluster cluster = new PdsmCluster(new Monitor(external != null ? external : log), external != null ? null : log);
        for (int n : serverNodes) {
            cluster.servers.add(new PdsmServer(fabric.node(n), config));
        }
        wireMirrors(fabric, cluster.servers);
        for (PdsmServer s : cluster.servers) { // the configuration broadcast: an iRDMA call each server answers on its own core
            cluster.broadcast.put(s.node.id(), IrdmaRpc.connect(fabric.connect(monitorHost, s.node), monitorHost, s.node, "config-" + s.node.id(), 2, request -> {
                if (request[0] == Messages.REREPLICATE) {
                    return s.rereplicate(request[2], new Replica((int) request[3], (int) request[4], request[5], (int) request[6]));
                }
                s.learn(cluster.monitor.view());
                return Messages.of(Messages.OK, s.epoch());
            }));
        }
        for (int c = 0; c < clientNodes.size(); c++) {
            cluster.clients.add(client(fabric, fabric.node(clientNodes.get(c)), c, cluster, config));
        }
        // the bootstrap runs as the monitor node's first thread; clients and probes wait for it (awaitReady)
        monitorHost.spawn("pdsm-bootstrap", () -> {
            if (recover && external == null) {
                int length = (int) state.load8(0);
                if (length > 0) {
                    byte[] snapshot = new byte[(length + 7) / 8 * 8];
                    state.load(8, MemorySegment.ofArray(snapshot));
                    machine.restore(java.util.Arrays.copyOf(snapshot, length));
                }
            }
            if (cluster.monitor.view().table().size() < cluster.servers.size()) {
                // a crash before the bootstrap finished (no client had started): bootstrap afresh
                Monitor setup;
                if (external == null) {
                    machine.restore(new MonitorStateMachine(seed).snapshot());
                    setup = new Monitor(new UntimedLog(log));
                } else {
                    setup = cluster.monitor;
                }
                for (PdsmServer s : cluster.servers) {
                    setup.join(s.node.id(), s.replicas());
                }
                for (PdsmServer s : cluster.servers) {
                    long segmentNo = setup.mapSegment(s.node.id(), 0, config.backups()).segmentNo();
                    for (int c = 0; c < clientNodes.size(); c++) {
                        setup.grant(c, segmentNo);
                    }
                }
            } else {
                // a crash after the segments were mapped but before every grant committed: finish the grants
                for (long segmentNo : new java.util.TreeSet<>(cluster.monitor.view().table().keySet())) {
                    for (int c = 0; c < clientNodes.size(); c++) {
                        MappingItem shown = cluster.monitor.lookup(c, segmentNo);
                        if (shown != null && !shown.replicas().isEmpty() && shown.primary().rkey() == 0) {
                            cluster.monitor.grant(c, segmentNo);
                        }
                    }
                }
            }
            cluster.broadcast(cluster.monitor.view(), monitorHost, 0);
            for (Runnable r : cluster.afterBootstrap) {
                r.run();
            }
            cluster.ready = true;
        });
        startFailureDetector(fabric, monitorHost, cluster, config);
        return cluster;
    }

    private volatile boolean ready;
    private boolean remapOnFailure;

    /**
     * From now on the monitor re-replicates (§4.1.7, §4.1.3 "remapped to the new places"): after a failover, each segment
     * with fewer than 1 + {@code backups} replicas gets a place reserved on another live server, its primary copies the
     * segment there (its requests wait), and only then is the place mapped, in a new epoch. Install on the driver, before
     * the run. Off by default: the segments then run with the replicas they have left.
     */
    public void remapOnFailure() {
        this.remapOnFailure = true;
    }
    private final List<Runnable> afterBootstrap = new ArrayList<>();
    private final List<Runnable> afterReconfiguration = new ArrayList<>();

    /**
     * Runs {@code step} on the monitor node after the bootstrap broadcast the first configuration and before any client
     * starts (the transaction layer's recovery). Install on the driver, before the run.
     */
    public void afterBootstrap(Runnable step) {
        afterBootstrap.add(step);
    }

    /** Runs {@code step} on the monitor node after every failover's and every re-replication's configuration broadcast. */
    public void afterReconfiguration(Runnable step) {
        afterReconfiguration.add(step);
    }
    private final TreeMap<Integer, IrdmaRpc.Client> broadcast = new TreeMap<>();
    private volatile long broadcastEpoch = -1;
    private volatile boolean announceJoins;

    /**
     * From now on the failure detector also broadcasts an epoch that no broadcast announced yet (a server's §4.1.3 join,
     * which the rejoining server commits itself) and runs the {@link #afterReconfiguration} steps after it, so that the
     * transaction layer's recovery catches up with every epoch. For deployments whose servers rejoin (the split
     * processes); install on the driver, before the run.
     */
    public void announceJoins() {
        this.announceJoins = true;
    }

    /**
     * The monitor's epoch moved (a failover, a re-replication, an announced join): broadcast the configuration, then run
     * the {@link #afterReconfiguration} steps (the transaction layer resolves what was in flight).
     */
    private void reconfigured(Node monitorHost) {
        broadcast(monitor.view(), monitorHost, 0);
        for (Runnable r : afterReconfiguration) {
            r.run();
        }
    }

    /** §4.1.3: tells every live server the new configuration (each re-reads it and takes up the segments it is now primary of). */
    private void broadcast(MonitorView view, Node from, long unused) {
        broadcastEpoch = Math.max(broadcastEpoch, view.epoch());
        for (int id : view.liveServers()) {
            broadcast.get(id).call(Messages.of(Messages.CONFIG, view.epoch()));
        }
    }

    /** The first pause of {@link #awaitReady}'s polling, and its longest by default (the simulator's scale). */
    static final long READY_POLL_FIRST_NS = 500;
    static final long READY_POLL_MAX_NS = 16_000;

    /**
     * Waits until {@code done} holds, pausing in {@code clock} between checks; the pauses double from 0.5 µs up to
     * {@code maxNanos} (read at every pause). Returns the number of pauses.
     */
    public static long pollUntil(java.util.function.BooleanSupplier done, io.rdasuite.store.fabric.Clock clock, java.util.function.LongSupplier maxNanos) {
        long pause = READY_POLL_FIRST_NS;
        long pauses = 0;
        while (!done.getAsBoolean()) {
            clock.sleepNanos(pause);
            pauses++;
            pause = Math.min(2 * pause, maxNanos.getAsLong());
        }
        return pauses;
    }

    private volatile long readyPollMaxNanos = READY_POLL_MAX_NS;

    /**
     * Lets {@link #awaitReady}'s pauses grow up to {@code nanos} (default 16 µs). For a real clock, where the bootstrap
     * (processes replaying the deployment, Raft commits over TCP) takes seconds: with 16 µs a waiting client and failure
     * detector woke 60,000 times a second each. Install on the driver right after {@code deploy}; waits under way take it
     * up at their next pause.
     */
    public void pollReadyAtMost(long nanos) {
        if (nanos < READY_POLL_FIRST_NS) {
            throw new IllegalArgumentException("the longest ready poll must be at least " + READY_POLL_FIRST_NS + " ns, got " + nanos);
        }
        readyPollMaxNanos = nanos;
    }

    /**
     * Waits (in the caller's clock) until the bootstrap has joined, mapped and configured every server, polling with
     * pauses that double from 0.5 µs up to 16 µs ({@link #pollReadyAtMost}), as a client polls a configuration service: a
     * bootstrap of a Raft commit and a broadcast takes hundreds of µs, which fixed 0.5 µs polls made most of a
     * transaction run's events.
     */
    public void awaitReady(Node node) {
        pollUntil(() -> ready, node.clock(), () -> readyPollMaxNanos);
    }

    /**
     * Tells a process that does not host the monitor node (its bootstrap runs elsewhere) that the bootstrap is done:
     * its clients stop waiting. The split deployment's client processes call it once the monitor node has admitted them.
     */
    public void markReady() {
        ready = true;
    }

    /** Every server can write every other server's segments persistently (mirroring the bucket after a commit). */
    private static void wireMirrors(Fabric fabric, List<PdsmServer> servers) {
        for (PdsmServer a : servers) {
            for (PdsmServer b : servers) {
                if (a == b) {
                    continue;
                }
                for (int j = 0; j < b.segments.size(); j++) {
                    String name = "mirror-" + a.node.id() + "-to-" + b.node.id() + "-" + j;
                    RemoteUpdater u = updater(fabric, a.node, b.node, b.segments.get(j), name);
                    a.updaters.put(PdsmServer.updaterKey(b.node.id(), j), u);
                    a.target(u, b.segments.get(j));
                }
            }
        }
    }

    /** A persisting writer from {@code from} into {@code target} on {@code to}, with the paper-003 recipe of {@code to}'s configuration. */
    private static RemoteUpdater updater(Fabric fabric, Node from, Node to, MemoryRegion target, String name) {
        Connection conn = fabric.connect(from, to);
        UpdateResponder.start(to, conn.responder(), UpdateResponder.registerBuffers(to, name), target, name);
        return new RemoteUpdater(from, conn.requester(), Recipes.paper(to.config(), fabric.transport(), PrimaryOp.WRITE, UpdateKind.SINGLETON),
                target, name);
    }

    private static PdsmClient client(Fabric fabric, Node node, int c, PdsmCluster cluster, PdsmConfig config) {
        TreeMap<Integer, IrdmaRpc.Client> rpc = new TreeMap<>();
        TreeMap<Long, RemoteUpdater> updaters = new TreeMap<>();
        TreeMap<Integer, QueuePair> readers = new TreeMap<>();
        for (PdsmServer s : cluster.servers) {
            rpc.put(s.node.id(), IrdmaRpc.connect(fabric.connect(node, s.node), node, s.node, "irdma-" + c + "-" + s.node.id(), config.rpcSlots(), s::handle));
            readers.put(s.node.id(), fabric.connect(node, s.node).requester());
            for (int j = 0; j < s.segments.size(); j++) {
                updaters.put(PdsmServer.updaterKey(s.node.id(), j), updater(fabric, node, s.node, s.segments.get(j), "client-" + c + "-to-" + s.node.id() + "-" + j));
            }
        }
        return new PdsmClient(node, c, config, cluster, rpc, updaters, readers);
    }

    /** §4.1.3 / §5.4: RDMA-READ probes of each live server's heartbeat word; a dead server's segments fail over. */
    private static void startFailureDetector(Fabric fabric, Node monitorHost, PdsmCluster cluster, PdsmConfig config) {
        TreeMap<Integer, QueuePair> probes = new TreeMap<>();
        TreeMap<Integer, MemoryRegion> words = new TreeMap<>();
        for (PdsmServer s : cluster.servers) {
            probes.put(s.node.id(), fabric.connect(monitorHost, s.node).requester());
            words.put(s.node.id(), s.heartbeat);
        }
        monitorHost.spawnDaemon("monitor-failure-detector", () -> {
            cluster.awaitReady(monitorHost);
            TreeMap<Integer, Integer> missed = new TreeMap<>();
            MemorySegment word = MemorySegment.ofArray(new long[1]);
            while (true) {
                monitorHost.clock().sleepNanos(config.probeNanos());
                for (int id : cluster.monitor.liveServers()) {
                    MemoryRegion w = words.get(id);
                    boolean alive = probes.get(id).execute(WorkRequest.read(word, w.address(0), w.rkey())).ok();
                    missed.put(id, alive ? 0 : missed.getOrDefault(id, 0) + 1);
                    if (missed.get(id) >= config.missedProbes()) {
                        // a Raft commit (modelled) of the new epoch and mapping; with remapping, the lost replicas get new places
                        cluster.monitor.declareDead(id);
                        cluster.reconfigured(monitorHost);
                        missed.remove(id);
                    }
                }
                if (cluster.remapOnFailure) {
                    cluster.rereplicate(monitorHost, config);
                }
                if ((cluster.announceJoins && cluster.monitor.epoch() > cluster.broadcastEpoch) || cluster.reconfigurationOwed.getAsBoolean()) {
                    cluster.reconfigured(monitorHost);
                }
                word.set(ValueLayout.JAVA_LONG, 0, 0);
                cluster.detectorRounds++;
            }
        });
    }

    private volatile long detectorRounds;
    private volatile java.util.function.BooleanSupplier reconfigurationOwed = () -> false;

    /**
     * From now on the failure detector broadcasts the configuration again and runs the {@link #afterReconfiguration}
     * steps again at every round in which {@code owed} holds (the transaction layer's recovery did not reach every live
     * server). For deployments whose servers rejoin; install on the driver, before the run.
     */
    public void retryReconfigurationWhile(java.util.function.BooleanSupplier owed) {
        this.reconfigurationOwed = owed;
    }

    /** The newest epoch a configuration broadcast announced (-1 before the bootstrap's). */
    public long broadcastEpoch() {
        return broadcastEpoch;
    }

    /**
     * How many rounds the failure detector completed (probes, re-replication, announced joins): a process's watchdog
     * sees from it that the thread that recovers after every configuration change stopped making progress.
     */
    public long failureDetectorRounds() {
        return detectorRounds;
    }

    /** Segments whose last reservation found no place, with the live servers then (retried once membership changes). */
    private final TreeMap<Long, java.util.SortedSet<Integer>> noPlace = new TreeMap<>();

    /**
     * One round of re-replication (§4.1.7), on the monitor node: every segment short of 1 + backups replicas, in segment
     * order, gets a place reserved (a log command), copied by its primary ({@link PdsmServer#rereplicate}), then mapped
     * (a log command; the epoch moves) and the configuration broadcast. With {@link ThdpmsPlantedBug#REPLICA_MAPPED_BEFORE_COPY}
     * the place is mapped and broadcast first.
     */
    private void rereplicate(Node monitorHost, PdsmConfig config) {
        MonitorView view = monitor.view();
        for (MappingItem item : view.table().values()) {
            long segmentNo = item.segmentNo();
            if (item.replicas().size() >= 1 + config.backups() || view.liveServers().equals(noPlace.get(segmentNo))
                    || view.liveServers().size() <= item.replicas().size()) {
                continue;
            }
            Replica place;
            try {
                place = monitor.reserve(segmentNo);
            } catch (IllegalStateException noFreeSegment) {
                noPlace.put(segmentNo, view.liveServers());
                continue;
            }
            boolean mapFirst = config.plantedBug() == io.rdasuite.store.thdpms.ThdpmsPlantedBug.REPLICA_MAPPED_BEFORE_COPY;
            if (mapFirst && !attached(segmentNo, place, monitorHost)) {
                continue;
            }
            long[] copied = broadcast.get(item.primary().nodeId()).call(Messages.of(Messages.REREPLICATE, view.epoch(), segmentNo, place.nodeId(),
                    place.localSegment(), place.baseAddress(), place.rkey()));
            if (!mapFirst && copied != null && copied[0] == Messages.OK) {
                attached(segmentNo, place, monitorHost);
            }
        }
    }

    /** Maps a copied place (refused when its reservation was dropped by a failure meanwhile) and broadcasts the new epoch. */
    private boolean attached(long segmentNo, Replica place, Node monitorHost) {
        try {
            monitor.attach(segmentNo, place);
        } catch (IllegalStateException dropped) {
            return false;
        }
        reconfigured(monitorHost);
        return true;
    }

    /** The log at deployment: commands applied without a commit cost (nothing runs yet). */
    private record UntimedLog(SimulatedLog log) implements io.rdasuite.store.thdpms.monitor.ReplicatedLog {
        @Override
        public byte[] submit(byte[] command) {
            return log.submitUntimed(command);
        }

        @Override
        public byte[] query(byte[] query) {
            return log.query(query);
        }

        @Override
        public void close() {
        }
    }
}
