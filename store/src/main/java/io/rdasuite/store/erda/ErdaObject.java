package io.rdasuite.store.erda;

import io.rdasuite.store.kv.KvShape;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * An object in Erda's log (paper 000 §3.2.1, Figs. 2–3): a tag byte carrying the 1-bit delete tag, a
 * CRC32 over the whole object (the tag, key and value; the CRC field excluded), and the key-value pair. A
 * deleted object has no value. Sizes: 5 + N for a normal object, 5 + key for a deleted one (Table 1).
 */
public final class ErdaObject {
    public static final int HEADER_BYTES = 5;
    /** The tag byte: a marker in the high bits (never 0, so a zeroed log never parses) and the delete bit. */
    static final byte NORMAL = (byte) 0xA0;
    static final byte DELETED = (byte) 0xA1;

    /** A parsed object: its key, its value (null for a deleted object), and whether it was intact. */
    public record Parsed(boolean intact, boolean deleted, byte[] key, byte[] value) {
    }

    private ErdaObject() {
    }

    public static int normalBytes(KvShape shape) {
        return HEADER_BYTES + shape.pairBytes();
    }

    public static int deletedBytes(KvShape shape) {
        return HEADER_BYTES + shape.keyBytes();
    }

    public static MemorySegment normal(byte[] key, byte[] value) {
        byte[] o = new byte[HEADER_BYTES + key.length + value.length];
        o[0] = NORMAL;
        System.arraycopy(key, 0, o, HEADER_BYTES, key.length);
        System.arraycopy(value, 0, o, HEADER_BYTES + key.length, value.length);
        writeCrc(o);
        return MemorySegment.ofArray(o);
    }

    public static MemorySegment deleted(byte[] key) {
        byte[] o = new byte[HEADER_BYTES + key.length];
        o[0] = DELETED;
        System.arraycopy(key, 0, o, HEADER_BYTES, key.length);
        writeCrc(o);
        return MemorySegment.ofArray(o);
    }

    private static void writeCrc(byte[] o) {
        MemorySegment.ofArray(o).set(ValueLayout.JAVA_INT_UNALIGNED, 1, (int) crc(o, o.length));
    }

    private static long crc(byte[] o, int length) {
        CRC32 c = new CRC32();
        c.update(o, 0, 1);
        c.update(o, HEADER_BYTES, length - HEADER_BYTES);
        return c.getValue();
    }

    /** Parses {@code bytes} (read at an object's offset; at least a deleted object's size) for {@code key}. */
    public static Parsed parse(byte[] bytes, KvShape shape, byte[] expectedKey) {
        return parse(bytes, bytes.length, shape, expectedKey);
    }

    /** {@link #parse(byte[], KvShape, byte[])} of the first {@code read} bytes of {@code bytes} (a reused buffer). */
    public static Parsed parse(byte[] bytes, int read, KvShape shape, byte[] expectedKey) {
        if (read < deletedBytes(shape) || (bytes[0] != NORMAL && bytes[0] != DELETED)) {
            return new Parsed(false, false, null, null);
        }
        boolean deleted = bytes[0] == DELETED;
        int length = deleted ? deletedBytes(shape) : normalBytes(shape);
        if (read < length) {
            return new Parsed(false, deleted, null, null);
        }
        int stored = MemorySegment.ofArray(bytes).get(ValueLayout.JAVA_INT_UNALIGNED, 1);
        byte[] key = Arrays.copyOfRange(bytes, HEADER_BYTES, HEADER_BYTES + shape.keyBytes());
        boolean intact = stored == (int) crc(bytes, length) && (expectedKey == null || Arrays.equals(key, expectedKey));
        byte[] value = deleted ? null : Arrays.copyOfRange(bytes, HEADER_BYTES + shape.keyBytes(), length);
        return new Parsed(intact, deleted, key, value);
    }
}
