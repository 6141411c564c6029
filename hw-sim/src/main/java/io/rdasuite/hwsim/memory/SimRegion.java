package io.rdasuite.hwsim.memory;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.PersistenceDomain;
import java.lang.foreign.MemorySegment;

/**
 * A registered region as 8-byte units: the visible image (what loads and RDMA reads see) and, for PM, the
 * media image (what survives a power failure). Writes follow paper 003 §3.1: a write routed to the memory
 * controller is persistent at once (every domain includes ADR); one routed to the cache is persistent at once
 * only when the domain includes the cache, and otherwise becomes a new version of a {@link DirtyLine}.
 */
public final class SimRegion {
    private static final int CHUNK_LINES = 1024;

    public final MemoryRegion region;
    /** The visible image, copy-on-write over the starting image. */
    final PagedUnits visible;
    /** PM: the media image (copy-free until it must be whole); DRAM: null. */
    final MediaImage media;
    private final Cache cache;
    private final PersistenceDomain domain;
    private final DirtyLine[][] dirtyChunks;
    private long pmBytesWritten;
    private long mediaBytesWritten;

    /**
     * @param restored PM contents to start from (a post-crash image), or null for zeroes; the region takes
     *                 ownership of the array (callers pass a copy) and never writes it: pages are copied on write
     */
    public SimRegion(MemoryRegion region, Cache cache, PersistenceDomain domain, long[] restored) {
        this(region, cache, domain, restored, region.kind() != MemoryKind.PM ? null
                : restored == null ? MediaImage.zeroes(Math.toIntExact(region.lengthBytes() / 8)) : MediaImage.of(restored));
    }

    /**
     * A PM region restarted from a post-crash image: its visible image copy-on-write over the frontier's base with the
     * image's delta applied (only the pages the delta touches are copied), its media the image itself, shared with
     * the frontier and never copied unless a further power failure needs it whole.
     */
    public static SimRegion restored(MemoryRegion region, Cache cache, PersistenceDomain domain, CrashImage image) {
        PagedUnits visible = image.frontier().pagedRegion(image, region.name());
        return new SimRegion(region, cache, domain, visible, MediaImage.of(image, region.name(), visible.units()));
    }

    /** A PM region restarted from a materialized image, which it shares, never written, as its starting media and visible base. */
    public static SimRegion restored(MemoryRegion region, Cache cache, PersistenceDomain domain, long[] sharedImage) {
        return new SimRegion(region, cache, domain, sharedImage, MediaImage.of(sharedImage));
    }

    private SimRegion(MemoryRegion region, Cache cache, PersistenceDomain domain, long[] restored, MediaImage media) {
        this(region, cache, domain, new PagedUnits(Math.toIntExact(region.lengthBytes() / 8), restored), media);
    }

    private SimRegion(MemoryRegion region, Cache cache, PersistenceDomain domain, PagedUnits visible, MediaImage media) {
        this.region = region;
        this.cache = cache;
        this.domain = domain;
        this.visible = visible; // a restored image of another length is refused by SimNode.register, naming both
        int units = visible.units();
        this.media = media;
        int lines = (units + 7) / 8;
        this.dirtyChunks = media == null ? null : new DirtyLine[(lines + CHUNK_LINES - 1) / CHUNK_LINES][];
    }

    /** The region's size in 8-byte units. */
    public int units() {
        return visible.units();
    }

    public boolean isPm() {
        return media != null;
    }

    /** Logical bytes stored into this PM region (by DMA or CPU), as the papers count NVM writes. */
    public long pmBytesWritten() {
        return pmBytesWritten;
    }

    /** Bytes that reached the media (whole lines for write-backs). */
    public long mediaBytesWritten() {
        return mediaBytesWritten;
    }

    public void read(long offsetBytes, MemorySegment destination) {
        visible.read(offsetBytes, destination);
    }

    public long read8(long offsetBytes) {
        return visible.get(unit(offsetBytes));
    }

    public void write(long offsetBytes, MemorySegment source, Route route) {
        long length = source.byteSize();
        if (length == 0) {
            return;
        }
        visible.write(source, 0, offsetBytes, length);
        afterWrite(offsetBytes, length, route);
    }

    public void write(long offsetBytes, byte[] source, int length, Route route) {
        if (length == 0) {
            return;
        }
        visible.write(source, length, offsetBytes);
        afterWrite(offsetBytes, length, route);
    }

