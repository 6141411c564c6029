package io.rdasuite.crashsim;

/**
 * What a protocol claims (DESIGN §4, the descriptor's claims the explorer checks). An unclaimed property
 * that fails is reported as a finding, not a failure.
 *
 * @param atomicPuts     RDA: every value read is exactly one value some put wrote (never torn, never mixed)
 * @param durableAtAck   a put acknowledged before a crash survives it
 * @param monotonicReads a value read before a crash is not taken back by it
 */
public record Claims(boolean atomicPuts, boolean durableAtAck, boolean monotonicReads) {
    public static final Claims ALL = new Claims(true, true, true);
}
