package io.rdasuite.store.thdpms.pdsm;

import java.nio.ByteBuffer;

/**
 * A 128-bit object id (paper 002 §4.1.5). Objects are placed by consistent hashing of the id ({@link Placement}); a
 * table bucket keeps the id's 64-bit xxHash (never 0) and the extent block keeps the whole id, which a reader checks.
 */
public record ObjectId(long high, long low) {
    /** The id of the explorer's key {@code key}. */
    public static ObjectId ofKey(int key) {
        return new ObjectId(0x7064736DL, key);
    }

    /** 64-bit xxHash of the 16 bytes, with the low bit set so that 0 means an empty bucket. */
    public long hash() {
        byte[] b = ByteBuffer.allocate(16).putLong(high).putLong(low).array();
        return io.rdasuite.store.kv.KeyHash.of(b) | 1;
    }
}
