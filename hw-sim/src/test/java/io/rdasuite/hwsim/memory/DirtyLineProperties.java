package io.rdasuite.hwsim.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.PersistenceDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * A dirty line keeps what a crash may leave on media: version 0 (the media), then every later version, forgetting the
 * oldest in-between one beyond {@link DirtyLine#MAX_VERSIONS}; a write-back drops what it made impossible. Checked
 * against a plain list doing the same, over long runs of writes (the cap is hit again and again) and write-backs.
 */
class DirtyLineProperties {
    private record Version(long[] units, long appendNumber) {
    }

    @Property(tries = 200)
    void keepsTheVersionsAListWouldKeep(@ForAll @Size(min = 20, max = 300) List<@IntRange(min = 0, max = 39) Integer> steps,
                                        @ForAll @LongRange(min = 1, max = 1_000) long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        SimRegion region = new SimRegion(new MemoryRegion(0, "r", MemoryKind.PM, 0, 4096, 1), new Cache(new SplittableRandom(1), 64),
                PersistenceDomain.values()[0], null);
        int line = 3;
        DirtyLine dirty = new DirtyLine(region, line);
        dirty.startFromMedia();
        List<Version> reference = new ArrayList<>();
        reference.add(new Version(new long[DirtyLine.UNITS], 0));
        long appended = 0;
        for (int step : steps) {
            if (step < 38) { // write-backs are rare, so that runs of writes pass the cap
                // a store to the line, then the dirty line records it
                region.visible.set(line * DirtyLine.UNITS + random.nextInt(DirtyLine.UNITS), random.nextLong());
                long n = dirty.appendVisible();
                assertThat(n).isEqualTo(++appended);
                if (reference.size() == DirtyLine.MAX_VERSIONS) {
                    reference.remove(1);
                }
                long[] units = new long[DirtyLine.UNITS];
                region.visible.copyUnits(line * DirtyLine.UNITS, units, 0, DirtyLine.UNITS);
                reference.add(new Version(units, n));
            } else {
                // a write-back of the line as of some append (maybe one already superseded)
                long asOf = Math.max(0, appended - random.nextInt(4));
                long[] content = new long[DirtyLine.UNITS];
                for (int u = 0; u < content.length; u++) {
                    content[u] = random.nextLong();
                }
                int firstLater = reference.size();
                for (int i = 1; i < reference.size(); i++) {
                    if (reference.get(i).appendNumber() > asOf) {
                        firstLater = i;
                        break;
                    }
                }
                boolean clean = firstLater == reference.size();
                if (!clean) {
                    List<Version> kept = new ArrayList<>(reference.subList(firstLater, reference.size()));
                    reference.clear();
                    reference.add(new Version(content.clone(), asOf));
                    reference.addAll(kept);
                }
                assertThat(dirty.persisted(content, 0, asOf)).isEqualTo(clean);
                if (clean) {
                    return; // a clean line leaves the cache; the model ends there
                }
            }
            assertThat(dirty.count).isEqualTo(reference.size());
            for (int v = 0; v < reference.size(); v++) {
                assertThat(dirty.version(v)).as("version %d of %d", v, reference.size()).isEqualTo(reference.get(v).units());
                assertThat(dirty.unit(v, v % DirtyLine.UNITS)).isEqualTo(reference.get(v).units()[v % DirtyLine.UNITS]);
            }
        }
    }
}
