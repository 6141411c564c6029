package io.rdasuite.store.baseline;

import io.rdasuite.store.kv.KvShape;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.CRC32;

/**
 * The log record of both baselines. Paper layout (paper 000 §5.6, N + 4 bytes): key, value, CRC32 of both
 * (Read After Write folds the ring lap into it, so a record left from an earlier lap never passes).
 * Recoverable layout: the same, then 4 bytes of padding and an 8-byte global sequence number that orders
 * records for replay (N + 16 bytes). Redo Logging's server writes the sequence into the log when it
 * processes the record (the CRC covers the key-value pair only); Read After Write's client writes the
 * sequence its reservation returned, and the CRC covers it too.
 */
final class BaselineRecord {
    private BaselineRecord() {
    }

    static int bytes(KvShape shape, boolean recoverable) {
        return shape.pairBytes() + 4 + (recoverable ? 12 : 0);
    }

    static int slotBytes(KvShape shape, boolean recoverable) {
        return (bytes(shape, recoverable) + 7) & ~7;
    }

    static long seqOffset(KvShape shape) {
        return shape.pairBytes() + 8L;
    }

    /** A record; {@code seq} > 0 is covered by the CRC (Read After Write, recoverable), 0 is not stored. */
    static MemorySegment encode(byte[] key, byte[] value, int lap, long seq, boolean recoverable) {
        byte[] r = new byte[bytes(value.length + key.length, recoverable)];
        System.arraycopy(key, 0, r, 0, key.length);
        System.arraycopy(value, 0, r, key.length, value.length);
        int n = key.length + value.length;
        MemorySegment m = MemorySegment.ofArray(r);
        if (recoverable) {
            m.set(ValueLayout.JAVA_LONG_UNALIGNED, n + 8L, seq);
        }
        m.set(ValueLayout.JAVA_INT_UNALIGNED, n, crc(r, n, seq) ^ lap);
        return m;
    }

    private static int bytes(int pairBytes, boolean recoverable) {
        return pairBytes + 4 + (recoverable ? 12 : 0);
    }

    /** CRC32 of the key-value pair, and of {@code seq} too when it is non-zero. */
    static int crc(byte[] r, int pairBytes, long seq) {
        CRC32 c = new CRC32();
        c.update(r, 0, pairBytes);
        if (seq != 0) {
            for (int i = 0; i < 8; i++) {
                c.update((int) (seq >>> (8 * i)) & 0xFF);
            }
        }
        return (int) c.getValue();
    }

    /** True when the record's CRC matches for {@code lap} and {@code seq} (a record of zeroes never does). */
    static boolean intact(byte[] r, KvShape shape, int lap, long seq) {
        int n = shape.pairBytes();
        return MemorySegment.ofArray(r).get(ValueLayout.JAVA_INT_UNALIGNED, n) == (crc(r, n, seq) ^ lap);
    }

    static long storedSeq(byte[] r, KvShape shape) {
        return MemorySegment.ofArray(r).get(ValueLayout.JAVA_LONG_UNALIGNED, seqOffset(shape));
    }
}
