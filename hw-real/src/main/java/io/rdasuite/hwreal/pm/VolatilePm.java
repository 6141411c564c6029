package io.rdasuite.hwreal.pm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.Map;

/** Off-heap memory standing in for PM: fast, shared between threads, gone with the process. */
public final class VolatilePm implements PersistentMemory {
    private final Arena arena = Arena.ofShared();
    private final Map<String, MemorySegment> regions = new HashMap<>();

    @Override
    public synchronized MemorySegment map(String name, long lengthBytes) {
        MemorySegment existing = regions.get(name);
        if (existing != null) {
            if (existing.byteSize() != lengthBytes) {
                throw new IllegalArgumentException("region " + name + " exists with " + existing.byteSize() + " bytes, not " + lengthBytes);
            }
            return existing;
        }
        MemorySegment s = arena.allocate(lengthBytes, 64);
        regions.put(name, s);
        return s;
    }

    @Override
    public void persist(MemorySegment region, long offset, long length) {
        // nothing outlives the process: there is nothing to write back
    }

    @Override
    public boolean durable() {
        return false;
    }

    @Override
    public String describe() {
        return "off-heap memory (not durable)";
    }

    @Override
    public void close() {
        arena.close();
    }
}
