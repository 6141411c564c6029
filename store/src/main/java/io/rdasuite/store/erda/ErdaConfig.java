package io.rdasuite.store.erda;

import io.rdasuite.store.kv.KvShape;

/**
 * Erda's sizes (paper 000 §3.2.2: 1 GB regions of 8 MB segments; scaled down for tests).
 *
 * @param shape        key and value sizes
 * @param buckets      hash table buckets
 * @param heads        head nodes (each key's head is chosen by its hash)
 * @param regionBytes  bytes of one region of a head's log
 * @param segmentBytes bytes of one segment; an object never spans two
 * @param maxClients   request slots the server keeps
 */
public record ErdaConfig(KvShape shape, int buckets, int heads, long regionBytes, long segmentBytes, int maxClients) {
    public ErdaConfig {
        if (heads < 1 || heads > 255 || buckets < 1 || maxClients < 1) {
            throw new IllegalArgumentException("heads must be 1..255, buckets and clients positive");
        }
        if (segmentBytes < ErdaObject.normalBytes(shape) || regionBytes % segmentBytes != 0 || regionBytes > (1L << 30)) {
            throw new IllegalArgumentException("a segment must hold an object (" + ErdaObject.normalBytes(shape)
                    + " bytes) and a region (at most 1 GiB) must be a whole number of segments");
        }
    }

    /** The paper's sizes: 1 GB regions, 8 MB segments. */
    public static ErdaConfig paper(KvShape shape, int buckets) {
        return new ErdaConfig(shape, buckets, 1, 1L << 30, 8L << 20, 64);
    }

    /**
     * Sizes for crash exploration: segments of three objects and regions of four segments, so that a program of a
     * dozen puts fills several segments and links a second region. Recovery checks only the last segment (§4.2) and
     * cleaning moves objects between regions (§4.4): with the {@link #small} sizes every short run has one segment, and
     * a recovery that checks the wrong one, or only part of it, looks the same as a right one.
     */
    public static ErdaConfig exploration(KvShape shape) {
        long segment = Integer.highestOneBit(ErdaObject.normalBytes(shape) * 3 - 1) * 2L;
        return new ErdaConfig(shape, 64, 1, segment * 4, segment, 16);
    }

    /** Small sizes for simulation and tests. */
    public static ErdaConfig small(KvShape shape) {
        long segment = Math.max(4096, Integer.highestOneBit(ErdaObject.normalBytes(shape) * 8 - 1) * 2L);
        return new ErdaConfig(shape, 64, 1, segment * 4, segment, 16);
    }
}
