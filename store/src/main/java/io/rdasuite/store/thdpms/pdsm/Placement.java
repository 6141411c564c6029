package io.rdasuite.store.thdpms.pdsm;

import io.rdasuite.store.kv.KeyHash;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * Consistent hashing of objects over tables (paper 002 §4.1.5: a table is a virtual node and the unit of migration;
 * here each mapped segment holds one table). Each segment owns {@link #VNODES} points of a 64-bit ring (xxHash); an
 * object belongs to the first point at or after its id's hash, wrapping.
 */
final class Placement {
    static final int VNODES = 16;
    private final TreeMap<Long, Long> ring = new TreeMap<>(Long::compareUnsigned);

    Placement(Collection<Long> segments) {
        for (long s : segments) {
            for (int v = 0; v < VNODES; v++) {
                ring.put(KeyHash.of(ByteBuffer.allocate(12).putLong(s).putInt(v).array()), s);
            }
        }
    }

    long segmentOf(ObjectId id) {
        Map.Entry<Long, Long> e = ring.ceilingEntry(id.hash());
        return (e == null ? ring.firstEntry() : e).getValue();
    }
}
