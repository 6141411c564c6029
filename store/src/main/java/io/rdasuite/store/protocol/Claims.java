package io.rdasuite.store.protocol;

/**
 * What a protocol claims (DESIGN §4: the protocol descriptor). Verifiers check every claimed property and
 * report an unclaimed one that fails as a finding, not a failure (Erda does not claim monotonic reads, and
 * the suite should find the non-monotonic read paper 001 §7.2 describes).
 *
 * @param atomicPuts        RDA: every value read is exactly one value some put wrote (never torn, never mixed)
 * @param durableAtAck      a put acknowledged before a crash survives it
 * @param monotonicReads    a value read before a crash is not taken back by it
 * @param linearizable      operations on one key appear atomic and in real-time order; across crashes durably
 *                          linearizable when durable at ack, buffered-durably linearizable otherwise
 * @param concurrentWriters several writers of one key crashing leave a consistent version
 */
public record Claims(boolean atomicPuts, boolean durableAtAck, boolean monotonicReads, boolean linearizable, boolean concurrentWriters) {
    /** Every property claimed. */
    public static final Claims ALL = new Claims(true, true, true, true, true);
}
