package io.rdasuite.crashsim.cluster;

import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.SubjectFactory;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.inplace.InPlaceStore;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import io.rdasuite.store.persist.UpdateResponder;
import io.rdasuite.store.protocol.Claim;
import io.rdasuite.store.protocol.Claims;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * A test cluster: registers of 8 bytes mirrored on a primary ({@code server-0}) and a backup ({@code server-1}), each
 * written with the paper-003 recipe of the configuration, primary first. A client whose primary is gone carries on
 * with the backup (failover), so the cluster runs on when one server crashes. {@code mirrored/skip-backup} is the
 * planted bug: puts never reach the backup, and a failover loses them.
 */
final class MirroredRegister implements Subject {
    static final int KEYS = 8;
    static final int VALUE_BYTES = 8;
    private final boolean skipBackup;

    MirroredRegister(boolean skipBackup) {
        this.skipBackup = skipBackup;
    }

    /** Finds {@code mirrored/ok} and {@code mirrored/skip-backup} for replay tokens. */
    public static final class Factory implements SubjectFactory {
        @Override
        public String prefix() {
            return "mirrored";
        }

        @Override
        public Subject byName(String name) {
            return switch (name) {
                case "mirrored/ok" -> new MirroredRegister(false);
                case "mirrored/skip-backup" -> new MirroredRegister(true);
                default -> throw new IllegalArgumentException("unknown subject '" + name + "'; valid: mirrored/ok, mirrored/skip-backup");
            };
        }
    }

    @Override
    public boolean keyValueHistory() {
        return true;
    }

    @Override
    public String name() {
        return skipBackup ? "mirrored/skip-backup" : "mirrored/ok";
    }

    @Override
    public Topology topology(Program program) {
        return Topology.cluster(2, 0, program.clients().size());
    }

    @Override
    public boolean runsOnAfterPartialCrash() {
        return true;
    }

    @Override
    public Claims claims(io.rdasuite.store.fabric.ServerConfig config) {
        return Claims.of(Claim.ATOMIC_PUTS, Claim.DURABLE_AT_ACK);
    }

    @Override
    public byte[] valueBytes(int key, long value) {
        byte[] b = new byte[VALUE_BYTES];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (1 + ((key * 31 + value * 17 + i) & 0x7F));
        }
        return b;
    }

    /** One client's view: its replicas, primary first. */
    private record Replicas(List<InPlaceStore.Client> copies) {
    }

    private static Recipe recipe(SimFabric fabric, io.rdasuite.store.fabric.ServerConfig config) {
        return Recipes.paper(config, fabric.transport(), PrimaryOp.WRITE, UpdateKind.SINGLETON);
    }

    @Override
    public Deployment deploy(SimFabric fabric, Program program) {
        Topology t = topology(program);
        List<Node> servers = t.withRole(Role.PM_SERVER).stream().map(id -> (Node) fabric.node(id)).toList();
        List<MemoryRegion> regions = servers.stream().map(s -> InPlaceStore.register(s, KEYS, VALUE_BYTES)).toList();
        List<Replicas> clients = new ArrayList<>();
        for (int c = 0; c < program.clients().size(); c++) {
            Node node = fabric.node(t.clientNode(c));
            List<InPlaceStore.Client> copies = new ArrayList<>();
            for (int s = 0; s < servers.size(); s++) {
                Connection conn = fabric.connect(node, servers.get(s));
                String name = "responder-" + c + "-" + s;
                UpdateResponder.start(servers.get(s), conn.responder(), UpdateResponder.registerBuffers(servers.get(s), name), regions.get(s), name);
                copies.add(new InPlaceStore.Client(node, conn.requester(), regions.get(s), VALUE_BYTES, recipe(fabric, servers.get(s).config()),
                        "client-" + c + "-" + s));
            }
            clients.add(new Replicas(copies));
        }
        return (c, op) -> execute(clients.get(c), op);
    }

    private byte[] execute(Replicas r, Op op) {
        if (op.kind() == Op.Kind.GET) {
            for (InPlaceStore.Client copy : r.copies()) {
                try {
                    return copy.get(op.key());
                } catch (RuntimeException down) {
                    // failover: the next replica
                }
            }
            return null;
        }
        if (op.kind() == Op.Kind.DELETE) {
            throw new IllegalArgumentException("registers have no delete");
        }
        MemorySegment value = MemorySegment.ofArray(valueBytes(op.key(), op.value()));
        boolean any = false;
        for (int s = 0; s < r.copies().size(); s++) {
            if (s > 0 && skipBackup) {
                break; // THE PLANTED BUG: the backup is never written
            }
            try {
                any |= r.copies().get(s).put(op.key(), value);
            } catch (RuntimeException down) {
                // a dead replica: the live ones carry the value
            }
        }
        return any ? new byte[0] : null;
    }

    @Override
    public Observation observeInRun(SimFabric fabric, Deployment deployment, Program program, SortedSet<Integer> keys) {
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        Topology t = topology(program);
        fabric.node(t.clientNode(0)).spawn("checker", () -> {
            for (int key : keys) {
                byte[] v = deployment.execute(0, Op.get(key));
                if (v != null) {
                    values.put(key, v);
                }
            }
        });
        fabric.run();
        return new Observation(absentAsMissing(values), List.of());
    }

    @Override
    public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
        Node primary = restarted.node(0);
        MemoryRegion region = InPlaceStore.register(primary, KEYS, VALUE_BYTES);
        InPlaceStore.register(restarted.node(1), KEYS, VALUE_BYTES);
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        var local = primary.local(region);
        primary.spawn("recovery", () -> {
            for (int key : keys) {
                byte[] v = new byte[VALUE_BYTES];
                local.load((long) key * VALUE_BYTES, MemorySegment.ofArray(v));
                values.put(key, v);
            }
        });
        restarted.run();
        return new Observation(absentAsMissing(values), List.of());
    }

    /** An all-zero register was never written. */
    private static TreeMap<Integer, byte[]> absentAsMissing(TreeMap<Integer, byte[]> values) {
        values.values().removeIf(v -> java.util.Arrays.equals(v, new byte[VALUE_BYTES]));
        return values;
    }
}
