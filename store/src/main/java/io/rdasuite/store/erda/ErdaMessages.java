package io.rdasuite.store.erda;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Erda's RPC (paper 000 §3.3): a client writes a request into its slot at the server with RDMA
 * WRITE_WITH_IMM (the immediate carries the client id); the server answers with a SEND.
 *
 * <p>Request: type (8 bytes), argument (8), key. Reply: status, then type-specific words.
 */
final class ErdaMessages {
    static final int PUT = 1;
    static final int DELETE = 2;
    static final int REPAIR = 3;
    static final int HEADS = 4;

    static final long OK = 1;
    static final long ABSENT = 2;
    static final long FULL = 3;

    static final int REPLY_BYTES = 512;

    private ErdaMessages() {
    }

    static int requestBytes(int keyBytes) {
        return 16 + ((keyBytes + 7) & ~7);
    }

    static MemorySegment request(int type, long argument, byte[] key) {
        MemorySegment m = MemorySegment.ofArray(new long[requestBytes(key.length) / 8]);
        m.set(ValueLayout.JAVA_LONG, 0, type);
        m.set(ValueLayout.JAVA_LONG, 8, argument);
        MemorySegment.copy(MemorySegment.ofArray(key), 0, m, 16, key.length);
        return m;
    }
}
