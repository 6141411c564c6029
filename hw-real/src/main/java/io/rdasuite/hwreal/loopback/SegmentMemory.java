package io.rdasuite.hwreal.loopback;

import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPU's view of a loopback region: plain loads and stores, 8-byte atomics through a {@link VarHandle}
 * (single-copy atomic on aligned addresses), and clwb + sfence as "remember the range, then write back every
 * range this thread remembered" (a mapped file's {@code force}; nothing for DRAM).
 */
public final class SegmentMemory implements LocalMemory {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** Ranges this thread wrote back with clwb (or stored non-temporally) since its last sfence. */
    private static final ThreadLocal<List<Object[]>> PENDING = ThreadLocal.withInitial(ArrayList::new);

    private final Region region;
    private final MemorySegment memory;

    public SegmentMemory(Region region) {
        this.region = region;
        this.memory = region.memory();
    }

    @Override
    public MemoryRegion region() {
        return region.descriptor();
    }

    private static void aligned(long offset) {
        if ((offset & 7) != 0) {
            throw new IllegalArgumentException("8-byte atomic access needs an aligned offset: " + offset);
        }
    }

    @Override
    public long load8(long offsetBytes) {
        return memory.get(ValueLayout.JAVA_LONG_UNALIGNED, offsetBytes);
    }

    @Override
    public long loadAcquire8(long offsetBytes) {
        aligned(offsetBytes);
        return (long) LONG.getAcquire(memory, offsetBytes);
    }

    @Override
    public void load(long offsetBytes, MemorySegment destination) {
        MemorySegment.copy(memory, offsetBytes, destination, 0, destination.byteSize());
    }

    @Override
    public void store(long offsetBytes, MemorySegment source) {
        MemorySegment.copy(source, 0, memory, offsetBytes, source.byteSize());
    }

    @Override
    public void store8(long offsetBytes, long value) {
        if ((offsetBytes & 7) == 0) {
            LONG.setOpaque(memory, offsetBytes, value); // never torn
        } else {
            memory.set(ValueLayout.JAVA_LONG_UNALIGNED, offsetBytes, value);
        }
    }

    @Override
    public void storeRelease8(long offsetBytes, long value) {
        aligned(offsetBytes);
        LONG.setRelease(memory, offsetBytes, value);
    }

    @Override
    public boolean cas8(long offsetBytes, long expected, long update) {
        aligned(offsetBytes);
        return LONG.compareAndSet(memory, offsetBytes, expected, update);
    }

    @Override
    public void storeNonTemporal(long offsetBytes, MemorySegment source) {
        store(offsetBytes, source);
        clwb(offsetBytes, source.byteSize());
    }

    @Override
    public void clwb(long offsetBytes, long lengthBytes) {
        if (region.durable() && lengthBytes > 0) {
            PENDING.get().add(new Object[] {region, offsetBytes, lengthBytes});
        }
    }

    @Override
    public void sfence() {
        List<Object[]> pending = PENDING.get();
        for (Object[] p : pending) {
            ((Region) p[0]).persist((Long) p[1], (Long) p[2]);
        }
        pending.clear();
        VarHandle.fullFence();
    }
}
