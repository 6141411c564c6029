package io.rdasuite.hwsim.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Array writes into the paged image: within one page (the direct path) and across pages (the page walk), over a base. */
class PagedUnitsWriteTest {
    private static final int PAGE_BYTES = PagedUnits.PAGE_UNITS * 8;

    @Test
    void arrayWritesLandByteForByteWithinAndAcrossPages() {
        long[] base = new long[3 * PagedUnits.PAGE_UNITS];
        Arrays.fill(base, 0x0101010101010101L);
        PagedUnits units = new PagedUnits(base.length, base);
        byte[] inPage = bytes(24, 10);
        byte[] across = bytes(3 * 8 + PAGE_BYTES + 5, 100); // from page 0, over all of page 1, into page 2
        units.write(inPage, inPage.length, 16);
        units.write(across, across.length, PAGE_BYTES - 24);

        byte[] image = new byte[base.length * 8];
        units.read(0, MemorySegment.ofArray(image));
        byte[] expected = new byte[image.length];
        Arrays.fill(expected, (byte) 1);
        System.arraycopy(inPage, 0, expected, 16, inPage.length);
        System.arraycopy(across, 0, expected, PAGE_BYTES - 24, across.length);
        assertThat(image).isEqualTo(expected);
        assertThat(base[PagedUnits.PAGE_UNITS]).as("the base is never written").isEqualTo(0x0101010101010101L);
    }

    private static byte[] bytes(int n, int first) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (first + i);
        }
        return b;
    }
}
