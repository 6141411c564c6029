package io.rdasuite.store.efactory;

/**
 * The 8-byte metadata word of a hash entry (paper 001 §4.2.2): two offsets, one per data pool, and a mark
 * bit naming the pool clients read from. Usually only the marked offset is set; during log cleaning the
 * other one records where the object went in the new pool (§4.4). Bits: offset in pool 0 (31), offset in
 * pool 1 (31), mark (1). Offsets are global (bit 30 is the pool).
 */
final class EntryWord {
    private static final long MASK = (1L << 31) - 1;

    private EntryWord() {
    }

    static long offset(long word, int pool) {
        return pool == 0 ? word & MASK : (word >>> 31) & MASK;
    }

    static int mark(long word) {
        return (int) ((word >>> 62) & 1);
    }

    static long withOffset(long word, int pool, long global) {
        return pool == 0 ? (word & ~MASK) | global : (word & ~(MASK << 31)) | (global << 31);
    }

    static long withMark(long word, int mark) {
        return (word & ~(1L << 62)) | ((long) mark << 62);
    }

    /** A word naming one object in its pool, marked for that pool. */
    static long of(long global) {
        int pool = EfObject.pool(global);
        return withMark(withOffset(0, pool, global), pool);
    }

    /** The offset clients read: the marked one. */
    static long marked(long word) {
        return offset(word, mark(word));
    }
}
