package io.rdasuite.store.fabric;

/**
 * Time and CPU as a node's threads see them: virtual in the simulator (charging advances the calling
 * actor and occupies one of the node's cores), the real clock on real backends (charging is a no-op
 * there because the work itself took the time).
 */
public interface Clock {
    /** Nanoseconds since the fabric started. */
    long nowNanos();

    /** Charges {@code nanos} of CPU work to the calling thread's node. */
    void chargeCpu(long nanos);

    /** Charges computing a CRC over {@code bytes} bytes (counted as CRC bytes and CPU time). */
    void chargeCrc(long bytes);

    /** Waits {@code nanos} without using a core (timeouts, back-off). */
    void sleepNanos(long nanos);

    /**
     * Opens an operation scope: until it is closed, the calling thread's verbs, wire bytes, CPU time
     * and PM writes are also counted under {@code kind} (e.g. "put", "get").
     */
    OperationScope operation(String kind);

    /** A scope opened by {@link #operation}. */
    interface OperationScope extends AutoCloseable {
        @Override
        void close();
    }
}
