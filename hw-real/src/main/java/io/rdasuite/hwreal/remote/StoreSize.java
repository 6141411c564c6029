package io.rdasuite.hwreal.remote;

import io.rdasuite.store.kv.KvShape;

/**
 * How big a served store is: key and value sizes, the most clients connected at once, the keys its table is
 * sized for (load at most 50%) and, for the log-structured stores, the object versions their logs hold.
 */
public record StoreSize(KvShape shape, int maxClients, int keys, int versions) {
    public StoreSize {
        if (maxClients < 1 || keys < 1 || versions < 1) {
            throw new IllegalArgumentException("clients, keys and versions must be positive: " + maxClients + ", " + keys + ", " + versions);
        }
    }
}
