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
import io.rdasuite.store.thdpms.kvs.PdkvsClient;
import io.rdasuite.store.thdpms.kvs.PdkvsCluster;
import io.rdasuite.store.thdpms.kvs.PdkvsPlantedBug;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * pDKVS (paper 002 §4.3) under the explorer: three PM servers, one monitor, the program's clients; PUT, GET and DELETE
 * of 64-byte values. The index's CCEH segments hold two slots, so a handful of keys per virtual node already splits
 * segments and doubles the directory: the crash points fall in the middle of both. pDKVS claims everything: a PUT is
 * atomic (the item is written and mirrored before one 8-byte swing), durable when acknowledged, and the store
 * linearizable across a failover. Names: {@code pdkvs/cceh}, or {@code pdkvs/cceh/<planted-bug>}.
 */
public final class PdkvsSubject implements Subject {
    public static final String PREFIX = "pdkvs";
    static final int VALUE_BYTES = 64;
    private final PdsmConfig config = PdsmConfig.small();
    private final PdkvsPlantedBug bug;

    public PdkvsSubject(PdkvsPlantedBug bug) {
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
            if (p.length == 2) {
                return new PdkvsSubject(PdkvsPlantedBug.NONE);
            }
            for (PdkvsPlantedBug b : PdkvsPlantedBug.values()) {
                if (b.label().equals(p[2])) {
                    return new PdkvsSubject(b);
                }
            }
            throw new IllegalArgumentException("unknown planted bug '" + p[2] + "'; valid: "
                    + String.join(", ", Arrays.stream(PdkvsPlantedBug.values()).map(PdkvsPlantedBug::label).toList()));
        }
    }

    @Override
    public String name() {
        return bug == PdkvsPlantedBug.NONE ? PREFIX + "/cceh" : PREFIX + "/cceh/" + bug.label();
    }

    @Override
    public Topology topology(Program program) {
        return Topology.cluster(PdsmSubject.SERVERS, 1, program.clients().size());
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
            v[i] = (byte) (1 + ((key * 137 + value * 29 + i * 5) & 0x7F));
        }
        return v;
    }

    private PdkvsCluster deployCluster(SimFabric fabric, Program program, boolean recover) {
        Topology t = topology(program);
        List<Integer> clients = new ArrayList<>();
        for (int c = 0; c < program.clients().size(); c++) {
            clients.add(t.clientNode(c));
        }
        return PdkvsCluster.deploy(fabric, List.copyOf(t.withRole(Role.PM_SERVER)), t.withRole(Role.MONITOR).first(), clients, config, 1, recover, bug);
    }

    @Override
    public Deployment deploy(SimFabric fabric, Program program) {
        PdkvsCluster cluster = deployCluster(fabric, program, false);
        return (c, op) -> execute(cluster.clients.get(c), op);
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
            } else if (!Arrays.equals(v, new byte[VALUE_BYTES])) {
                values.put(key, v);
            }
        }
    }

    @Override
    public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
        PdkvsCluster cluster = deployCluster(restarted, program, true);
        List<String> errors = new ArrayList<>();
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        TreeSet<Integer> unreadable = new TreeSet<>();
        Deployment d = (c, op) -> execute(cluster.clients.get(c), op);
        for (var s : cluster.pdsm.servers) {
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
