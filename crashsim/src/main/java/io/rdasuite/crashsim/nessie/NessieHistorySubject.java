package io.rdasuite.crashsim.nessie;

import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.Claims;
import java.nio.ByteBuffer;
import java.util.SortedSet;

/**
 * Nessie as the history checks see it ({@link io.rdasuite.crashsim.Invariants}, and LINEARIZABILITY through the
 * {@link io.rdasuite.crashsim.HistoryCheck} found on the class path): operations on a map of keys to values.
 *
 * <p>The crash/stall search cuts no node's power: every index and data table survives, only a client dies or stops.
 * So the whole of {@link Claims#ALL} applies to its histories: a put acknowledged before the read-back must be seen
 * by it (the DRAM tables are intact), which makes the history check durable linearizability with the dead client's
 * operation pending (it may or may not have taken effect). {@link io.rdasuite.store.nessie.NessieCluster#CLAIMS},
 * which drops durability and monotonic reads, is about node crashes, which this search does not make.
 */
public final class NessieHistorySubject implements Subject {
    /** The name in reports. */
    public static final String NAME = "nessie/client-faults";

    private final KvShape shape;

    public NessieHistorySubject(KvShape shape) {
        this.shape = shape;
    }

    /** The key bytes of key {@code k} (every key is {@code shape.keyBytes()} long). */
    public byte[] keyBytes(int k) {
        byte[] b = new byte[shape.keyBytes()];
        byte[] s = String.format("k%07d", k).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        System.arraycopy(s, 0, b, 0, Math.min(s.length, b.length));
        return b;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean keyValueHistory() {
        return true;
    }

    @Override
    public Claims claims(ServerConfig config) {
        return Claims.ALL;
    }

    /** Every 8 bytes say (key, tag, position): a value mixed from two puts, or shifted, matches neither. */
    @Override
    public byte[] valueBytes(int key, long value) {
        ByteBuffer b = ByteBuffer.allocate(shape.valueBytes());
        for (int i = 0; b.remaining() >= 8; i++) {
            b.putLong(((long) key << 40) ^ (value << 8) ^ i ^ 0x5A00_0000_0000_0000L);
        }
        while (b.hasRemaining()) {
            b.put((byte) (value + key));
        }
        return b.array();
    }

    @Override
    public Deployment deploy(SimFabric fabric, Program program) {
        throw new UnsupportedOperationException("the Nessie client-fault search deploys its own cluster (NessieFaultRun)");
    }

    @Override
    public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
        throw new UnsupportedOperationException("no node of Nessie's client-fault search crashes: nothing to recover");
    }
}
