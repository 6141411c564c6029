package io.rdasuite.hwsim.memory;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.PersistenceDomain;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A registered region as 8-byte units: the visible image (what loads and RDMA reads see) and, for PM, the
 * media image (what survives a power failure). Writes follow paper 003 §3.1: a write routed to the memory
 * controller is persistent at once (every domain includes ADR); one routed to the cache is persistent at once
 * only when the domain includes the cache, and otherwise becomes a new version of a {@link DirtyLine}.
 */
public final class SimRegion {
    private static final int CHUNK_LINES = 4096;

    public final MemoryRegion region;
    final long[] visible;
    /** PM: the media image (copy-free until it must be whole); DRAM: null. */
    final MediaImage media;
    private final MemorySegment visibleSegment;
    private final Cache cache;
    private final PersistenceDomain domain;
    private final DirtyLine[][] dirtyChunks;
    private long pmBytesWritten;
    private long mediaBytesWritten;

    /**
     * @param restored PM contents to start from (a post-crash image), or null for zeroes; the region takes
     *                 ownership of the array (callers pass a copy)
     */
    public SimRegion(MemoryRegion region, Cache cache, PersistenceDomain domain, long[] restored) {
        this(region, cache, domain, restored, region.kind() != MemoryKind.PM ? null
                : restored == null ? MediaImage.zeroes(Math.toIntExact(region.lengthBytes() / 8)) : MediaImage.of(restored.clone()));
    }

    /**
     * A PM region restarted from a post-crash image: its visible image a fresh copy of that region, its media the image
     * itself, shared with the frontier and never copied unless a further power failure needs it whole.
     */
    public static SimRegion restored(MemoryRegion region, Cache cache, PersistenceDomain domain, CrashImage image) {
        long[] visible = image.regionUnits(region.name());
        return new SimRegion(region, cache, domain, visible, MediaImage.of(image, region.name(), visible.length));
    }

    /** A PM region restarted from a materialized image, which it shares as its starting media (the caller never writes it). */
    public static SimRegion restored(MemoryRegion region, Cache cache, PersistenceDomain domain, long[] sharedImage) {
        return new SimRegion(region, cache, domain, sharedImage.clone(), MediaImage.of(sharedImage));
    }

    private SimRegion(MemoryRegion region, Cache cache, PersistenceDomain domain, long[] restored, MediaImage media) {
        this.region = region;
        this.cache = cache;
        this.domain = domain;
        int units = Math.toIntExact(region.lengthBytes() / 8);
        this.visible = restored == null ? new long[units] : restored;
        if (restored != null && restored.length != units) {
            throw new IllegalArgumentException("restored image of region " + region.name() + " has " + restored.length + " units, expected " + units);
        }
        this.media = media;
        this.visibleSegment = MemorySegment.ofArray(visible);
        int lines = (units + 7) / 8;
        this.dirtyChunks = media == null ? null : new DirtyLine[(lines + CHUNK_LINES - 1) / CHUNK_LINES][];
    }

    /** The region's size in 8-byte units. */
    public int units() {
        return visible.length;
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
        MemorySegment.copy(visibleSegment, offsetBytes, destination, 0, destination.byteSize());
    }

    public long read8(long offsetBytes) {
        return visible[unit(offsetBytes)];
    }

    public void write(long offsetBytes, MemorySegment source, Route route) {
        long length = source.byteSize();
        if (length == 0) {
            return;
        }
        MemorySegment.copy(source, 0, visibleSegment, offsetBytes, length);
        afterWrite(offsetBytes, length, route);
    }

    public void write(long offsetBytes, byte[] source, int length, Route route) {
        if (length == 0) {
            return;
        }
        MemorySegment.copy(source, 0, visibleSegment, ValueLayout.JAVA_BYTE, offsetBytes, length);
        afterWrite(offsetBytes, length, route);
    }

    public void write8(long offsetBytes, long value, Route route) {
        visible[unit(offsetBytes)] = value;
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

    /** The media image, not copied: only for a node that lost power (frozen from then on). */
    public long[] mediaUnits() {
        return media == null ? null : media.materialize();
    }

    /** A copy of the visible image (what a process crash leaves on PM: caches stay powered and coherent). */
    public long[] visibleCopy() {
        return visible.clone();
    }

    /** A copy of the media image. */
    public long[] mediaCopy() {
        return media == null ? null : media.materialize().clone();
    }
}