    public void write8(long offsetBytes, long value, Route route) {
        visible.set(unit(offsetBytes), value);
        afterWrite(offsetBytes, 8, route);
    }

    private static int unit(long offsetBytes) {
        if ((offsetBytes & 7) != 0) {
            throw new IllegalArgumentException("8-byte access at unaligned offset " + offsetBytes);
        }
        return (int) (offsetBytes >>> 3);
    }

    private void afterWrite(long offsetBytes, long length, Route route) {
        if (media == null) {
            return;
        }
        pmBytesWritten += length;
        int firstLine = (int) (offsetBytes >>> 6);
        int lastLine = (int) ((offsetBytes + length - 1) >>> 6);
        if (route == Route.MEMORY_CONTROLLER || domain.includesCache()) {
            int firstUnit = (int) (offsetBytes >>> 3);
            int lastUnit = (int) ((offsetBytes + length - 1) >>> 3);
            for (int line = firstLine; line <= lastLine; line++) {
                DirtyLine d = dirtyAt(line);
                if (d != null) {
                    // The write merges with the dirty line on its way out: the whole line reaches media.
                    writeBackNewest(d);
                }
            }
            media.write(visible, firstUnit, firstUnit, lastUnit - firstUnit + 1);
            mediaBytesWritten += (long) (lastUnit - firstUnit + 1) * 8;
            return;
        }
        for (int line = firstLine; line <= lastLine; line++) {
            DirtyLine d = dirtyAt(line);
            if (d == null) {
                d = new DirtyLine(this, line);
                d.startFromMedia();
                d.appendVisible();
                setDirty(line, d);
                cache.add(d);
            } else {
                d.appendVisible();
            }
        }
    }

    /** Starts write-backs of the dirty lines overlapping the range (clwb); empty when none is dirty. */
    public void clwb(long offsetBytes, long lengthBytes, java.util.List<LineWriteback> pending) {
        if (media == null || lengthBytes <= 0) {
            return;
        }
        int firstLine = (int) (offsetBytes >>> 6);
        int lastLine = (int) ((offsetBytes + lengthBytes - 1) >>> 6);
        for (int line = firstLine; line <= lastLine; line++) {
            DirtyLine d = dirtyAt(line);
            if (d != null) {
                pending.add(new LineWriteback(d));
            }
        }
    }

    /** The sfence after a clwb: the line's content as of the clwb reaches media. */
    public static void completeWriteback(LineWriteback writeback) {
        DirtyLine d = writeback.line;
        if (!d.alive) {
            return; // evicted or merged since: media already holds that version or a newer one
        }
        SimRegion r = d.region;
        r.media.write(writeback.content, 0, d.line * DirtyLine.UNITS, DirtyLine.UNITS);
        r.mediaBytesWritten += 64;
        if (d.persisted(writeback.content, 0, writeback.asOf)) {
            r.cache.remove(d);
        }
    }

    void writeBackNewest(DirtyLine d) {
        media.write(visible, d.line * DirtyLine.UNITS, d.line * DirtyLine.UNITS, DirtyLine.UNITS);
        mediaBytesWritten += 64;
        cache.remove(d);
    }

    void forget(DirtyLine d) {
        if (dirtyAt(d.line) == d) {
            setDirty(d.line, null);
        }
    }

    DirtyLine dirtyAt(int line) {
        DirtyLine[] chunk = dirtyChunks[line / CHUNK_LINES];
        return chunk == null ? null : chunk[line % CHUNK_LINES];
    }

    private void setDirty(int line, DirtyLine d) {
        DirtyLine[] chunk = dirtyChunks[line / CHUNK_LINES];
        if (chunk == null) {
            chunk = dirtyChunks[line / CHUNK_LINES] = new DirtyLine[CHUNK_LINES];
        }
        chunk[line % CHUNK_LINES] = d;
    }

    /** A copy of the visible image (what a process crash leaves on PM: caches stay powered and coherent). */
    public long[] visibleCopy() {
        return visible.copyAll();
    }

    /** The media image as pages shared with earlier snapshots where unwritten since (read only). */
    public Pages mediaSnapshot() {
        return media == null ? null : media.snapshot();
    }

    /** A copy of the media image. */
    public long[] mediaCopy() {
        return media == null ? null : media.materialize().clone();
    }
}
