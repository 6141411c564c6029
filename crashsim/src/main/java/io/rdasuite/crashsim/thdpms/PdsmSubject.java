package io.rdasuite.crashsim.thdpms;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.SubjectFactory;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.util.List;
import java.util.Locale;

/**
 * pDSM's object store (paper 002 §4.1.5, §4.1.7) under the explorer: three PM servers, one monitor, the program's
 * clients; a PUT is {@code put_obj} of a 64-byte value, a GET {@code get_obj}, a DELETE {@code del_obj}. pDSM claims
 * everything: puts are atomic (copy-on-write, one pointer swing), durable when acknowledged (persisted and mirrored),
 * and the objects linearizable across a failover. With one server crashed the cluster runs on: the monitor's probes
 * find it dead, its segments fail over to their backups and each lost replica is remapped to another server, which the
 * primary fills with the segment's live objects (§4.1.3); the clients retry there; the read-back is made in the same
 * run, and a replica check compares every backup's objects with its primary's (STRUCTURE). With every server crashed, each restarts from its own image and recovers (allocators rebuilt from the tables).
 * A stalled PUT ({@code P<key>:<value>~<ns>}) stalls the primary's commit thread that long between the CPU stores of
 * the pointer swing and their persist ({@code PdsmServer.stallNextCommit}): the swing's visible-but-not-durable window,
 * held open for a reader of the same object and for a crash.
 * Names: {@code pdsm/objects}, or {@code pdsm/objects/<planted-bug>} with one of {@link ThdpmsPlantedBug} switched on.
 */
public final class PdsmSubject extends PdsmClusterSubject {
    public static final String PREFIX = "pdsm";
    /** What a GET returns when the table names a version that is not the object's: no put wrote these bytes. */
    static final byte TORN = (byte) 0xEE;
    /** The subject of re-replication: a second server fails once the first one's replicas are back (§4.1.7). */
    public static final String SECOND_FAILURE = "second-failure";
    private final boolean secondFailure;

    public PdsmSubject(Plant bug) {
        this(bug, false);
    }

    /**
     * With {@code secondFailure} ({@code pdsm/second-failure[/<bug>]}): the scenario's target fails (a server X), the monitor
     * re-replicates its segments, and at the moment the monitor maps the last missing replica a second server Y loses
     * power — the primary of that segment, the server whose copy the new replica was made from — before its next event;
     * the read-back then needs every acknowledged write from the one server left (§4.1.7: re-replication is what lets
     * pDSM survive the next failure).
     */
    public PdsmSubject(Plant bug, boolean secondFailure) {
        super(PdsmConfig.small().withPlantedBug(bug));
        this.secondFailure = secondFailure;
    }

    /** Finds {@code pdsm/objects[/<bug>]}. */
    public static final class Factory implements SubjectFactory {
        @Override
        public String prefix() {
            return PREFIX;
        }

