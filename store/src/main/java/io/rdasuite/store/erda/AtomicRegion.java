package io.rdasuite.store.erda;

/**
 * The 8-byte atomic write region of a hash entry (paper 000 §3.2.3, Fig. 6; the flip of §4.1).
 *
 * <p>Two 32-bit halves: the high half holds parity bit a and the first 31-bit offset, the low half holds
 * parity bit b and the second 31-bit offset. The paper's 1-bit new tag is a XOR b: 1 means the first offset
 * is the new one, 0 the second. The paper's reserved bit is spent on the second parity bit, so that a
 * flip — new tag plus new offset — changes exactly one 4-byte half, the 4 bytes paper 000's Table 1 counts
 * (the paper gets them through data-comparison writes). A half is written with one 4-byte store inside the
 * 8-byte failure-atomic unit, so the region still changes atomically.
 *
 * <p>Offset 0 means "no version".
 */
public final class AtomicRegion {
    public static final long EMPTY = 0;
    static final int OFFSET_MASK = 0x7FFF_FFFF;

    private AtomicRegion() {
    }

    public static boolean newTag(long word) {
        return (((word >>> 63) ^ (word >>> 31)) & 1) == 1;
    }

    static int first(long word) {
        return (int) ((word >>> 32) & OFFSET_MASK);
    }

    static int second(long word) {
        return (int) (word & OFFSET_MASK);
    }

    /** The newest version's offset (0: none). */
    public static int newOffset(long word) {
        return newTag(word) ? first(word) : second(word);
    }

    /** The previous version's offset (0: none). */
    public static int oldOffset(long word) {
        return newTag(word) ? second(word) : first(word);
    }

    /** True when a flip writes the high half (the new tag becomes 1: the first offset becomes the new one). */
    public static boolean flipWritesHigh(long word) {
        return !newTag(word);
    }

    /** The region after the flip of §4.1: the tag flips and {@code offset} becomes new, the old new becomes old. */
    public static long flip(long word, int offset) {
        checkOffset(offset);
        long high = word >>> 32;
        long low = word & 0xFFFF_FFFFL;
        if (flipWritesHigh(word)) {
            long b = (low >>> 31) & 1;
            high = ((b ^ 1) << 31) | offset; // a = not b: new tag 1
        } else {
            long a = (high >>> 31) & 1;
            low = (a << 31) | offset; // b = a: new tag 0
        }
        long flipped = (high << 32) | low;
        assert newOffset(flipped) == offset && oldOffset(flipped) == newOffset(word) && newTag(flipped) != newTag(word)
                : "a flip of " + Long.toHexString(word) + " to " + offset + " gave " + Long.toHexString(flipped);
        return flipped;
    }

    /** The repair of §4.2: the new slot takes the old offset (both name the previous, intact version). */
    public static long repair(long word) {
        long repaired = withSlot(word, newTag(word), oldOffset(word));
        assert newOffset(repaired) == oldOffset(word) && oldOffset(repaired) == oldOffset(word)
                : "a repair of " + Long.toHexString(word) + " gave " + Long.toHexString(repaired);
        return repaired;
    }

    /** The region with its new offset replaced and the tag kept (the planted bug {@code ERDA_FLIP_KEEPS_TAG}; §4.1 flips instead). */
    static long overwriteNew(long word, int offset) {
        checkOffset(offset);
        return withSlot(word, newTag(word), offset);
    }

    /** After cleaning (§4.4): the old slot takes the new offset, so no slot names the space being freed. */
    public static long collapse(long word) {
        long collapsed = withSlot(word, !newTag(word), newOffset(word));
        assert newOffset(collapsed) == newOffset(word) && oldOffset(collapsed) == newOffset(word)
                : "a collapse of " + Long.toHexString(word) + " gave " + Long.toHexString(collapsed);
        return collapsed;
    }

    /** The word with one offset slot (first or second) replaced, parity bits and new tag unchanged. */
    private static long withSlot(long word, boolean first, int offset) {
        long high = word >>> 32;
        long low = word & 0xFFFF_FFFFL;
        if (first) {
            high = (high & 0x8000_0000L) | offset;
        } else {
            low = (low & 0x8000_0000L) | offset;
        }
        return (high << 32) | low;
    }

    /** Which half {@code before} → {@code after} changed: 4 (high), 0 (low), or -1 when none or both. */
    public static int changedHalfByteOffset(long before, long after) {
        boolean high = (before >>> 32) != (after >>> 32);
        boolean low = (before & 0xFFFF_FFFFL) != (after & 0xFFFF_FFFFL);
        return high == low ? -1 : high ? 4 : 0;
    }

    static void checkOffset(int offset) {
        if (offset <= 0 || offset > OFFSET_MASK) {
            throw new IllegalArgumentException("offset " + offset + " outside 1.." + OFFSET_MASK);
        }
    }
}
