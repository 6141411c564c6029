package io.rdasuite.store.thdpms.monitor;

/**
 * One copy of a segment on a PM server (paper 002 §4.1.2): the segment is its own registered region.
 *
 * @param nodeId       the PM server
 * @param localSegment the server's index of the segment
 * @param baseAddress  the segment region's remote base address
 * @param rkey         its remote key (0 in a lookup by a client not granted the segment)
 */
public record Replica(int nodeId, int localSegment, long baseAddress, int rkey) {
    /** The same copy without its key. */
    public Replica withoutKey() {
        return new Replica(nodeId, localSegment, baseAddress, 0);
    }
}
