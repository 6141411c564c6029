package io.rdasuite.store.baseline;

import io.rdasuite.store.kv.KvShape;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.CRC32;

/** The log record of both baselines: key, value, CRC32 of both (N + 4 bytes, paper 000 §5.6). */
final class BaselineRecord {
    private BaselineRecord() {
    }

    static int bytes(KvShape shape) {
        return shape.pairBytes() + 4;
    }

    /**
     * @param lap Read After Write: how many times the ring slot was reserved before (folded into the CRC so a
     *            record left from an earlier lap never passes for the new one); 0 for Redo Logging
     */
    static MemorySegment encode(byte[] key, byte[] value, int lap) {
        byte[] r = new byte[key.length + value.length + 4];
        System.arraycopy(key, 0, r, 0, key.length);
        System.arraycopy(value, 0, r, key.length, value.length);
        MemorySegment.ofArray(r).set(ValueLayout.JAVA_INT_UNALIGNED, key.length + value.length, crc(r, key.length + value.length) ^ lap);
        return MemorySegment.ofArray(r);
    }

    static int crc(byte[] r, int length) {
        CRC32 c = new CRC32();
        c.update(r, 0, length);
        return (int) c.getValue();
    }

    /** True when the record's CRC matches for {@code lap} (a record of zeroes never does: its CRC is not 0). */
    static boolean intact(byte[] r, KvShape shape, int lap) {
        int n = shape.pairBytes();
        return MemorySegment.ofArray(r).get(ValueLayout.JAVA_INT_UNALIGNED, n) == (crc(r, n) ^ lap);
    }
}
