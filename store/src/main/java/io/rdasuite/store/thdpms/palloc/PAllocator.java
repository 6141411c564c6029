package io.rdasuite.store.thdpms.palloc;

import io.rdasuite.store.pm.LocalMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * PAllocator (paper 002 §4.1.4) for one segment: the heap is cut into chunks, each of one size class, whose class is
 * persisted in the chunk's 64-byte header before the chunk hands out a block; which blocks are in use lives in DRAM
 * bitmaps (never flushed) with a free list per class. Per-core chunk tables are one table here (a segment is served by
 * one core). After a crash the bitmap is rebuilt from the segment's live roots: the object table names every extent
 * block and every page in use ({@link #rebuild}); the paper does not say from what, and reachability is the source
 * that needs no extra writes. Freed blocks are not reused within a run (a reader may still be reading an old version
 * it found before a copy-on-write swing): a restart's rebuild reclaims them.
 */
public final class PAllocator {
    /** Magic in the high half of a chunk header; the class size in the low half. */
    static final long HEADER_MAGIC = 0x50414C4CL << 32;

    private final LocalMemory segment;
    private final long heapStart;
    private final int chunkBytes;
    private final int chunks;
    private final boolean headerFirst;
    /** chunk → its class (block size) once formatted; absent while free. */
    private final TreeMap<Integer, Integer> classes = new TreeMap<>();
    /** chunk → bitmap of blocks in use (bit i: block i). */
    private final TreeMap<Integer, long[]> used = new TreeMap<>();

    /**
     * @param headerFirst false only for the planted bug CHUNK_BEFORE_HEADER_PERSISTS: a new chunk's header is written
     *                    but not persisted before its first block is handed out
     */
    public PAllocator(LocalMemory segment, long heapStart, long segmentBytes, int chunkBytes, boolean headerFirst) {
        this(segment, heapStart, segmentBytes, chunkBytes, headerFirst, offset -> { });
    }

    private final java.util.function.LongConsumer formatted;

    /** As above; {@code formatted} hears of each chunk header written (pDSM mirrors it to the segment's backups). */
    public PAllocator(LocalMemory segment, long heapStart, long segmentBytes, int chunkBytes, boolean headerFirst,
                      java.util.function.LongConsumer formatted) {
        this.formatted = formatted;
        this.segment = segment;
        this.heapStart = heapStart;
        this.chunkBytes = chunkBytes;
        this.chunks = (int) ((segmentBytes - heapStart) / chunkBytes);
        this.headerFirst = headerFirst;
    }

    /** The block size a chunk header word names, or -1 when the word is no header (a free chunk's). */
    public static int classOf(long header) {
        return (header & 0xFFFFFFFF00000000L) == HEADER_MAGIC ? (int) (header & 0xFFFFFFFFL) : -1;
    }

    /** Allocates a block of at least {@code bytes} (rounded to 64); returns its offset in the segment, or -1 when full. */
    public long allocate(int bytes) {
        int size = Math.max(64, (bytes + 63) / 64 * 64);
        for (var e : classes.entrySet()) {
            if (e.getValue() == size) {
                long offset = take(e.getKey(), size);
                if (offset >= 0) {
                    return offset;
                }
            }
        }
        for (int c = 0; c < chunks; c++) {
            if (!classes.containsKey(c)) {
                format(c, size);
                return take(c, size);
            }
        }
        return -1;
    }

    private void format(int chunk, int size) {
        long header = chunkOffset(chunk);
        if (headerFirst) {
            segment.store8(header, HEADER_MAGIC | size);
            segment.persist(header, 8); // the class must be durable before any block of the chunk is
            formatted.accept(header);
        } else {
            unwritten.put(chunk, size); // THE PLANTED BUG: the header is written (not persisted) only at the chunk's next allocation
        }
        classes.put(chunk, size);
        used.put(chunk, new long[(blocksPer(size) + 63) / 64]);
    }

    /** Planted bug only: chunks handed out whose header is still to be written. */
    private final TreeMap<Integer, Integer> unwritten = new TreeMap<>();

    private long take(int chunk, int size) {
        Integer late = unwritten.get(chunk);
        if (late != null && used.get(chunk)[0] != 0) {
            unwritten.remove(chunk);
            segment.store8(chunkOffset(chunk), HEADER_MAGIC | late);
            formatted.accept(chunkOffset(chunk));
        }
        long[] bits = used.get(chunk);
        for (int b = 0; b < blocksPer(size); b++) {
            if ((bits[b / 64] & 1L << (b % 64)) == 0) {
                bits[b / 64] |= 1L << (b % 64);
                return chunkOffset(chunk) + 64 + (long) b * size;
            }
        }
        return -1;
    }

    private int blocksPer(int size) {
        return (chunkBytes - 64) / size;
    }

    private long chunkOffset(int chunk) {
        return heapStart + (long) chunk * chunkBytes;
    }

    /**
     * After a restart: reads the persisted chunk headers and marks in use exactly the blocks {@code live} names (the
     * roots' reachable blocks). A block named in a chunk with no valid header is reported: its class was lost.
     */
    public List<String> rebuild(List<Long> live) {
        classes.clear();
        used.clear();
        for (int c = 0; c < chunks; c++) {
            long header = segment.load8(chunkOffset(c));
            if ((header & 0xFFFFFFFF00000000L) == HEADER_MAGIC) {
                int size = (int) (header & 0xFFFFFFFFL);
                classes.put(c, size);
                used.put(c, new long[(blocksPer(size) + 63) / 64]);
            }
        }
        List<String> errors = new ArrayList<>();
        for (long offset : live) {
            int chunk = (int) ((offset - heapStart) / chunkBytes);
            Integer size = classes.get(chunk);
            if (offset < heapStart || chunk >= chunks || size == null) {
                errors.add("block at offset " + offset + " lies in chunk " + chunk + ", whose size-class header did not persist");
                continue;
            }
            long b = (offset - chunkOffset(chunk) - 64) / size;
            used.get(chunk)[(int) (b / 64)] |= 1L << (b % 64);
        }
        return errors;
    }

    /** Frees the block at {@code offset} (pfree); false when it is not an allocated block. */
    public boolean free(long offset) {
        int chunk = (int) ((offset - heapStart) / chunkBytes);
        Integer size = classes.get(chunk);
        if (offset < heapStart || size == null || (offset - chunkOffset(chunk) - 64) % size != 0) {
            return false;
        }
        long b = (offset - chunkOffset(chunk) - 64) / size;
        long[] bits = used.get(chunk);
        boolean was = (bits[(int) (b / 64)] & 1L << (b % 64)) != 0;
        bits[(int) (b / 64)] &= ~(1L << (b % 64));
        return was;
    }

    /** Blocks in use (for tests). */
    public int blocksInUse() {
        return used.values().stream().mapToInt(bits -> java.util.Arrays.stream(bits).mapToInt(Long::bitCount).sum()).sum();
    }
}
