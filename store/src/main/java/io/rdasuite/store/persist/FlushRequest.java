package io.rdasuite.store.persist;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The message of the SEND-based recipes: "flush [address, address + length) and ack" (paper 003 Table 2,
 * Rq Send(&a)). Layout: remote address (8 bytes), length (8 bytes), request tag (8 bytes).
 */
public record FlushRequest(long address, long lengthBytes, long tag) {
    public static final int BYTES = 24;

    public MemorySegment encode() {
        MemorySegment m = MemorySegment.ofArray(new long[3]);
        m.set(ValueLayout.JAVA_LONG, 0, address);
        m.set(ValueLayout.JAVA_LONG, 8, lengthBytes);
        m.set(ValueLayout.JAVA_LONG, 16, tag);
        return m;
    }

    public static FlushRequest decode(MemorySegment m) {
        return new FlushRequest(m.get(ValueLayout.JAVA_LONG, 0), m.get(ValueLayout.JAVA_LONG, 8), m.get(ValueLayout.JAVA_LONG, 16));
    }
}
