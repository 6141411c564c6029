package io.rdasuite.crashsim.subjects;

import io.rdasuite.store.protocol.KvProtocols;
import io.rdasuite.crashsim.SubjectFactory;
import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.kv.AuditedRecovery;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.Claims;
import io.rdasuite.store.protocol.KvProtocol;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A key-value store as the explorer sees it: keys {@code k<n>} padded to 8 bytes, 24-byte values derived
 * from the operation's value tag (never zero, so "absent" and "written" never look alike); a DELETE runs the
 * store's delete (Erda §4.2's delete tag, eFactory's deleted flag, a baseline's delete record). After a crash
 * the server recovers and one client reads every key back.
 */
public final class KvSubject implements Subject {
    public static final String PREFIX = "kv";
    static final KvShape SHAPE = new KvShape(8, 24);
    private final KvProtocol protocol;
    private final long cleanerStartNs;

    public KvSubject(KvProtocol protocol) {
        this(protocol, KvProtocol.CLEANER_START_NS);
    }

    /** A store whose log cleaner (erda-cleaning, efactory-cleaning) starts {@code cleanerStartNs} into each run. */
    public KvSubject(KvProtocol protocol, long cleanerStartNs) {
        this.protocol = protocol;
        this.cleanerStartNs = cleanerStartNs;
    }

    public KvProtocol protocol() {
        return protocol;
    }

    /** Whether the store runs a log cleaner whose start {@link #KvSubject(KvProtocol, long)} sets. */
    public boolean cleans() {
        return protocol.cleans();
    }

    @Override
    public boolean keyValueHistory() {
        return true;
    }

    @Override
    public String name() {
        return PREFIX + "/" + protocol.cliName();
    }

    @Override
    public Claims claims(io.rdasuite.store.fabric.ServerConfig config) {
        return protocol.claims(config);
    }

    static byte[] key(int key) {
        byte[] k = String.format("k%07d", key).getBytes(StandardCharsets.US_ASCII);
        return k;
    }

    @Override
    public byte[] valueBytes(int key, long value) {
        byte[] v = new byte[SHAPE.valueBytes()];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) (1 + ((key * 131 + value * 31 + i * 7) & 0x7F));
        }
        return v;
    }

    @Override
    public Deployment deploy(SimFabric fabric, Program program) {
        List<KvClient> clients = protocol.deployExploring(fabric, SHAPE, program.clients().size(), false, cleanerStartNs).clients();
        return (c, op) -> execute(clients.get(c), op);
    }

    /**
     * On a fabric restarted from a post-crash image: a server thread runs recovery and then serves; clients
     * 1..n connect (for operations after a recovery, before a further crash). Run the fabric until recovery
     * finished before the clients start.
     */
    public Deployment deployRecovering(SimFabric restarted, Program program) {
        List<KvClient> clients = protocol.deployExploring(restarted, SHAPE, program.clients().size(), true, KvProtocol.CLEANER_START_NS).clients();
        return (c, op) -> execute(clients.get(c), op);
    }

    private byte[] execute(KvClient client, Op op) {
        try {
            return switch (op.kind()) {
                case GET -> {
                    byte[] v = client.get(key(op.key()));
                    yield v == null ? new byte[SHAPE.valueBytes()] : v;
                }
                case PUT -> {
                    if (op.stallNs() > 0) {
                        client.stallNextWrite(op.stallNs());
                    }
                    yield client.put(key(op.key()), valueBytes(op.key(), op.value())) ? new byte[0] : null;
                }
                case DELETE -> client.delete(key(op.key())) ? new byte[0] : null;
            };
        } catch (KvClient.KvReadException e) {
            return null;
        }
    }

    @Override
    public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
        KvProtocol.Deployment deployment = protocol.deployExploring(restarted, SHAPE, program.clients().size(), true, KvProtocol.CLEANER_START_NS);
        KvClient reader = deployment.clients().getFirst();
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        TreeSet<Integer> unreadable = new TreeSet<>();
        restarted.node(1).spawn("checker", () -> {
            for (int key : keys) {
                try {
                    byte[] v = reader.get(key(key));
                    if (v != null) {
                        values.put(key, v);
                    }
                } catch (KvClient.KvReadException e) {
                    unreadable.add(key);
                }
            }
        });
        restarted.run();
        List<String> structural = deployment.serverAs(AuditedRecovery.class).map(AuditedRecovery::recoveryErrors).orElse(List.of());
        return new Observation(values, List.copyOf(structural), unreadable);
    }

    /** {@code kv/<protocol>}: any registered {@link KvProtocol} ({@link io.rdasuite.store.protocol.KvProtocols}). */
    public static final class Factory implements SubjectFactory {
        @Override
        public String prefix() {
            return PREFIX;
        }

        @Override
        public Subject byName(String name) {
            try {
                return new KvSubject(KvProtocols.parse(name.substring(Math.min(name.length(), PREFIX.length() + 1))));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown subject '" + name + "': " + e.getMessage());
            }
        }
    }
}
