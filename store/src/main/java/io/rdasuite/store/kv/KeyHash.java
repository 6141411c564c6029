package io.rdasuite.store.kv;

import net.openhft.hashing.LongHashFunction;

/** The hash of a key: xxHash64 (seed 0), the same on every client and server. */
public final class KeyHash {
    private static final LongHashFunction XX = LongHashFunction.xx();

    private KeyHash() {
    }

    public static long of(byte[] key) {
        return XX.hashBytes(key);
    }
}
