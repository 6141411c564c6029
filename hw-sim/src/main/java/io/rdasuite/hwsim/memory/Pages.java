package io.rdasuite.hwsim.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A read-only image of 8-byte units in 4 KiB pages ({@link PagedUnits#PAGE_UNITS} units each, the last one padded with
 * zeroes). Pages are shared, never written: a crash frontier's base shares with the media snapshots before and after it
 * every page the run did not write in between (issue 18: one pass records every crash point of a run).
 */
public final class Pages {
    private final int units;
    private final long[][] pages;
    private final MemorySegment[] segments;

    Pages(int units, long[][] pages) {
        if (pages.length != pageCount(units)) {
            throw new IllegalArgumentException(pages.length + " pages for " + units + " units");
        }
        this.units = units;
        this.pages = pages;
        this.segments = new MemorySegment[pages.length];
        for (int p = 0; p < pages.length; p++) {
            segments[p] = MemorySegment.ofArray(pages[p]);
        }
    }

    /** The pages of a whole image, copied. */
    static Pages copyOf(long[] whole) {
        long[][] pages = new long[pageCount(whole.length)][];
        for (int p = 0; p < pages.length; p++) {
            pages[p] = page(whole, p);
        }
        return new Pages(whole.length, pages);
    }

    static int pageCount(int units) {
        return (units + PagedUnits.PAGE_UNITS - 1) >>> PagedUnits.PAGE_SHIFT;
    }

    /** Page {@code p} of {@code whole}, copied into a full-size page. */
    static long[] page(long[] whole, int p) {
        int first = p << PagedUnits.PAGE_SHIFT;
        long[] page = new long[PagedUnits.PAGE_UNITS];
        System.arraycopy(whole, first, page, 0, Math.min(PagedUnits.PAGE_UNITS, whole.length - first));
        return page;
    }

    int units() {
        return units;
    }

    long get(int unit) {
        if (unit >= units) {
            throw new IndexOutOfBoundsException("unit " + unit + " of " + units);
        }
        return pages[unit >>> PagedUnits.PAGE_SHIFT][unit & (PagedUnits.PAGE_UNITS - 1)];
    }

    /** Page {@code p}, shared: the caller must not write it. */
    long[] page(int p) {
        return pages[p];
    }

    /** The page arrays themselves (shared, read only): equal references mean equal content. */
    long[][] pageArrays() {
        return pages;
    }

    MemorySegment segment(int p) {
        return segments[p];
    }

    /** Copies units {@code [from, from + count)} into {@code into[at..]}. */
    void copy(int from, long[] into, int at, int count) {
        while (count > 0) {
            int p = from >>> PagedUnits.PAGE_SHIFT;
            int inPage = from & (PagedUnits.PAGE_UNITS - 1);
            int n = Math.min(count, PagedUnits.PAGE_UNITS - inPage);
            System.arraycopy(pages[p], inPage, into, at, n);
            from += n;
            at += n;
            count -= n;
        }
    }

    long[] toArray() {
        long[] out = new long[units];
        copy(0, out, 0, units);
        return out;
    }

    /** These pages with {@code data[0..length)} written at byte {@code offsetBytes}: only the pages it touches are copied. */
    Pages withBytes(long offsetBytes, byte[] data, int length) {
        if (offsetBytes < 0 || offsetBytes + length > units * 8L) {
            throw new IndexOutOfBoundsException("bytes " + offsetBytes + "+" + length + " of " + units * 8L);
        }
        long[][] copy = pages.clone();
        long pageBytes = PagedUnits.PAGE_UNITS * 8L;
        int done = 0;
        while (done < length) {
            long at = offsetBytes + done;
            int p = (int) (at / pageBytes);
            int n = (int) Math.min(length - done, pageBytes - (at - p * pageBytes));
            if (copy[p] == pages[p]) {
                copy[p] = pages[p].clone();
            }
            MemorySegment.copy(data, done, MemorySegment.ofArray(copy[p]), ValueLayout.JAVA_BYTE, at - p * pageBytes, n);
            done += n;
        }
        return new Pages(units, copy);
    }
}
