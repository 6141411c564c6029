package io.rdasuite.hwsim.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Media snapshots share the pages not written between them, and a later write never shows in an earlier snapshot. */
class MediaSnapshotTest {
    private static final int UNITS = 3 * PagedUnits.PAGE_UNITS + 5; // three full pages and a short last one

    @Test
    void aSnapshotKeepsItsContentAndSharesTheUnwrittenPages() {
        MediaImage media = MediaImage.zeroes(UNITS);
        media.write(new long[] {7}, 0, 3, 1);
        media.materialize();
        Pages first = media.snapshot();
        media.write(new long[] {9, 10}, 0, PagedUnits.PAGE_UNITS, 2); // page 1 only
        media.write(new long[] {11}, 0, UNITS - 1, 1); // the short last page
        Pages second = media.snapshot();

        assertThat(first.get(3)).isEqualTo(7);
        assertThat(first.get(PagedUnits.PAGE_UNITS)).as("written after the first snapshot").isZero();
        assertThat(first.get(UNITS - 1)).isZero();
        assertThat(second.get(3)).isEqualTo(7);
        assertThat(second.get(PagedUnits.PAGE_UNITS + 1)).isEqualTo(10);
        assertThat(second.get(UNITS - 1)).isEqualTo(11);
        assertThat(second.page(0)).as("unwritten: shared").isSameAs(first.page(0));
        assertThat(second.page(2)).as("unwritten: shared").isSameAs(first.page(2));
        assertThat(second.page(1)).as("written: a new page").isNotSameAs(first.page(1));
        assertThat(second.page(3)).isNotSameAs(first.page(3));
        assertThat(second.toArray()).hasSize(UNITS).isEqualTo(media.materialize());
    }

    @Test
    void imagesOverTheSamePagesWithTheSameDeltaHaveOneContentKey() {
        MediaImage media = MediaImage.zeroes(UNITS);
        media.materialize();
        byte[] eight = {1, 2, 3, 4, 5, 6, 7, 8};
        CrashFrontier a = CrashFrontier.builder(0, false).base("r", media.snapshot()).fifo("r", 16, eight, 8).build();
        CrashFrontier b = CrashFrontier.builder(0, false).base("r", media.snapshot()).fifo("r", 16, eight, 8).build();
        assertThat(a.contentKey(a.newest())).as("no write between the snapshots").isEqualTo(b.contentKey(b.newest()));
        assertThat(a.contentKey(a.oldest())).as("another FIFO cut").isNotEqualTo(b.contentKey(b.newest()));
        media.write(new long[] {1}, 0, 3, 1);
        CrashFrontier c = CrashFrontier.builder(0, false).base("r", media.snapshot()).fifo("r", 16, eight, 8).build();
        assertThat(c.contentKey(c.newest())).as("the media changed between the snapshots").isNotEqualTo(a.contentKey(a.newest()));
        assertThat(c.newest().regionUnits("r")).isNotEqualTo(a.newest().regionUnits("r"));
    }

    @Test
    void bytesAppliedToASnapshotCopyOnlyTheirPages() {
        MediaImage media = MediaImage.zeroes(UNITS);
        Pages base = media.snapshot();
        Pages drained = base.withBytes(PagedUnits.PAGE_UNITS * 8L + 4, new byte[] {1, 2, 3, 4, 5, 6}, 6);
        assertThat(base.get(PagedUnits.PAGE_UNITS)).as("the shared base is never written").isZero();
        assertThat(drained.get(PagedUnits.PAGE_UNITS)).isNotZero();
        assertThat(drained.get(PagedUnits.PAGE_UNITS + 1)).isNotZero();
        assertThat(drained.page(0)).isSameAs(base.page(0));
        assertThat(media.snapshot().get(PagedUnits.PAGE_UNITS)).as("nor the media").isZero();
    }
}
