package io.rdasuite.store.thdpms.kvs;

import io.rdasuite.store.thdpms.pdsm.PdsmServer;

/** pDKVS's iRDMA messages (8 longs): word 0 the operation or status, word 1 the epoch, word 2 the segment, then arguments. */
final class KvsMessages {
    static final long PUT = PdsmServer.EXTENSION_OPS;
    static final long GET = PdsmServer.EXTENSION_OPS + 1;
    static final long DELETE = PdsmServer.EXTENSION_OPS + 2;

    static final long OK = 0;
    static final long STALE_EPOCH = 1;
    static final long NOT_PRIMARY = 2;
    static final long FULL = 3;
    static final long ABSENT = 4;
    static final long MALFORMED = 6;

    private KvsMessages() {
    }

    static long[] of(long... words) {
        long[] m = new long[8];
        System.arraycopy(words, 0, m, 0, words.length);
        return m;
    }
}
