package io.rdasuite.store.efactory;

import io.rdasuite.store.kv.KvShape;

/**
 * Sizes and timings of an eFactory-family server (paper 001 §4; the paper gives no sizes, so these are ours).
 *
 * @param shape            key and value sizes
 * @param buckets          hash table buckets
 * @param poolBytes        bytes of one data pool; there are two, the working one and the one log cleaning fills
 * @param maxClients       clients the server keeps request buffers for
 * @param receiveBuffers   receive buffers per client (§6.1: "multiple receiving regions")
 * @param timeoutNs        how long an object may stay incomplete before the background thread invalidates it (§4.3.2)
 * @param backgroundIdleNs how long the background thread sleeps when it found nothing to do
 * @param cleanAtFraction  the working pool's fill level at which the background thread starts log cleaning
 *                         (§4.4: "when the reserved space reaches a pre-defined threshold"); 0 cleans only on request
 */
public record EfConfig(KvShape shape, int buckets, long poolBytes, int maxClients, int receiveBuffers, long timeoutNs, long backgroundIdleNs,
                       double cleanAtFraction) {
    public EfConfig {
        if (!(cleanAtFraction >= 0 && cleanAtFraction < 1)) {
            throw new IllegalArgumentException("cleanAtFraction must be in [0, 1): " + cleanAtFraction);
        }
        if (buckets < 1 || maxClients < 1 || receiveBuffers < 1 || timeoutNs < 1 || backgroundIdleNs < 1) {
            throw new IllegalArgumentException("buckets, clients, receive buffers, timeout and idle time must be positive");
        }
        if (poolBytes > EfObject.POOL_LIMIT || poolBytes < EfObject.FIRST + 4L * EfObject.bytes(shape, false)) {
            throw new IllegalArgumentException("a pool must hold a few objects (" + EfObject.bytes(shape, false) + " bytes each) and be at most 1 GiB");
        }
    }

    /** Sizes for simulation and tests: room for {@code objects} object versions per pool. */
    public static EfConfig small(KvShape shape, int buckets, int maxClients, int objects) {
        long pool = Math.min(EfObject.POOL_LIMIT, EfObject.FIRST + (long) Math.max(objects, 64) * EfObject.bytes(shape, false));
        return new EfConfig(shape, buckets, pool, maxClients, 4, 200_000, 2_000, 0);
    }

    /** The same, with another timeout for incomplete objects. */
    public EfConfig withTimeoutNanos(long nanos) {
        return new EfConfig(shape, buckets, poolBytes, maxClients, receiveBuffers, nanos, backgroundIdleNs, cleanAtFraction);
    }

    /** The same sizes, cleaning the log when the working pool is {@code fraction} full. */
    public EfConfig cleaningAt(double fraction) {
        return new EfConfig(shape, buckets, poolBytes, maxClients, receiveBuffers, timeoutNs, backgroundIdleNs, fraction);
    }
}
