package io.rdasuite.store.pm;

import io.rdasuite.store.fabric.MemoryRegion;
import java.lang.foreign.MemorySegment;

/**
 * A CPU's load/store view of one local region (paper 003 §2, "System Support for PM"). Offsets are bytes
 * from the region's start. Atomic operations require 8-byte aligned offsets and throw
 * {@link IllegalArgumentException} otherwise.
 */
public interface LocalMemory {
    /** Cache-line size in bytes: the unit of {@link #clwb} and of natural eviction. */
    int CACHE_LINE_BYTES = 64;

    /** Failure-atomic unit in bytes: a crash never splits one. */
    int ATOMIC_UNIT_BYTES = 8;

    MemoryRegion region();

    /** Plain 8-byte load (single-copy atomic when aligned). */
    long load8(long offsetBytes);

    /** 8-byte load with acquire ordering. */
    long loadAcquire8(long offsetBytes);

    /** Copies {@code destination.byteSize()} bytes starting at {@code offsetBytes} into {@code destination}. */
    void load(long offsetBytes, MemorySegment destination);

    /** Cached store: visible at once, persistent only after clwb + sfence (or if the domain includes the cache). */
    void store(long offsetBytes, MemorySegment source);

    /** Cached 8-byte store. */
    void store8(long offsetBytes, long value);

    /** 8-byte store with release ordering (earlier stores become visible first). Cached like {@link #store8}. */
    void storeRelease8(long offsetBytes, long value);

    /** 8-byte compare-and-swap; returns true when it swapped. Cached like {@link #store8}. */
    boolean cas8(long offsetBytes, long expected, long update);

    /** Non-temporal store: bypasses the cache; persistent after the next {@link #sfence}. */
    void storeNonTemporal(long offsetBytes, MemorySegment source);

    /** Starts writing back every cache line that overlaps the range; done at the next {@link #sfence}. */
    void clwb(long offsetBytes, long lengthBytes);

    /** Waits until this thread's earlier clwb and non-temporal stores reached the persistence domain. */
    void sfence();

    /** clwb over the range followed by sfence. */
    default void persist(long offsetBytes, long lengthBytes) {
        clwb(offsetBytes, lengthBytes);
        sfence();
    }
}
