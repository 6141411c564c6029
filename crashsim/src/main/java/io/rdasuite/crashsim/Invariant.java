package io.rdasuite.crashsim;

import io.rdasuite.store.protocol.Claim;
import io.rdasuite.store.protocol.Claims;

/**
 * The checks after recovery (DESIGN §5), each bound to the {@link Claim} that makes its failure a violation rather
 * than a finding. Declared in name order, so that sorted maps keyed by them print as sorted by name.
 */
public enum Invariant {
    /** Several crashed writers of one key left an intact version to read. */
    CONSISTENT_VERSION(Claim.CONCURRENT_WRITERS, "several writers of one key crashing leave an intact version to read"),
    /** A put acknowledged before the crash survived it. */
    DURABILITY(Claim.DURABLE_AT_ACK, "a put acknowledged before a crash survives it"),
    /** Durable (or, for a protocol not durable at ack, buffered durable) linearizability of the run's history. */
    LINEARIZABILITY(Claim.LINEARIZABLE, "the history across the crash is durably (or, not durable at the ack, buffered-durably) linearizable per key"),
    /** A value read before the crash was not taken back by it. */
    MONOTONIC_READS(Claim.MONOTONIC_READS, "a value read before a crash is not taken back by it"),
    /** Every value read is exactly one value some put wrote. */
    RDA(Claim.ATOMIC_PUTS, "every value read is exactly one value some put wrote, never torn or mixed"),
    /** The protocol's own structural checks: always claimed. */
    STRUCTURE(null, "the protocol's own structure checks hold after recovery (always claimed)");

    private final Claim claim;
    private final String meaning;

    Invariant(Claim claim, String meaning) {
        this.claim = claim;
        this.meaning = meaning;
    }

    /** The claim this check tests, in words, with the claim's name: what a failure of it breaks. */
    public String claimText() {
        return (claim == null ? "STRUCTURE" : claim.name()) + ": " + meaning;
    }

    /** Whether {@code claims} cover this invariant (STRUCTURE always). */
    public boolean claimedBy(Claims claims) {
        return claim == null || claims.has(claim);
    }

    /** Parses a name as printed; an unknown one is an error listing the valid names. */
    public static Invariant parse(String name) {
        for (Invariant i : values()) {
            if (i.name().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return i;
            }
        }
        throw new IllegalArgumentException("unknown invariant '" + name + "'; valid: "
                + java.util.Arrays.stream(values()).map(Invariant::name).collect(java.util.stream.Collectors.joining(", ")));
    }
}
