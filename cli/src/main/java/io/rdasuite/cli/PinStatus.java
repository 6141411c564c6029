package io.rdasuite.cli;

import io.rdasuite.crashsim.pinned.PinnedFindings;
import java.util.List;

/**
 * How a pinned cell's findings (a control's catch, a store cell's findings) compare with the pinned ones. Written into
 * its row's JSON in place, as {@code pinned}, {@code findingsGained}, {@code findingsLost}, {@code unpinned}.
 *
 * @param pinned "AS PINNED", {@link CheckReport#NOT_COMPARED}, or the difference described
 */
record PinStatus(String pinned, List<String> findingsGained, List<String> findingsLost, boolean unpinned) {
    static final String AS_PINNED = "AS PINNED";

    /** The status of difference {@code d} (null: as pinned); a cell whose anchor did not run is not compared. */
    static PinStatus of(PinnedFindings.Difference d, boolean compared) {
        return new PinStatus(!compared ? CheckReport.NOT_COMPARED : d == null ? AS_PINNED : d.describe(),
                d == null ? List.of() : List.copyOf(d.gained()), d == null ? List.of() : List.copyOf(d.lost()), d != null && d.unpinned());
    }

    /** True when the findings moved (neither as pinned nor left uncompared). */
    boolean moved() {
        return !pinned.equals(AS_PINNED) && !pinned.equals(CheckReport.NOT_COMPARED);
    }

    /** True when the only change is findings not reached, which a small budget may explain. */
    boolean onlyLost() {
        return findingsGained.isEmpty() && !unpinned;
    }
}
