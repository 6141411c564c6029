package io.rdasuite.crashsim.thdpms;

import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.SubjectFactory;
import io.rdasuite.crashsim.cluster.Role;
import io.rdasuite.crashsim.cluster.Topology;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.protocol.Claims;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * pDSM's object store (paper 002 §4.1.5, §4.1.7) under the explorer: three PM servers, one monitor, the program's
 * clients; a PUT is {@code put_obj} of a 64-byte value, a GET {@code get_obj}, a DELETE {@code del_obj}. pDSM claims
 * everything: puts are atomic (copy-on-write, one pointer swing), durable when acknowledged (persisted and mirrored),
 * and the objects linearizable across a failover. With one server crashed the cluster runs on: the monitor's probes
 * find it dead, its segments fail over to their backups, the clients retry there; the read-back is made in the same
 * run. With every server crashed, each restarts from its own image and recovers (allocators rebuilt from the tables).
 * Names: {@code pdsm/objects}, or {@code pdsm/objects/<planted-bug>} with one of {@link ThdpmsPlantedBug} switched on.
 */
public final class PdsmSubject implements Subject {
    public static final String PREFIX = "pdsm";
    static final int SERVERS = 3;
    static final int VALUE_BYTES = 64;
    /** What a GET returns when the table names a version that is not the object's: no put wrote these bytes. */
    static final byte TORN = (byte) 0xEE;
    private final PdsmConfig config;

    public PdsmSubject(ThdpmsPlantedBug bug) {
        this.config = PdsmConfig.small().withPlantedBug(bug);
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
            if (p.length < 2 || p.length > 3 || !p[1].equals("objects")) {
                throw new IllegalArgumentException("unknown subject '" + name + "'; valid: pdsm/objects, pdsm/objects/<planted bug>");
            }
            if (p.length == 2) {
                return new PdsmSubject(ThdpmsPlantedBug.NONE);
            }
            try {
                return new PdsmSubject(ThdpmsPlantedBug.valueOf(p[2].toUpperCase(Locale.ROOT).replace('-', '_')));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown planted bug '" + p[2] + "'; valid: " + String.join(", ",
                        java.util.Arrays.stream(ThdpmsPlantedBug.values()).map(b -> b.name().toLowerCase(Locale.ROOT).replace('_', '-')).toList()));
            }
        }
    }

    @Override
    public String name() {
        return config.plantedBug() == ThdpmsPlantedBug.NONE ? PREFIX + "/objects"
                : PREFIX + "/objects/" + config.plantedBug().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public Topology topology(Program program) {
        return Topology.cluster(SERVERS, 1, program.clients().size());
    }

    @Override
    public boolean runsOnAfterPartialCrash() {
        return true;
    }

    @Override
    public boolean keyValueHistory() {
        return true;
    }

    @Override
    public Claims claims(io.rdasuite.store.fabric.ServerConfig serverConfig) {
        return Claims.ALL;
    }

    @Override
    public byte[] valueBytes(int key, long value) {
        byte[] v = new byte[VALUE_BYTES];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) (1 + ((key * 131 + value * 31 + i * 7) & 0x7F));
        }
        return v;
    }

    private PdsmCluster deployCluster(SimFabric fabric, Program program, boolean recover) {
        Topology t = topology(program);
        List<Integer> clients = new ArrayList<>();
        for (int c = 0; c < program.clients().size(); c++) {
            clients.add(t.clientNode(c));
        }
        return PdsmCluster.deploy(fabric, List.copyOf(t.withRole(Role.PM_SERVER)), t.withRole(Role.MONITOR).first(), clients, config, 1, recover);
    }

    @Override
    public Deployment deploy(SimFabric fabric, Program program) {
        PdsmCluster cluster = deployCluster(fabric, program, false);
        return (c, op) -> execute(cluster.clients.get(c), op);
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

    @Override
    public Observation observeInRun(SimFabric fabric, Deployment deployment, Program program, SortedSet<Integer> keys) {
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        TreeSet<Integer> unreadable = new TreeSet<>();
        fabric.node(topology(program).clientNode(0)).spawn("checker", () -> read(deployment, keys, values, unreadable));
        fabric.run();
        return new Observation(values, List.of(), unreadable);
    }

    private static void read(Deployment d, SortedSet<Integer> keys, TreeMap<Integer, byte[]> values, TreeSet<Integer> unreadable) {
        for (int key : keys) {
            byte[] v = d.execute(0, Op.get(key));
            if (v == null) {
                unreadable.add(key);
            } else if (!java.util.Arrays.equals(v, new byte[VALUE_BYTES])) {
                values.put(key, v);
            }
        }
    }

    @Override
    public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
        PdsmCluster cluster = deployCluster(restarted, program, true);
        List<String> errors = new ArrayList<>();
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        TreeSet<Integer> unreadable = new TreeSet<>();
        Deployment d = (c, op) -> execute(cluster.clients.get(c), op);
        for (var s : cluster.servers) {
            s.node().spawn("segment-check", () -> {
                for (int local = 0; local < config.segmentsPerServer(); local++) {
                    for (String e : s.check(local)) {
                        errors.add("server " + s.node().id() + " segment " + local + ": " + e);
                    }
                }
            });
        }
        restarted.node(topology(program).clientNode(0)).spawn("checker", () -> read(d, keys, values, unreadable));
        restarted.run();
        return new Observation(values, errors, unreadable);
    }
}
