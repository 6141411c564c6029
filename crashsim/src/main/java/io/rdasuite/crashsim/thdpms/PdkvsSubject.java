package io.rdasuite.crashsim.thdpms;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.SubjectFactory;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.kvs.PdkvsClient;
import io.rdasuite.store.thdpms.kvs.PdkvsCluster;
import io.rdasuite.store.thdpms.kvs.PdkvsPlantedBug;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.Arrays;

/**
 * pDKVS (paper 002 §4.3) under the explorer: three PM servers, one monitor, the program's clients; PUT, GET and DELETE
 * of 64-byte values. The index's CCEH segments hold two slots, so a handful of keys per virtual node already splits
 * segments and doubles the directory: the crash points fall in the middle of both. pDKVS claims everything: a PUT is
 * atomic (the item is written and mirrored before one 8-byte swing), durable when acknowledged, and the store
 * linearizable across a failover. Names: {@code pdkvs/cceh}, or {@code pdkvs/cceh/<planted-bug>}.
 */
public final class PdkvsSubject extends PdsmClusterSubject {
    public static final String PREFIX = "pdkvs";
    private final Plant bug;

    public PdkvsSubject(Plant bug) {
        super(PdsmConfig.small());
        this.bug = bug;
    }

    /** Finds {@code pdkvs/cceh[/<bug>]}. */
    public static final class Factory implements SubjectFactory {
        @Override
        public String prefix() {
            return PREFIX;
        }

        @Override
        public Subject byName(String name) {
            String[] p = name.split("/");
            if (p.length < 2 || p.length > 3 || !p[1].equals("cceh")) {
                throw new IllegalArgumentException("unknown subject '" + name + "'; valid: pdkvs/cceh, pdkvs/cceh/<planted bug>");
            }
            if (p.length == 2 || p[2].equals("none")) {
                return new PdkvsSubject(Plant.NONE);
            }
            for (PdkvsPlantedBug b : PdkvsPlantedBug.values()) {
                if (b.label().equals(p[2])) {
                    return new PdkvsSubject(b);
                }
            }
            throw new IllegalArgumentException("unknown planted bug '" + p[2] + "'; valid: none, "
                    + String.join(", ", Arrays.stream(PdkvsPlantedBug.values()).map(PdkvsPlantedBug::label).toList()));
        }
    }

    @Override
    public String name() {
        return bug instanceof PdkvsPlantedBug b ? PREFIX + "/cceh/" + b.label() : PREFIX + "/cceh";
    }

    @Override
    public byte[] valueBytes(int key, long value) {
        byte[] v = new byte[VALUE_BYTES];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) (1 + ((key * 137 + value * 29 + i * 5) & 0x7F));
        }
        return v;
    }

    @Override
    protected Deployed deployCluster(SimFabric fabric, Program program, boolean recover) {
        PdkvsCluster cluster = PdkvsCluster.deploy(fabric, serverNodes(program), monitorNode(program), clientNodes(program), config, 1, recover, bug);
        return new Deployed((c, op) -> execute(cluster.clients.get(c), op), cluster.pdsm.servers);
    }

    private byte[] execute(PdkvsClient client, Op op) {
        return switch (op.kind()) {
            case PUT -> client.put(op.key(), valueBytes(op.key(), op.value())) ? new byte[0] : null;
            case DELETE -> client.delete(op.key()) ? new byte[0] : null;
            case GET -> {
                byte[] v = client.get(op.key());
                yield v == null ? null : v.length == 0 ? new byte[VALUE_BYTES] : v;
            }
        };
    }
}
