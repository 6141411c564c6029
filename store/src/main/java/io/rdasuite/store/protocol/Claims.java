package io.rdasuite.store.protocol;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a protocol claims: a set of {@link Claim}s (DESIGN §4, §5a "claims and invariants are types"). Erda does not
 * claim monotonic reads, and the suite should find the non-monotonic read paper 001 §7.2 describes.
 *
 * @param claimed the claimed properties (unmodifiable)
 */
public record Claims(Set<Claim> claimed) {
    /** Every property claimed. */
    public static final Claims ALL = new Claims(EnumSet.allOf(Claim.class));

    public Claims {
        EnumSet<Claim> copy = EnumSet.noneOf(Claim.class);
        copy.addAll(claimed);
        claimed = Collections.unmodifiableSet(copy);
    }

    /** Exactly {@code claims}. */
    public static Claims of(Claim... claims) {
        EnumSet<Claim> set = EnumSet.noneOf(Claim.class);
        set.addAll(Arrays.asList(claims));
        return new Claims(set);
    }

    /** Whether {@code claim} is claimed. */
    public boolean has(Claim claim) {
        return claimed.contains(claim);
    }

    /** These claims without {@code dropped}. */
    public Claims without(Claim... dropped) {
        EnumSet<Claim> set = claimed.isEmpty() ? EnumSet.noneOf(Claim.class) : EnumSet.copyOf(claimed);
        Arrays.asList(dropped).forEach(set::remove);
        return new Claims(set);
    }
}
