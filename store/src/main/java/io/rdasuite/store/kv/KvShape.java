package io.rdasuite.store.kv;

/**
 * Fixed key and value sizes, as in the papers' YCSB runs (paper 000 §5: N is the size of one key-value pair).
 *
 * @param keyBytes   bytes of a key (keys are padded or rejected to this size)
 * @param valueBytes bytes of a value
 */
public record KvShape(int keyBytes, int valueBytes) {
    public KvShape {
        if (keyBytes < 1 || keyBytes > 1024 || valueBytes < 1 || valueBytes > (1 << 20)) {
            throw new IllegalArgumentException("key size must be 1..1024 and value size 1..1048576 bytes: " + keyBytes + ", " + valueBytes);
        }
    }

    /** N in paper 000's Table 1: the size of one key-value pair. */
    public int pairBytes() {
        return keyBytes + valueBytes;
    }

    /** Checks a key's and a value's sizes; the error names the configured ones. */
    public void check(byte[] key, byte[] value) {
        if (key.length != keyBytes) {
            throw new IllegalArgumentException("key of " + key.length + " bytes; this store's keys are " + keyBytes + " bytes");
        }
        if (value != null && value.length != valueBytes) {
            throw new IllegalArgumentException("value of " + value.length + " bytes; this store's values are " + valueBytes + " bytes");
        }
    }
}
