package io.rdasuite.store.erda;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The atomic region's operations over any word (paper 000 §3.2.3, §4.1, §4.2, §4.4), checked from outside; the same
 * promises are Java asserts inside them, which these tries also exercise (surefire runs with {@code -ea}). A flip
 * that wrote the offset into the wrong slot, or a repair that kept the torn offset, fails both.
 */
class AtomicRegionProperties {
    @Property(tries = 2000)
    void aFlipMakesTheOffsetNewAndTheOldNewOldInOneHalf(@ForAll long word, @ForAll @IntRange(min = 1, max = Integer.MAX_VALUE) int offset) {
        long flipped = AtomicRegion.flip(word, offset);
        assertThat(AtomicRegion.newOffset(flipped)).isEqualTo(offset);
        assertThat(AtomicRegion.oldOffset(flipped)).isEqualTo(AtomicRegion.newOffset(word));
        assertThat(AtomicRegion.changedHalfByteOffset(word, flipped)).as("one 4-byte half written").isIn(0, 4);
    }

    @Property(tries = 2000)
    void aRepairNamesThePreviousVersionTwiceAndACollapseTheNewest(@ForAll long word) {
        long repaired = AtomicRegion.repair(word);
        assertThat(AtomicRegion.newOffset(repaired)).isEqualTo(AtomicRegion.oldOffset(word));
        assertThat(AtomicRegion.oldOffset(repaired)).isEqualTo(AtomicRegion.oldOffset(word));
        long collapsed = AtomicRegion.collapse(word);
        assertThat(AtomicRegion.newOffset(collapsed)).isEqualTo(AtomicRegion.newOffset(word));
        assertThat(AtomicRegion.oldOffset(collapsed)).isEqualTo(AtomicRegion.newOffset(word));
    }
}
