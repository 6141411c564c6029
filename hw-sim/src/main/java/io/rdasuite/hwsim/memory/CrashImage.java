package io.rdasuite.hwsim.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * One post-crash PM image the hardware allows, as a choice per {@link CrashFrontier} slot plus a cut of the
 * volatile inbound FIFO. It is a delta over the frontier's base image; {@link #materialize} builds the full
 * image only when a restart needs it.
 *
 * @param frontier the frontier it was chosen from
 * @param choices  per slot, the option taken (0 = what the media already holds)
 * @param fifoCut  how many of the FIFO's effective unit writes drained
 */
public record CrashImage(CrashFrontier frontier, int[] choices, int fifoCut) {
    /** The post-crash value of one unit, without building the image. */
    public long unit(String region, long unitIndex) {
        return frontier.unitValue(this, region, unitIndex);
    }

    /** The post-crash bytes {@code [offsetBytes, offsetBytes + length)} of a region. */
    public byte[] bytes(String region, long offsetBytes, int length) {
        long firstUnit = offsetBytes >>> 3;
        long lastUnit = (offsetBytes + length - 1) >>> 3;
        long[] units = new long[(int) (lastUnit - firstUnit + 1)];
        for (int i = 0; i < units.length; i++) {
            units[i] = unit(region, firstUnit + i);
        }
        return MemorySegment.ofArray(units).asSlice(offsetBytes & 7, length).toArray(ValueLayout.JAVA_BYTE);
    }

    /** One region of the post-crash image, freshly copied (null when the node had no PM region of that name). */
    public long[] regionUnits(String region) {
        return frontier.regionUnits(this, region);
    }

    /** The whole post-crash image (base copy + delta). */
    public PmImage materialize() {
        PmImage image = frontier.baseCopy();
        frontier.apply(this, image);
        return image;
    }

    /** A short text: the choices and the cut. */
    public String describe() {
        return "lines=" + Arrays.toString(choices) + " fifoCut=" + fifoCut;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CrashImage c && c.frontier == frontier && c.fifoCut == fifoCut && Arrays.equals(c.choices, choices);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(choices) * 31 + fifoCut;
    }
}
