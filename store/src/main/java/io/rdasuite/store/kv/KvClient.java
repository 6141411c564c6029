package io.rdasuite.store.kv;

/**
 * A key-value client, as workloads and verifiers use every store. Calls block the calling thread. A client is used by
 * one thread at a time (each has its own queue pair, reply buffer and read buffers); threads that share a store each
 * get their own client.
 */
public interface KvClient {
    /** Stores {@code value} under {@code key}; true once the protocol acknowledges it. */
    boolean put(byte[] key, byte[] value);

    /** The value under {@code key}, or null when there is none. Throws {@link KvReadException} when no intact version is found. */
    byte[] get(byte[] key);

    /** Deletes {@code key}; true once acknowledged (also when it was absent). */
    boolean delete(byte[] key);

    /** A read that found no intact version of its key (paper 001 §7.2: several crashed writers of one key). */
    final class KvReadException extends RuntimeException {
        public KvReadException(String message) {
            super(message);
        }
    }
}
