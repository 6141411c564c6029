package io.rdasuite.hwreal.crash;

import io.rdasuite.store.kv.KvShape;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.CRC32C;

/**
 * Self-checking values for the process-crash workload: key number, sequence number, filler derived from
 * both, and a CRC32C over the rest, so a recovered value proves which put wrote it and that it is whole.
 */
public final class WorkloadValues {
    public static final KvShape SHAPE = new KvShape(16, 200);

    private WorkloadValues() {
    }

    public static byte[] key(int key) {
        return String.format("crash-key-%06d", key).getBytes();
    }

    public static byte[] value(int key, long seq) {
        return value(key, seq, SHAPE);
    }

    /** A value of {@code shape}'s size (at least 16 bytes). */
    public static byte[] value(int key, long seq, KvShape shape) {
        byte[] v = new byte[shape.valueBytes()];
        MemorySegment m = MemorySegment.ofArray(v);
        m.set(ValueLayout.JAVA_INT_UNALIGNED, 0, key);
        m.set(ValueLayout.JAVA_LONG_UNALIGNED, 4, seq);
        for (int i = 12; i < v.length - 4; i++) {
            v[i] = (byte) (key * 131 + seq * 7 + i);
        }
        m.set(ValueLayout.JAVA_INT_UNALIGNED, v.length - 4, crc(v));
        return v;
    }

    private static int crc(byte[] v) {
        CRC32C c = new CRC32C();
        c.update(v, 0, v.length - 4);
        return (int) c.getValue();
    }

    /** The sequence number a value carries, or -1 when it is torn, mixed or of another key. */
    public static long sequence(int key, byte[] v) {
        return sequence(key, v, SHAPE);
    }

    /** As {@link #sequence(int, byte[])} for values of {@code shape}'s size. */
    public static long sequence(int key, byte[] v, KvShape shape) {
        MemorySegment m = MemorySegment.ofArray(v);
        if (v.length != shape.valueBytes() || m.get(ValueLayout.JAVA_INT_UNALIGNED, v.length - 4) != crc(v)
                || m.get(ValueLayout.JAVA_INT_UNALIGNED, 0) != key) {
            return -1;
        }
        return m.get(ValueLayout.JAVA_LONG_UNALIGNED, 4);
    }
}
