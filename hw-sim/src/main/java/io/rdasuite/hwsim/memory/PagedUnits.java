package io.rdasuite.hwsim.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A region's visible image as 8-byte units in 4 KiB pages, copy-on-write over a shared base: a page is copied from the
 * base (a post-crash image the crash frontier holds, never written) or allocated zeroed only when it is first written.
 * A server restarted from a crash image thus copies only the pages its recovery and the run after it write, and a
 * freshly registered region costs nothing until it is used. Reads of a page never written see the base (or zeroes).
 */
final class PagedUnits implements MediaImage.Source {
    static final int PAGE_SHIFT = 9;
    static final int PAGE_UNITS = 1 << PAGE_SHIFT;
    private static final int PAGE_MASK = PAGE_UNITS - 1;
    private static final long PAGE_BYTES = PAGE_UNITS * 8L;

    private final int units;
    /** The shared starting image (read only), or null for zeroes. */
    private final Pages base;
    private final long[][] pages;
    private final MemorySegment[] pageSegments;

    PagedUnits(int units, long[] base) {
        this(units, base == null ? null : Pages.copyOf(base));
    }

    PagedUnits(int units, Pages base) {
        if (base != null && base.units() != units) {
            throw new IllegalArgumentException("base of " + base.units() + " units for a region of " + units);
        }
        this.units = units;
        this.base = base;
        int n = (units + PAGE_UNITS - 1) >>> PAGE_SHIFT;
        this.pages = new long[n][];
        this.pageSegments = new MemorySegment[n];
    }

    int units() {
        return units;
    }

    long get(int unit) {
        long[] page = pages[unit >>> PAGE_SHIFT];
        if (page != null) {
            return page[unit & PAGE_MASK];
        }
        if (unit >= units) {
            throw new IndexOutOfBoundsException("unit " + unit + " of " + units);
        }
        return base == null ? 0 : base.page(unit >>> PAGE_SHIFT)[unit & PAGE_MASK];
    }

    void set(int unit, long value) {
        own(unit >>> PAGE_SHIFT)[unit & PAGE_MASK] = value;
    }

    /** Copies {@code count} units from {@code fromUnit} into {@code into[at..]}. */
    @Override
    public void copyUnits(int fromUnit, long[] into, int at, int count) {
        check(fromUnit, count);
        while (count > 0) {
            int p = fromUnit >>> PAGE_SHIFT;
            int inPage = fromUnit & PAGE_MASK;
            int n = Math.min(count, PAGE_UNITS - inPage);
            long[] page = pages[p];
            if (page != null) {
                System.arraycopy(page, inPage, into, at, n);
            } else if (base != null) {
                System.arraycopy(base.page(p), inPage, into, at, n);
            } else {
                java.util.Arrays.fill(into, at, at + n, 0L);
            }
            fromUnit += n;
            at += n;
            count -= n;
        }
    }

    /** Reads {@code destination.byteSize()} bytes from {@code offsetBytes}. */
    void read(long offsetBytes, MemorySegment destination) {
        long length = destination.byteSize();
        checkBytes(offsetBytes, length);
        long done = 0;
        while (done < length) {
            long at = offsetBytes + done;
            int p = (int) (at / PAGE_BYTES);
            long inPage = at - p * PAGE_BYTES;
            long n = Math.min(length - done, PAGE_BYTES - inPage);
            if (pages[p] != null) {
                MemorySegment.copy(pageSegments[p], inPage, destination, done, n);
            } else if (base != null) {
                MemorySegment.copy(base.segment(p), inPage, destination, done, n);
            } else {
                destination.asSlice(done, n).fill((byte) 0);
            }
            done += n;
        }
    }

    /** Writes {@code length} bytes of {@code source} from {@code sourceOffset} at {@code offsetBytes}. */
    void write(MemorySegment source, long sourceOffset, long offsetBytes, long length) {
        checkBytes(offsetBytes, length);
        long done = 0;
        while (done < length) {
            long at = offsetBytes + done;
            int p = (int) (at / PAGE_BYTES);
            long inPage = at - p * PAGE_BYTES;
            long n = Math.min(length - done, PAGE_BYTES - inPage);
            own(p);
            MemorySegment.copy(source, sourceOffset + done, pageSegments[p], inPage, n);
            done += n;
        }
    }

    /**
     * Writes {@code source[0..length)} at {@code offsetBytes}. A write within one page (a placement almost always is)
     * copies straight from the array: wrapping it in a segment for the method above cost 8% of {@code rda sim-bench}
     * ({@code ci/sim-ab.sh}); one that crosses pages takes that method's page walk.
     */
    void write(byte[] source, int length, long offsetBytes) {
        checkBytes(offsetBytes, length);
        int p = (int) (offsetBytes / PAGE_BYTES);
        long inPage = offsetBytes - p * PAGE_BYTES;
        if (inPage + length > PAGE_BYTES) {
            write(MemorySegment.ofArray(source), 0, offsetBytes, length);
            return;
        }
        own(p);
        MemorySegment.copy(source, 0, pageSegments[p], ValueLayout.JAVA_BYTE, inPage, length);
    }

    /** A whole copy (what a process crash leaves on PM). */
    long[] copyAll() {
        long[] out = new long[units];
        copyUnits(0, out, 0, units);
        return out;
    }

    private long[] own(int p) {
        long[] page = pages[p];
        if (page == null) {
            page = new long[PAGE_UNITS];
            if (base != null) {
                System.arraycopy(base.page(p), 0, page, 0, PAGE_UNITS);
            }
            pages[p] = page;
            pageSegments[p] = MemorySegment.ofArray(page);
        }
        return page;
    }

    private void check(int fromUnit, int count) {
        if (fromUnit < 0 || count < 0 || fromUnit + (long) count > units) {
            throw new IndexOutOfBoundsException("units " + fromUnit + "+" + count + " of " + units);
        }
    }

    private void checkBytes(long offsetBytes, long length) {
        if (offsetBytes < 0 || length < 0 || offsetBytes + length > units * 8L) {
            throw new IndexOutOfBoundsException("bytes " + offsetBytes + "+" + length + " of " + units * 8L);
        }
    }
}
