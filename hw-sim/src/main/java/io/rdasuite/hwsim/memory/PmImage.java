package io.rdasuite.hwsim.memory;

import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The contents of one node's PM regions, by region name, as 8-byte units: what a restarted node finds.
 *
 * @param nodeId  the node it belongs to
 * @param regions region name → units (owned by this image; do not share arrays between live regions)
 */
public record PmImage(int nodeId, SortedMap<String, long[]> regions) {
    public PmImage {
        regions = new TreeMap<>(regions);
    }

    /** The units of a region; throws naming the known regions when there is none by that name. */
    public long[] units(String region) {
        long[] u = regions.get(region);
        if (u == null) {
            throw new IllegalArgumentException("no PM region '" + region + "' in the image of node " + nodeId + "; it has " + regions.keySet());
        }
        return u;
    }

    /** A byte view of a region's units. */
    public MemorySegment segment(String region) {
        return MemorySegment.ofArray(units(region));
    }

    /** A deep copy. */
    public PmImage copy() {
        TreeMap<String, long[]> c = new TreeMap<>();
        for (Map.Entry<String, long[]> e : regions.entrySet()) {
            c.put(e.getKey(), e.getValue().clone());
        }
        return new PmImage(nodeId, c);
    }
}
