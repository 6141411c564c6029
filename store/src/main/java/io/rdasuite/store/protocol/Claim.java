package io.rdasuite.store.protocol;

/**
 * One property a protocol may claim (DESIGN §4: the protocol descriptor). Verifiers check every claimed property and
 * report an unclaimed one that fails as a finding, not a failure.
 */
public enum Claim {
    /** RDA: every value read is exactly one value some put wrote (never torn, never mixed). */
    ATOMIC_PUTS,
    /** A put acknowledged before a crash survives it. */
    DURABLE_AT_ACK,
    /** A value read before a crash is not taken back by it. */
    MONOTONIC_READS,
    /**
     * Operations on one key appear atomic and in real-time order; across crashes durably linearizable when durable
     * at ack, buffered-durably linearizable otherwise.
     */
    LINEARIZABLE,
    /** Several writers of one key crashing leave a consistent version. */
    CONCURRENT_WRITERS
}
