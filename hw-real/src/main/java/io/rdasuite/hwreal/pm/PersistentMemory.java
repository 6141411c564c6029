package io.rdasuite.hwreal.pm;

import java.lang.foreign.MemorySegment;

/**
 * Where a real backend's PM regions live (DESIGN §6): memory that keeps its contents across a restart of the
 * process (mapped files, LLPL heaps), or plain off-heap memory standing in for PM where only concurrency
 * matters (Lincheck, JMH). A node asks for a region by name; asking again after a restart returns the same
 * bytes.
 */
public interface PersistentMemory extends AutoCloseable {
    /** Maps (creating if needed) the region called {@code name} of {@code lengthBytes}, 64-byte aligned. */
    MemorySegment map(String name, long lengthBytes);

    /** Makes {@code [offset, offset + length)} of a segment this provider mapped durable: clwb + sfence. */
    void persist(MemorySegment region, long offset, long length);

    /** True when the contents outlive the process. */
    boolean durable();

    /** One line saying what backs the memory, e.g. "mapped files in /tmp/x (READ_WRITE; no DAX)". */
    String describe();

    @Override
    void close();
}
