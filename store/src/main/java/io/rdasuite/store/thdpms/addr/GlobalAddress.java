package io.rdasuite.store.thdpms.addr;

/**
 * A 128-bit global address of pDSM (paper 002 §4.1.2, Fig. 3): ⟨descriptor, segment number, in-segment offset⟩. The
 * paper gives no field widths; ours:
 * <pre>
 *   high 64 bits: descriptor (16) | segment number (48)      low 64 bits: in-segment offset (64)
 *   descriptor:   replicas (4) | permissions (4: read, write, alloc, admin) | space (1: 0 heap, 1 objects) | 0 (7)
 * </pre>
 * 48 bits of segment number cover 2^48 segments of 2 GB (the paper's size): far past any pool; the offset takes a
 * whole word so that scaled-down test segments and the paper's 2 GB ones address alike. The naive heap grows from the
 * bottom of a segment, the object space from the top (§4.1.2). Two addresses are equal when all 128 bits are.
 *
 * @param high descriptor and segment number
 * @param low  in-segment offset
 */
public record GlobalAddress(long high, long low) {
    public static final int SEGMENT_BITS = 48;
    public static final long SEGMENT_MASK = (1L << SEGMENT_BITS) - 1;
    public static final int READ = 1;
    public static final int WRITE = 2;
    public static final int ALLOC = 4;
    public static final int ADMIN = 8;

    /** The space an address lies in. */
    public enum Space {
        HEAP,
        OBJECTS
    }

    public static GlobalAddress of(int replicas, int permissions, Space space, long segmentNo, long offset) {
        if (replicas < 0 || replicas > 15 || permissions < 0 || permissions > 15) {
            throw new IllegalArgumentException("replicas and permissions are 4-bit fields: " + replicas + ", " + permissions);
        }
        if (segmentNo < 0 || segmentNo > SEGMENT_MASK || offset < 0) {
            throw new IllegalArgumentException("segment number is 48 bits, offset non-negative: " + segmentNo + ", " + offset);
        }
        long descriptor = ((long) replicas << 12) | ((long) permissions << 8) | ((long) space.ordinal() << 7);
        return new GlobalAddress(descriptor << SEGMENT_BITS | segmentNo, offset);
    }

    public long segmentNo() {
        return high & SEGMENT_MASK;
    }

    public long offset() {
        return low;
    }

    public int descriptor() {
        return (int) (high >>> SEGMENT_BITS);
    }

    public int replicas() {
        return descriptor() >>> 12 & 0xF;
    }

    public int permissions() {
        return descriptor() >>> 8 & 0xF;
    }

    public Space space() {
        return (descriptor() >>> 7 & 1) == 0 ? Space.HEAP : Space.OBJECTS;
    }

    /** The address {@code bytes} further into the same segment. */
    public GlobalAddress plus(long bytes) {
        return new GlobalAddress(high, low + bytes);
    }

    @Override
    public String toString() {
        return String.format("g%d:%d+%#x", segmentNo(), replicas(), low);
    }
}
