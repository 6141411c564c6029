package io.rdasuite.crashsim.thdpms;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.SubjectFactory;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.Locale;

/**
 * pDSM's object store (paper 002 §4.1.5, §4.1.7) under the explorer: three PM servers, one monitor, the program's
 * clients; a PUT is {@code put_obj} of a 64-byte value, a GET {@code get_obj}, a DELETE {@code del_obj}. pDSM claims
 * everything: puts are atomic (copy-on-write, one pointer swing), durable when acknowledged (persisted and mirrored),
 * and the objects linearizable across a failover. With one server crashed the cluster runs on: the monitor's probes
 * find it dead, its segments fail over to their backups, the clients retry there; the read-back is made in the same
 * run. With every server crashed, each restarts from its own image and recovers (allocators rebuilt from the tables).
 * Names: {@code pdsm/objects}, or {@code pdsm/objects/<planted-bug>} with one of {@link ThdpmsPlantedBug} switched on.
 */
public final class PdsmSubject extends PdsmClusterSubject {
    public static final String PREFIX = "pdsm";
    /** What a GET returns when the table names a version that is not the object's: no put wrote these bytes. */
    static final byte TORN = (byte) 0xEE;
    public PdsmSubject(ThdpmsPlantedBug bug) {
        super(PdsmConfig.small().withPlantedBug(bug));
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
        return new Deployed((c, op) -> execute(cluster.clients.get(c), op), cluster.servers);
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
