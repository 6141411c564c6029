package io.rdasuite.store.thdpms.monitor;

import java.util.List;

/**
 * A mapping item (paper 002 §4.1.2, Fig. 3): global segment number → its replicas, the primary first.
 *
 * @param segmentNo the global segment number (never reused)
 * @param replicas  primary, then backups
 * @param epoch     the epoch the item was (re)mapped in
 */
public record MappingItem(long segmentNo, List<Replica> replicas, long epoch) {
    public MappingItem {
        replicas = List.copyOf(replicas);
        if (replicas.isEmpty()) {
            throw new IllegalArgumentException("segment " + segmentNo + " has no replica left");
        }
    }

    public Replica primary() {
        return replicas.getFirst();
    }

    public List<Replica> backups() {
        return replicas.subList(1, replicas.size());
    }
}
