package io.rdasuite.store.efactory;

import io.rdasuite.store.kv.KvShape;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The RPCs of the eFactory family (paper 001 §4.3, §5.3): requests by SEND into one of the client's receive
 * buffers at the server, replies by SEND. Request: type, argument, CRC, key (padded to 8 bytes). Reply:
 * status, global offset, address of the object's data, rkey, and the server's cleaning epoch (odd while the
 * log is cleaned), which the client folds into its control word.
 */
final class EfMessages {
    /** Client-active PUT (§4.3.1): allocate, fill and persist the metadata, publish; the client then WRITEs. */
    static final int PUT = 1;
    static final int DELETE = 2;
    /** RPC GET (§4.3.3 steps 5-8): the offset of the newest intact version, made durable first. */
    static final int GET = 3;
    /** SAW and IMM: reserve space only; the object is published after its data is persistent. */
    static final int ALLOCATE = 4;
    /** SAW's SEND after the WRITE: persist the object at the argument's offset and publish it. */
    static final int COMMIT = 5;
    /** A client names its control word (argument: address; CRC field: rkey) for cleaning notifications. */
    static final int REGISTER = 6;

    static final long OK = 1;
    static final long ABSENT = 2;
    static final long FULL = 3;

    static final int REPLY_BYTES = 40;

    private EfMessages() {
    }

    static int requestBytes(KvShape shape) {
        return 24 + ((shape.keyBytes() + 7) & ~7);
    }

    static MemorySegment request(KvShape shape, int type, long argument, long crc, byte[] key) {
        MemorySegment m = MemorySegment.ofArray(new long[requestBytes(shape) / 8]);
        m.set(ValueLayout.JAVA_LONG, 0, type);
        m.set(ValueLayout.JAVA_LONG, 8, argument);
        m.set(ValueLayout.JAVA_LONG, 16, crc);
        if (key != null) {
            MemorySegment.copy(MemorySegment.ofArray(key), 0, m, 24, key.length);
        }
        return m;
    }

    static MemorySegment reply(long status, long global, long address, long rkey) {
        return MemorySegment.ofArray(new long[] {status, global, address, rkey, 0});
    }
}
