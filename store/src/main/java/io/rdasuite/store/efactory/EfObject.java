package io.rdasuite.store.efactory;

import io.rdasuite.store.kv.KvShape;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.CRC32;

/**
 * An object in a data pool with its metadata co-located (paper 001 §4.2.2, Fig. 4). Layout, in bytes:
 * <pre>
 *  0  state    magic (16 bits) | value length (32) | flags: VALID, DURABLE, TRANS, DELETED
 *  8  PrePTR   global offset of the previous version (0: none)
 * 16  NextPTR  global offset of the next version (used by log cleaning)
 * 24  CRC32    of the key and value, as the client computed it
 * 32  time     when the server allocated the object (for the timeout of §4.3.2)
 * 40  key, then value (written by the client), padded to 8 bytes
 * </pre>
 * The durability flag sits in the first word on purpose: a single READ samples it before the data, so a
 * reader that sees it set also sees the complete data (the data never changes once complete). The CRC covers
 * the key too (the paper's covers the value), so a stale key in a reused slot never passes.
 *
 * <p>Offsets are global: bit 30 names the pool (0 or 1), the lower 30 bits the byte in it.
 */
public final class EfObject {
    static final int STATE = 0;
    static final int PRE = 8;
    static final int NEXT = 16;
    static final int CRC = 24;
    static final int TIME = 32;
    /** Where the client-written data (key, value) starts. */
    public static final int HEADER = 40;
    /** The first offset of a pool: 0 means "no object". */
    static final long FIRST = 64;
    static final long POOL_LIMIT = 1L << 30;

    static final long VALID = 1;
    static final long DURABLE = 2;
    static final long TRANS = 4;
    static final long DELETED = 8;
    private static final long MAGIC = 0xEFACL;

    private EfObject() {
    }

    static long state(long flags, int valueLength) {
        return (MAGIC << 48) | ((long) valueLength << 16) | flags;
    }

    static boolean wellFormed(long state) {
        return (state >>> 48) == MAGIC;
    }

    static boolean has(long state, long flag) {
        return wellFormed(state) && (state & flag) != 0;
    }

    /** Bytes the client writes: key and value (a deleted object has only its key, written by the server). */
    static int dataBytes(KvShape shape, boolean deleted) {
        return shape.keyBytes() + (deleted ? 0 : shape.valueBytes());
    }

    /** Bytes an object occupies in its pool. */
    public static int bytes(KvShape shape, boolean deleted) {
        return HEADER + ((dataBytes(shape, deleted) + 7) & ~7);
    }

    static int pool(long global) {
        return (int) ((global >>> 30) & 1);
    }

    static long within(long global) {
        return global & (POOL_LIMIT - 1);
    }

    static long global(int pool, long within) {
        return ((long) pool << 30) | within;
    }

    /** CRC32 of {@code length} bytes of key-and-value data. */
    static int crc(MemorySegment data, long offset, int length) {
        CRC32 c = new CRC32();
        c.update(data.asSlice(offset, length).asByteBuffer());
        return (int) c.getValue();
    }

    /** The key followed by the value, as the client writes it. */
    static MemorySegment data(byte[] key, byte[] value) {
        MemorySegment m = MemorySegment.ofArray(new byte[(key.length + (value == null ? 0 : value.length) + 7) & ~7]);
        MemorySegment.copy(MemorySegment.ofArray(key), 0, m, 0, key.length);
        if (value != null) {
            MemorySegment.copy(MemorySegment.ofArray(value), 0, m, key.length, value.length);
        }
        return m;
    }

    static int crcOf(byte[] key, byte[] value) {
        MemorySegment d = data(key, value);
        return crc(d, 0, key.length + (value == null ? 0 : value.length));
    }

    /** A client's view of an object it read whole: usable only when well formed, valid, durable and of the key. */
    record View(boolean usable, boolean deleted, byte[] value) {
        static View of(byte[] bytes, KvShape shape, byte[] key) {
            return of(bytes, shape, key, true);
        }

        /** As {@link #of(byte[], KvShape, byte[])}; {@code requireDurable} false (a planted bug) accepts a valid object without its flag. */
        static View of(byte[] bytes, KvShape shape, byte[] key, boolean requireDurable) {
            return of(MemorySegment.ofArray(bytes), shape, key, requireDurable);
        }

        /** As {@link #of(byte[], KvShape, byte[], boolean)}, of the bytes read into {@code m} (a reused buffer's slice). */
        static View of(MemorySegment m, KvShape shape, byte[] key, boolean requireDurable) {
            long state = m.get(ValueLayout.JAVA_LONG_UNALIGNED, STATE);
            if (!has(state, VALID) || (requireDurable && !has(state, DURABLE))
                    || MemorySegment.mismatch(m, HEADER, HEADER + key.length, MemorySegment.ofArray(key), 0, key.length) != -1) {
                return new View(false, false, null);
            }
            boolean deleted = has(state, DELETED);
            byte[] value = deleted ? null : m.asSlice(HEADER + shape.keyBytes(), shape.valueBytes()).toArray(ValueLayout.JAVA_BYTE);
            return new View(true, deleted, value);
        }
    }
}
