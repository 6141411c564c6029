package io.rdasuite.crashsim;

import io.rdasuite.store.protocol.Claim;
import io.rdasuite.store.protocol.Claims;

/**
 * The checks after recovery (DESIGN §5), each bound to the {@link Claim} that makes its failure a violation rather
 * than a finding. Declared in name order, so that sorted maps keyed by them print as sorted by name.
 */
public enum Invariant {
    /** Several crashed writers of one key left an intact version to read. */
    CONSISTENT_VERSION(Claim.CONCURRENT_WRITERS),
    /** A put acknowledged before the crash survived it. */
    DURABILITY(Claim.DURABLE_AT_ACK),
    /** Durable (or, for a protocol not durable at ack, buffered durable) linearizability of the run's history. */
    LINEARIZABILITY(Claim.LINEARIZABLE),
    /** A value read before the crash was not taken back by it. */
    MONOTONIC_READS(Claim.MONOTONIC_READS),
    /** Every value read is exactly one value some put wrote. */
    RDA(Claim.ATOMIC_PUTS),
    /** The protocol's own structural checks: always claimed. */
    STRUCTURE(null);

    private final Claim claim;

    Invariant(Claim claim) {
        this.claim = claim;
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
