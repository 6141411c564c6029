package io.rdasuite.hwreal.loopback;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;

/** The loopback fabric's CPU view ({@link LocalMemory}) over any off-heap segment, for tests of its atomics (jcstress, Lincheck). */
public final class OffHeapMemory {
    private OffHeapMemory() {
    }

    /** A volatile DRAM view of {@code segment} (64-byte aligned, a multiple of 8 bytes long). */
    public static LocalMemory of(MemorySegment segment) {
        MemoryRegion descriptor = new MemoryRegion(0, "off-heap", MemoryKind.DRAM, 0, segment.byteSize(), 0);
        return new SegmentMemory(new Region(descriptor, segment, null));
    }
}
