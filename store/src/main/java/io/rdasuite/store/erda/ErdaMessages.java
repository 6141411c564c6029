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
    /** During cleaning (§4.4): the object travels in the request and the server writes it. */
    static final int PUT_DATA = 5;
    static final int DELETE_DATA = 6;
    /** A client tells the server where its control word lives (argument: address; rkey at byte 16). */
    static final int REGISTER = 7;
    /** While a head is cleaned, reads go through the server too (§4.4). */
    static final int GET_RPC = 8;

    static final long OK = 1;
    static final long ABSENT = 2;
    static final long FULL = 3;
    /** The key's head is being cleaned: resend the write with its object (RPC write). */
    static final long CLEANING = 4;

    /** Bytes of a reply's fixed part; HEADS pages hold (512 - 16) / 32 regions. */
    static final int REPLY_BYTES = 512;
    static final int HEADS_PER_REPLY = (REPLY_BYTES - 16) / 32;
    static final long UNREADABLE = 5;

    /** A reply buffer: room for the head array page or a value (GET_RPC). */
    static int replyBytes(io.rdasuite.store.kv.KvShape shape) {
        return Math.max(REPLY_BYTES, 16 + ((shape.valueBytes() + 7) & ~7));
    }

    private ErdaMessages() {
    }

    /** A request slot: type, argument, then the key, or the whole object for the RPC writes of cleaning. */
    static int requestBytes(io.rdasuite.store.kv.KvShape shape) {
        return 16 + ((ErdaObject.normalBytes(shape) + 7) & ~7);
    }

    static MemorySegment request(int type, long argument, byte[] keyOrObject) {
        MemorySegment m = MemorySegment.ofArray(new long[(16 + keyOrObject.length + 7) / 8]);
        m.set(ValueLayout.JAVA_LONG, 0, type);
        m.set(ValueLayout.JAVA_LONG, 8, argument);
        MemorySegment.copy(MemorySegment.ofArray(keyOrObject), 0, m, 16, keyOrObject.length);
        return m;
    }
}
