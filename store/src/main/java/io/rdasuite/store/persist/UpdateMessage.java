package io.rdasuite.store.persist;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The message of the two-sided recipes, as it lies in a receive buffer (RQWRB): either a notification
 * ("flush &a [and &b], then ack", after RDMA WRITEs) or the data itself (SEND(a[,b])). Checksummed, so that
 * recovery can replay data messages persisted in a PM RQWRB (paper 003 §3.2, DMP ¬DDIO PM-RQWRB) and skip
 * torn ones.
 *
 * <p>Layout (8-byte words): magic|flags|count, sequence, CRC32C of everything else, then per entry: address,
 * length, and for data messages the payload padded to 8 bytes.
 */
public final class UpdateMessage {
    public static final int SLOT_BYTES = 256;
    static final int FLUSH = 1;
    static final int ACK = 2;
    static final int DATA = 4;
    private static final long MAGIC = 0x5244_4155L << 32;

    /** An entry: where, how long, and (data messages) what. */
    public record Entry(long address, int lengthBytes, byte[] payload) {
    }

    /** A decoded message. */
    public record Decoded(int flags, long sequence, List<Entry> entries) {
        public boolean data() {
            return (flags & DATA) != 0;
        }

        public boolean flush() {
            return (flags & FLUSH) != 0;
        }

        public boolean ack() {
            return (flags & ACK) != 0;
        }
    }

    private UpdateMessage() {
    }

    static MemorySegment encode(int flags, long sequence, List<Update> updates) {
        boolean data = (flags & DATA) != 0;
        int bytes = 24;
        for (Update u : updates) {
            bytes += 16 + (data ? pad(u.data().byteSize()) : 0);
        }
        if (bytes > SLOT_BYTES) {
            throw new IllegalArgumentException("message of " + bytes + " bytes exceeds the " + SLOT_BYTES + "-byte receive slot");
        }
        MemorySegment m = MemorySegment.ofArray(new long[bytes / 8]);
        m.set(ValueLayout.JAVA_LONG, 0, MAGIC | ((long) updates.size() << 8) | flags);
        m.set(ValueLayout.JAVA_LONG, 8, sequence);
        long at = 24;
        for (Update u : updates) {
            m.set(ValueLayout.JAVA_LONG, at, u.remoteAddress());
            m.set(ValueLayout.JAVA_LONG, at + 8, u.data().byteSize());
            at += 16;
            if (data) {
                MemorySegment.copy(u.data(), 0, m, at, u.data().byteSize());
                at += pad(u.data().byteSize());
            }
        }
        m.set(ValueLayout.JAVA_LONG, 16, crc(m));
        return m;
    }

    private static long pad(long n) {
        return (n + 7) & ~7L;
    }

    private static long crc(MemorySegment m) {
        CRC32C c = new CRC32C();
        c.update(m.asSlice(0, 16).toArray(ValueLayout.JAVA_BYTE));
        c.update(m.asSlice(24).toArray(ValueLayout.JAVA_BYTE));
        return c.getValue();
    }

    /** Decodes a receive slot; null when it holds no intact message. */
    public static Decoded decode(MemorySegment slot) {
        return decode(slot, true);
    }

    /** As {@link #decode(MemorySegment)}; {@code checkCrc} false (a planted bug) takes a well-formed torn message as intact. */
    static Decoded decode(MemorySegment slot, boolean checkCrc) {
        long head = slot.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        if ((head & 0xFFFF_FFFF_0000_0000L) != MAGIC) {
            return null;
        }
        int flags = (int) (head & 0xFF);
        int count = (int) ((head >>> 8) & 0xFF);
        boolean data = (flags & DATA) != 0;
        long at = 24;
        List<Entry> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (at + 16 > slot.byteSize()) {
                return null;
            }
            long address = slot.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
            long length = slot.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 8);
            at += 16;
            if (length <= 0 || length > Integer.MAX_VALUE || (data && at + pad(length) > slot.byteSize())) {
                return null;
            }
            byte[] payload = null;
            if (data) {
                payload = slot.asSlice(at, length).toArray(ValueLayout.JAVA_BYTE);
                at += pad(length);
            }
            entries.add(new Entry(address, (int) length, payload));
        }
        MemorySegment used = slot.asSlice(0, at);
        if (checkCrc && used.get(ValueLayout.JAVA_LONG_UNALIGNED, 16) != crc(used)) {
            return null;
        }
        return new Decoded(flags, slot.get(ValueLayout.JAVA_LONG_UNALIGNED, 8), entries);
    }
}