        @Override
        public Subject byName(String name) {
            String[] p = name.split("/");
            if (p.length < 2 || p.length > 3 || !(p[1].equals("objects") || p[1].equals(SECOND_FAILURE))) {
                throw new IllegalArgumentException("unknown subject '" + name + "'; valid: pdsm/objects, pdsm/objects/<planted bug>, pdsm/"
                        + SECOND_FAILURE + ", pdsm/" + SECOND_FAILURE + "/<planted bug>");
            }
            boolean second = p[1].equals(SECOND_FAILURE);
            if (p.length == 2 || p[2].equals("none")) {
                return new PdsmSubject(Plant.NONE, second);
            }
            try {
                return new PdsmSubject(ThdpmsPlantedBug.valueOf(p[2].toUpperCase(Locale.ROOT).replace('-', '_')), second);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown planted bug '" + p[2] + "'; valid: none, " + String.join(", ",
                        java.util.Arrays.stream(ThdpmsPlantedBug.values()).map(ThdpmsPlantedBug::label).toList()));
            }
        }
    }

    @Override
    public String name() {
        String base = PREFIX + (secondFailure ? "/" + SECOND_FAILURE : "/objects");
        return config.plantedBug() instanceof ThdpmsPlantedBug b ? base + "/" + b.label() : base;
    }

    /** A one-sided get_obj can see a root swing before the commit is acknowledged (§4.1.8): aim crashes right after it. */
    @Override
    public boolean aimsAtReadsOfWritesInFlight() {
        return true;
    }

    @Override
    public byte[] valueBytes(int key, long value) {
        byte[] v = new byte[VALUE_BYTES];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) (1 + ((key * 131 + value * 31 + i * 7) & 0x7F));
        }
        return v;
    }

    @Override
    protected Deployed deployCluster(SimFabric fabric, Program program, boolean recover) {
        PdsmCluster cluster = PdsmCluster.deploy(fabric, serverNodes(program), monitorNode(program), clientNodes(program), config, 1, recover);
        cluster.remapOnFailure();
        if (secondFailure && !recover) {
            io.rdasuite.crashsim.cluster.SecondFailure.arm(fabric, cluster, SERVERS, config.backups());
        }
        return new Deployed(new Objects(cluster, this), cluster.servers);
    }

    /** The deployment: operations run on the cluster's clients; the replica check reads its servers. */
    private record Objects(PdsmCluster cluster, PdsmSubject subject) implements Deployment {
        @Override
        public byte[] execute(int client, Op op) {
            if (op.stallNs() == 0) {
                return subject.execute(cluster.clients.get(client), op);
            }
            long id = ObjectId.ofKey(op.key()).hash();
            cluster.servers.forEach(s -> s.stallNextCommit(id, op.stallNs())); // whichever is the primary when it commits
            try {
                return subject.execute(cluster.clients.get(client), op);
            } finally {
                cluster.servers.forEach(s -> s.stallNextCommit(id, 0));
            }
        }
    }

    /**
     * After a failover, every live replica of a segment must hold what its primary holds of every object its table names
     * (§4.1.7: pages and extent block reach every backup before the commit, the commit reaches them before the ack;
     * §4.1.3: a remapped replica is filled before the segment serves again, and a request built on an older epoch, which
     * wrote to the old replicas, is refused).
     */
    @Override
    protected java.util.function.Supplier<List<String>> inRunChecks(SimFabric fabric, Deployment deployment) {
        PdsmCluster cluster = ((Objects) deployment).cluster();
        java.util.TreeMap<String, java.util.SortedMap<Long, List<Long>>> images = new java.util.TreeMap<>();
        java.util.concurrent.atomic.AtomicReference<io.rdasuite.store.thdpms.monitor.MonitorView> settled = new java.util.concurrent.atomic.AtomicReference<>();
        for (PdsmServer s : cluster.servers) {
            if (!fabric.node(s.node().id()).isUp()) {
                continue;
            }
            s.node().spawn("replica-check", () -> {
                io.rdasuite.store.thdpms.monitor.MonitorView view = settledView(fabric, cluster, s.node());
                settled.set(view);
                for (io.rdasuite.store.thdpms.monitor.MappingItem item : view.table().values()) {
                    for (io.rdasuite.store.thdpms.monitor.Replica r : item.replicas()) {
                        if (r.nodeId() == s.node().id()) {
                            images.put(item.segmentNo() + "/" + r.nodeId(), s.objectImage(r.localSegment()));
                        }
                    }
                }
            });
        }
        java.util.SortedMap<Long, io.rdasuite.store.thdpms.monitor.MappingItem> none = new java.util.TreeMap<>();
        return () -> {
            List<String> errors = new java.util.ArrayList<>();
            for (io.rdasuite.store.thdpms.monitor.MappingItem item : settled.get() == null ? none.values() : settled.get().table().values()) {
                java.util.SortedMap<Long, List<Long>> primary = images.get(item.segmentNo() + "/" + item.primary().nodeId());
                for (io.rdasuite.store.thdpms.monitor.Replica b : item.backups()) {
                    java.util.SortedMap<Long, List<Long>> backup = images.get(item.segmentNo() + "/" + b.nodeId());
                    if (primary == null || backup == null) {
                        continue;
                    }
                    for (var e : primary.entrySet()) {
                        if (!e.getValue().equals(backup.get(e.getKey()))) {
                            errors.add("segment " + item.segmentNo() + ": backup on server " + b.nodeId() + " does not hold object "
                                    + Long.toHexString(e.getKey()) + " as primary server " + item.primary().nodeId() + " does ("
                                    + difference(e.getValue(), backup.get(e.getKey())) + ")");
                        }
                    }
                }
            }
            return errors;
        };
    }

    /**
     * The configuration once the failover settled (bounded, in probe periods): every crashed server declared dead and
     * every live server done applying the monitor's epoch, re-replication included.
     */
    /** Probe periods the replica check waits at most for the failover and re-replication to finish (5 ms of virtual time). */
    static final int SETTLE_PROBES = 1000;

    private io.rdasuite.store.thdpms.monitor.MonitorView settledView(SimFabric fabric, PdsmCluster cluster, io.rdasuite.store.fabric.Node self) {
        io.rdasuite.store.thdpms.monitor.MonitorView view = cluster.monitor.view();
        for (int i = 0; i < SETTLE_PROBES; i++) {
            io.rdasuite.store.thdpms.monitor.MonitorView v = cluster.monitor.view();
            view = v;
            boolean settled = v.liveServers().stream().allMatch(id -> fabric.node(id).isUp());
            for (PdsmServer s : cluster.servers) {
                settled &= !v.liveServers().contains(s.node().id()) || s.appliedEpoch() == v.epoch();
            }
            if (settled) {
                break;
            }
            self.clock().sleepNanos(config.probeNanos());
        }
        return view;
    }

    /** Where a backup's image of an object first differs from the primary's: word 0 the root, 1-8 the extent block, then the value. */
    private static String difference(List<Long> primary, List<Long> backup) {
        if (backup == null) {
            return "absent from the backup's table";
        }
        for (int i = 0; i < Math.min(primary.size(), backup.size()); i++) {
            if (!primary.get(i).equals(backup.get(i))) {
                String what = i == 0 ? "root" : i <= 8 ? "extent block word " + (i - 1) : "value word " + (i - 9);
                return what + ": " + primary.get(i) + " at the primary, " + backup.get(i) + " at the backup";
            }
        }
        return "lengths " + primary.size() + " and " + backup.size();
    }

    private byte[] execute(PdsmClient client, Op op) {
        ObjectId id = ObjectId.ofKey(op.key());
        return switch (op.kind()) {
            case PUT -> client.put(id, valueBytes(op.key(), op.value())) ? new byte[0] : null;
            case DELETE -> client.delete(id) ? new byte[0] : null;
            case GET -> switch (client.get(id)) {
                case null -> null;
                case PdsmClient.Found f -> f.value();
                case PdsmClient.Absent a -> new byte[VALUE_BYTES];
                case PdsmClient.Unreadable u -> torn();
            };
        };
    }

    private static byte[] torn() {
        byte[] b = new byte[VALUE_BYTES];
        java.util.Arrays.fill(b, TORN);
        return b;
    }
}
