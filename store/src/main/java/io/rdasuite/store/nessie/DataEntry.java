package io.rdasuite.store.nessie;

import io.rdasuite.store.kv.KvShape;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * The layout of a data table entry, DTE (Nessie §4.1.2). Metadata and key come first so that they can be read
 * without the value (§4.3.2, "Multiple Reads"):
 * <pre>
 *  0   header: bit 0 valid, bit 1 delete (a DELETE's entry, never made valid, §4.2.4), bit 63 watermark
 *  8   expiration timestamp, ns of the recycling node's clock (§4.3.1); 0 while not being recycled
 *  16  recycle word: bit 0 the recycle bit; written after the timestamp, in one WRITE, so that a set bit
 *      always comes with its timestamp (RDMA places bytes in address order, §4.1.1)
 *  24  previous version: the ITE this entry's PUT replaced, or 0 (§4.3.2)
 *  32  key, padded to 8 bytes; then the value, padded to 8 bytes
 * </pre>
 * The owner writes an entry with CPU stores, the header last (so a header with the watermark means the whole
 * entry is there); after that only the valid bit (owner) and the recycle fields (the node that emptied its
 * ITE) change until the entry is re-used after its expiration.
 */
public final class DataEntry {
    public static final int HEADER = 0;
    public static final int EXPIRY = 8;
    public static final int RECYCLE = 16;
    public static final int PREVIOUS = 24;
    public static final int KEY = 32;
    public static final long VALID = 1;
    public static final long DELETE = 2;
    public static final long WATERMARK = 1L << 63;

    private final KvShape shape;
    private final int keyPadded;
    private final int valuePadded;

    public DataEntry(KvShape shape) {
        this.shape = shape;
        this.keyPadded = pad(shape.keyBytes());
        this.valuePadded = pad(shape.valueBytes());
    }

    private static int pad(int bytes) {
        return (bytes + 7) & ~7;
    }

    public KvShape shape() {
        return shape;
    }

    /** Bytes of metadata and key: what a PUT reads (§4.2.2: values are excluded). */
    public int metaBytes() {
        return KEY + keyPadded;
    }

    /** Bytes of the value field, padded to 8: what the second READ of a split GET fetches (§4.3.2). */
    public int valueBytes() {
        return valuePadded;
    }

    /** Bytes of a whole entry, a multiple of 8. */
    public int bytes() {
        return KEY + keyPadded + valuePadded;
    }

    /** The body of a fresh, invalid entry (everything but the header, which is stored last). */
    public MemorySegment body(long previous, byte[] key, byte[] value) {
        MemorySegment s = MemorySegment.ofArray(new long[bytes() / 8]);
        s.set(ValueLayout.JAVA_LONG, PREVIOUS, previous);
        MemorySegment.copy(key, 0, s, ValueLayout.JAVA_BYTE, KEY, key.length);
        if (value != null) {
            MemorySegment.copy(value, 0, s, ValueLayout.JAVA_BYTE, KEY + keyPadded, value.length);
        }
        return s;
    }

    /** A DTE as read: header, previous version, key and (when read) value. */
    public record View(long header, long previous, byte[] key, byte[] value) {
        public boolean complete() {
            return (header & WATERMARK) != 0;
        }

        public boolean valid() {
            return complete() && (header & VALID) != 0;
        }

        public boolean isDelete() {
            return (header & DELETE) != 0;
        }

        public boolean holds(byte[] wanted) {
            return complete() && Arrays.equals(key, wanted);
        }
    }

    /** Decodes {@code bytes} read from an entry: at least {@link #metaBytes()}, the value too when it is a whole entry. */
    public View view(byte[] bytes) {
        MemorySegment s = MemorySegment.ofArray(bytes);
        byte[] key = Arrays.copyOfRange(bytes, KEY, KEY + shape.keyBytes());
        byte[] value = bytes.length >= bytes() ? Arrays.copyOfRange(bytes, KEY + keyPadded, KEY + keyPadded + shape.valueBytes()) : null;
        return new View(s.get(ValueLayout.JAVA_LONG_UNALIGNED, HEADER), s.get(ValueLayout.JAVA_LONG_UNALIGNED, PREVIOUS), key, value);
    }
}
