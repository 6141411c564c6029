package io.rdasuite.store.remotelog;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.CRC32C;

/**
 * A 64-byte log record for singleton appends (paper 003 §4.1): sequence number (8 bytes), payload (48
 * bytes), CRC32C of the first 56 bytes with a marker in the high half (8 bytes). Recovery finds the tail
 * where the checksum first fails; an all-zero slot never passes.
 */
public final class ChecksummedRecord {
    public static final int BYTES = 64;
    public static final int PAYLOAD_BYTES = 48;
    private static final long MARKER = 0x5244_4100_0000_0000L; // "RDA" in the high bytes

    private ChecksummedRecord() {
    }

    /** The payload word {@code i} of record {@code sequence} (what {@link #encode} writes). */
    public static long payloadWordOf(long sequence, long salt, int i) {
        return payloadWord(sequence, salt, i);
    }

    /** Encodes record {@code sequence} with a payload derived from {@code sequence} and {@code salt}. */
    public static MemorySegment encode(long sequence, long salt) {
        MemorySegment r = MemorySegment.ofArray(new long[BYTES / 8]);
        r.set(ValueLayout.JAVA_LONG, 0, sequence);
        for (int i = 0; i < PAYLOAD_BYTES / 8; i++) {
            r.set(ValueLayout.JAVA_LONG, 8 + 8L * i, payloadWord(sequence, salt, i));
        }
        r.set(ValueLayout.JAVA_LONG, 56, MARKER | checksum(r));
        return r;
    }

    private static long payloadWord(long sequence, long salt, int i) {
        long x = sequence * 0x9E3779B97F4A7C15L + salt * 0xC2B2AE3D27D4EB4FL + i;
        x ^= x >>> 31;
        return x * 0xBF58476D1CE4E5B9L;
    }

    private static long checksum(MemorySegment record) {
        CRC32C crc = new CRC32C();
        crc.update(record.asSlice(0, 56).toArray(ValueLayout.JAVA_BYTE));
        return crc.getValue();
    }

    /** True when the 64 bytes carry a valid checksum. */
    public static boolean valid(byte[] record) {
        MemorySegment r = MemorySegment.ofArray(record);
        return r.get(ValueLayout.JAVA_LONG_UNALIGNED, 56) == (MARKER | checksum(r));
    }

    /** The sequence number of a record (meaningful only when {@link #valid}). */
    public static long sequence(byte[] record) {
        return MemorySegment.ofArray(record).get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
    }
}
