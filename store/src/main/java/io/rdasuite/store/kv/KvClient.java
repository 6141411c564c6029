package io.rdasuite.store.kv;

/**
 * A key-value client, as workloads and verifiers use every store. Calls block the calling thread. A client is used by
 * one thread at a time (each has its own queue pair, reply buffer and read buffers); threads that share a store each
 * get their own client.
 */
public interface KvClient {
    /**
     * Stores {@code value} under {@code key}; true once the protocol acknowledges it, false when it was not (a full
     * table, or the connection broke before the acknowledgement: the put may or may not have taken effect, and the
     * history checkers treat it as indeterminate).
     */
    boolean put(byte[] key, byte[] value);

    /**
     * The value under {@code key}, or null when there is none. Throws {@link KvReadException} when no intact version is
     * found or the connection broke: never null for a read that did not complete, since null says "absent" to the
     * checkers.
     */
    byte[] get(byte[] key);

    /**
     * Makes this client's next put stall for {@code nanos} between the server's reservation of the object's place and
     * the client's data write into it (a client thread descheduled mid-put), for crash exploration: a program can then
     * keep a writer in flight across a log cleaner's switch. Only the clients with such a gap (Erda, eFactory and its
     * variants) support it; a put the server writes itself (Erda during cleaning) has no gap and does not stall.
     */
    default void stallNextWrite(long nanos) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no gap between reservation and data write;"
                + " stalled puts run on erda, erda-cleaning, efactory, efactory-cleaning and efactory-nohr");
    }

    /** Deletes {@code key}; true once acknowledged (also when it was absent); false as for {@link #put}. */
    boolean delete(byte[] key);

    /** A read that found no intact version of its key (paper 001 §7.2: several crashed writers of one key), or did not complete. */
    final class KvReadException extends RuntimeException {
        public KvReadException(String message) {
            super(message);
        }
    }
}
