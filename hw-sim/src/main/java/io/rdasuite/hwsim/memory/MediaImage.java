package io.rdasuite.hwsim.memory;

import java.util.function.Supplier;

/**
 * A PM region's media image (what survives a power failure) without a copy at start: the image the region started
 * from, never written (zeroes, or a post-crash image shared with its frontier), plus the lines written to media since.
 * A restarted node registers every PM region from a post-crash image and usually writes back a few lines of each
 * before the run ends, so copying each region's media at registration was most of a crash state's cost (issue 18).
 * Once a quarter of the lines have been written, or the whole image is needed (a power failure's frontier), the image
 * is materialized and kept as one array.
 */
final class MediaImage {
    private static final int CHUNK_LINES = 1024;

    private final int units;
    /** The starting content of one line (8 units), into a buffer; null: zeroes. */
    private final StartingLine start;
    /** The whole starting image, freshly copied (called once, on materialization). */
    private final Supplier<long[]> startingCopy;
    private long[][][] written;
    private int writtenLines;
    private long[] whole;
    /** Once materialized: the pages last handed out by {@link #snapshot}, null where the media was written since. */
    private long[][] snapshotPages;

    /** How a starting image gives one line. */
    interface StartingLine {
        void line(int line, long[] into, int at);
    }

    private MediaImage(int units, StartingLine start, Supplier<long[]> startingCopy) {
        this.units = units;
        this.start = start;
        this.startingCopy = startingCopy;
        int lines = (units + 7) / 8;
        this.written = new long[(lines + CHUNK_LINES - 1) / CHUNK_LINES][][];
    }

    /** Media of {@code units} zeroes (a new region). */
    static MediaImage zeroes(int units) {
        return new MediaImage(units, null, () -> new long[units]);
    }

    /** Media that starts as {@code image}, which nobody writes (shared, never copied unless materialized). */
    static MediaImage of(long[] image) {
        return new MediaImage(image.length, (line, into, at) -> copyLine(image, line, into, at), image::clone);
    }

    /** Media that starts as one region of a post-crash image (computed per line, or whole when materialized). */
    static MediaImage of(CrashImage image, String region, int units) {
        return new MediaImage(units, (line, into, at) -> {
            for (int u = 0; u < 8; u++) {
                long unit = (long) line * 8 + u;
                into[at + u] = unit < units ? image.unit(region, unit) : 0;
            }
        }, () -> image.regionUnits(region));
    }

    private static void copyLine(long[] image, int line, long[] into, int at) {
        int first = line * 8;
        int n = Math.min(8, image.length - first);
        System.arraycopy(image, first, into, at, n);
        for (int u = n; u < 8; u++) {
            into[at + u] = 0;
        }
    }

    /** Copies media line {@code line} into {@code into[at..at+8)}. */
    void readLine(int line, long[] into, int at) {
        if (whole != null) {
            copyLine(whole, line, into, at);
            return;
        }
        long[] w = lineOrNull(line);
        if (w != null) {
            System.arraycopy(w, 0, into, at, 8);
        } else if (start != null) {
            start.line(line, into, at);
        } else {
            java.util.Arrays.fill(into, at, at + 8, 0L);
        }
    }

    /** Units the media takes in: a plain array or a region's paged visible image (which is one, so writes allocate nothing). */
    @FunctionalInterface
    interface Source {
        void copyUnits(int fromUnit, long[] into, int at, int count);
    }

    /** Media units {@code [firstUnit, firstUnit + count)} become {@code from[fromUnit..]}. */
    void write(long[] from, int fromUnit, int firstUnit, int count) {
        write((f, into, at, n) -> System.arraycopy(from, f, into, at, n), fromUnit, firstUnit, count);
    }

    /** Media units {@code [firstUnit, firstUnit + count)} become {@code from}'s units from {@code fromUnit}. */
    void write(Source from, int fromUnit, int firstUnit, int count) {
        if (whole != null) {
            from.copyUnits(fromUnit, whole, firstUnit, count);
            forgetSnapshotPages(firstUnit, count);
            return;
        }
        int end = firstUnit + count;
        for (int unit = firstUnit; unit < end; ) {
            int line = unit >>> 3;
            int lineEnd = Math.min(end, (line + 1) * 8);
            long[] w = lineOrNull(line);
            if (w == null) {
                w = new long[8];
                if (unit != line * 8 || lineEnd != Math.min(units, (line + 1) * 8)) {
                    readLine(line, w, 0); // partly written: the rest keeps its media content
                }
                setLine(line, w);
                if (++writtenLines * 4L > (units + 7) / 8) {
                    materialize();
                    from.copyUnits(fromUnit + (unit - firstUnit), whole, unit, end - unit);
                    forgetSnapshotPages(unit, end - unit);
                    return;
                }
            }
            from.copyUnits(fromUnit + (unit - firstUnit), w, unit - line * 8, lineEnd - unit);
            unit = lineEnd;
        }
    }

    /** The whole media image as one array (built once; later writes go to it). */
    long[] materialize() {
        if (whole == null) {
            long[] image = startingCopy.get();
            for (int c = 0; c < written.length; c++) {
                if (written[c] == null) {
                    continue;
                }
                for (int i = 0; i < CHUNK_LINES; i++) {
                    long[] w = written[c][i];
                    if (w != null) {
                        int first = (c * CHUNK_LINES + i) * 8;
                        System.arraycopy(w, 0, image, first, Math.min(8, units - first));
                    }
                }
            }
            whole = image;
            written = null;
            snapshotPages = new long[Pages.pageCount(units)][];
        }
        return whole;
    }

    /**
     * The media now as shared pages: a page not written since the last snapshot is the same array as then, so a run
     * that snapshots at every crash point copies only the pages written between points.
     */
    Pages snapshot() {
        long[] image = materialize();
        for (int p = 0; p < snapshotPages.length; p++) {
            if (snapshotPages[p] == null) {
                snapshotPages[p] = Pages.page(image, p);
            }
        }
        return new Pages(units, snapshotPages.clone());
    }

    private void forgetSnapshotPages(int firstUnit, int count) {
        if (count <= 0) {
            return;
        }
        int last = (firstUnit + count - 1) >>> PagedUnits.PAGE_SHIFT;
        for (int p = firstUnit >>> PagedUnits.PAGE_SHIFT; p <= last; p++) {
            snapshotPages[p] = null;
        }
    }

    private long[] lineOrNull(int line) {
        long[][] chunk = written[line / CHUNK_LINES];
        return chunk == null ? null : chunk[line % CHUNK_LINES];
    }

    private void setLine(int line, long[] w) {
        long[][] chunk = written[line / CHUNK_LINES];
        if (chunk == null) {
            chunk = written[line / CHUNK_LINES] = new long[CHUNK_LINES][];
        }
        chunk[line % CHUNK_LINES] = w;
    }
}
