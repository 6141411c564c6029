package io.rdasuite.store.thdpms.pdsm;

/** The iRDMA messages of pDSM (8 longs): word 0 the operation or status, word 1 the sender's epoch, then arguments. */
final class Messages {
    static final long ALLOC = 1;
    static final long COMMIT = 2;
    static final long CONFIG = 3;
    /** Table 4's pallocate(size): one heap block. */
    static final long PALLOCATE = 4;
    /** Table 4's pfree(p). */
    static final long PFREE = 5;
    /** Monitor → primary: copy a segment to a place reserved for a new replica (node, local segment, base, rkey). */
    static final long REREPLICATE = 6;

    static final long OK = 0;
    static final long STALE_EPOCH = 1;
    static final long NOT_PRIMARY = 2;
    static final long FULL = 3;

    /** Extent block: id high, id low, extent count, page offset, pages, length in bytes (64 bytes, one line). */
    static final int EXTENT_BYTES = 64;

    private Messages() {
    }

    static long[] of(long... words) {
        long[] m = new long[8];
        System.arraycopy(words, 0, m, 0, words.length);
        return m;
    }
}
