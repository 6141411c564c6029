package io.rdasuite.hwreal.loopback;

import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.store.fabric.MemoryRegion;
import java.lang.foreign.MemorySegment;

/**
 * A registered region of the loopback fabric: its descriptor, the memory behind it, and, for PM, the
 * provider that makes a range durable.
 */
public record Region(MemoryRegion descriptor, MemorySegment memory, PersistentMemory pm) {
    public boolean durable() {
        return pm != null && pm.durable();
    }

    /** Writes a range back to the persistence domain (no-op for DRAM and volatile PM). */
    public void persist(long offset, long length) {
        if (durable()) {
            pm.persist(memory, offset, length);
        }
    }

    public long offsetOf(long address) {
        return address - descriptor.baseAddress();
    }
}
