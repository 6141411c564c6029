package io.rdasuite.store.thdpms.kvs;

import io.rdasuite.store.pm.LocalMemory;
import io.rdasuite.store.thdpms.palloc.PAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * CCEH, cacheline-conscious extendible hashing (Nam et al., FAST '19; paper 002 §4.3 uses it as pDKVS's index), in one
 * pDSM segment: a directory of {@code 2^G} segment pointers indexed by the hash's top {@code G} bits, and CCEH segments
 * of buckets × slots of 16 bytes (key hash, item offset), each with a local depth and the
 * hash prefix it holds. A slot is free when its key is 0 or its key no longer has the segment's prefix (CCEH's lazy
 * deletion after a split). Every persisted change is mirrored to the segment's backups before the next one.
 *
 * <p>Layout of the directory area (at {@link KvsLayout#directoryOffset}): a header word {@code MAGIC | active << 8 | G},
 * then two directory arrays A and B; doubling writes the inactive one whole, persists and mirrors it, then swings the
 * header in one 8-byte store. A split: the new segment is a copy of the old with the next prefix bit set, persisted and
 * mirrored; then the directory entries of its half point to it; then the old segment's depth and prefix are updated.
 * {@link #repair()} finishes a split a crash cut between those steps. Not thread-safe: the caller holds the segment's
 * lock.
 */
final class Cceh {
    /** Buckets probed from a key's home bucket. */
    static final int PROBE = 2;
    /** Buckets per segment and slots per bucket: 2 × 1 by default (splits with a handful of keys, for exploration). */
    private final int buckets;
    private final int slots;
    private final int segmentBytes;
    private static final long MAGIC = 0x4CCEL << 48;
    private static final long SEGMENT_MAGIC = 0x5E6DL << 48;

    /** What a mirrored range is: offset and length in the segment. */
    interface Mirror {
        void range(long offset, int length);
    }

    private final LocalMemory m;
    private final PAllocator allocator;
    private final Mirror mirror;
    private final long dir;
    private final int capacity;
    private final boolean persistSplitFirst;
    /** Counts splits [0] and doublings [1] (statistics only). */
    private final long[] stats;

    Cceh(LocalMemory m, PAllocator allocator, Mirror mirror, long directoryOffset, int capacity, boolean persistSplitFirst, long[] stats) {
        this(m, allocator, mirror, directoryOffset, capacity, persistSplitFirst, stats, 2, 1);
    }

    Cceh(LocalMemory m, PAllocator allocator, Mirror mirror, long directoryOffset, int capacity, boolean persistSplitFirst, long[] stats, int buckets,
         int slots) {
        this.buckets = buckets;
        this.slots = slots;
        this.segmentBytes = 64 + buckets * slots * 16;
        this.stats = stats;
        this.m = m;
        this.allocator = allocator;
        this.mirror = mirror;
        this.dir = directoryOffset;
        this.capacity = capacity;
        this.persistSplitFirst = persistSplitFirst;
    }

    // ---- words ------------------------------------------------------------------------------------------------------

    private long header() {
        return m.load8(dir);
    }

    boolean formatted() {
        return (header() & 0xFFFF_0000_0000_0000L) == MAGIC;
    }

    private int depth() {
        return (int) (header() & 0xFF);
    }

    private long entryAt(int active, int i) {
        return dir + 64 + (long) active * 8 * capacity + 8L * i;
    }

    private long entry(int i) {
        return m.load8(entryAt((int) (header() >>> 8 & 1), i));
    }

    private static int index(long hash, int depth) {
        return depth == 0 ? 0 : (int) (hash >>> (64 - depth));
    }

    private int localDepth(long seg) {
        return (int) (m.load8(seg) & 0xFF);
    }

    private long prefix(long seg) {
        return m.load8(seg) >>> 8 & 0xFFFF_FFFFL;
    }

    private boolean holds(long seg, long keyHash) {
        return keyHash != 0 && index(keyHash, localDepth(seg)) == prefix(seg);
    }

    private static long slot(long seg, int j) {
        return seg + 64 + 16L * j;
    }

    private void persistAndMirror(long offset, int length) {
        m.persist(offset, length);
        mirror.range(offset, length);
    }

    // ---- operations ---------------------------------------------------------------------------------------------------

    /** Creates the directory with one empty segment; false when the heap is full. */
    boolean format() {
        long seg = newSegment(0, 0);
        if (seg < 0) {
            return false;
        }
        persistAndMirror(seg, segmentBytes);
        m.store8(entryAt(0, 0), seg);
        persistAndMirror(entryAt(0, 0), 8);
        m.store8(dir, MAGIC);
        persistAndMirror(dir, 8);
        return true;
    }

    private long newSegment(int localDepth, long prefix) {
        long seg = allocator.allocate(segmentBytes);
        if (seg < 0) {
            return -1;
        }
        m.store8(seg, SEGMENT_MAGIC | prefix << 8 | localDepth);
        for (int j = 0; j < buckets * slots; j++) {
            m.store8(slot(seg, j), 0);
            m.store8(slot(seg, j) + 8, 0);
        }
        return seg;
    }

    /** The item offset stored for {@code keyHash}, or 0. */
    long get(long keyHash) {
        if (!formatted()) {
            return 0;
        }
        long seg = entry(index(keyHash, depth()));
        for (int p = 0; p < PROBE * slots; p++) {
            long s = slot(seg, probe(keyHash, p));
            if (m.load8(s) == keyHash) {
                return m.load8(s + 8);
            }
        }
        return 0;
    }

    private int probe(long keyHash, int p) {
        int home = (int) (keyHash & (buckets - 1));
        return ((home + p / slots) % buckets) * slots + p % slots;
    }

    /**
     * Points {@code keyHash} at {@code item}: an existing key's item pointer swings (copy-on-write, one 8-byte store), a
     * new key takes a free slot (item pointer first, then the key word that makes it visible), splitting and doubling as
     * needed. False when the directory cannot double any more or the heap is full.
     */
    boolean put(long keyHash, long item) {
        if (!formatted() && !format()) {
            return false;
        }
        for (int round = 0; round < 64; round++) {
            long seg = entry(index(keyHash, depth()));
            long free = -1;
            for (int p = 0; p < PROBE * slots; p++) {
                long s = slot(seg, probe(keyHash, p));
                long k = m.load8(s);
                if (k == keyHash) {
                    m.store8(s + 8, item);
                    persistAndMirror(s + 8, 8);
                    return true;
                }
                if (free < 0 && !holds(seg, k)) {
                    free = s;
                }
            }
            if (free >= 0) {
                m.store8(free + 8, item);
                persistAndMirror(free + 8, 8);
                m.store8(free, keyHash);
                persistAndMirror(free, 8);
                return true;
            }
            if (!split(seg)) {
                return false;
            }
        }
        return false;
    }

    /** Removes {@code keyHash}: its key word is cleared in one 8-byte store. True when it was there. */
    boolean delete(long keyHash) {
        if (!formatted()) {
            return false;
        }
        long seg = entry(index(keyHash, depth()));
        for (int p = 0; p < PROBE * slots; p++) {
            long s = slot(seg, probe(keyHash, p));
            if (m.load8(s) == keyHash) {
                m.store8(s, 0);
                persistAndMirror(s, 8);
                return true;
            }
        }
        return false;
    }

    /** Splits segment {@code seg} (doubling the directory first when its depth is the global one). */
    private boolean split(long seg) {
        int l = localDepth(seg);
        if (l == depth() && !doubleDirectory()) {
            return false;
        }
        int g = depth();
        long high = prefix(seg) << 1 | 1;
        long fresh = allocator.allocate(segmentBytes);
        if (fresh < 0) {
            return false;
        }
        for (int j = 0; j < buckets * slots; j++) { // a copy: the slots whose key has the low prefix read as free there
            m.store8(slot(fresh, j), m.load8(slot(seg, j)));
            m.store8(slot(fresh, j) + 8, m.load8(slot(seg, j) + 8));
        }
        m.store8(fresh, SEGMENT_MAGIC | high << 8 | (l + 1));
        if (persistSplitFirst) {
            persistAndMirror(fresh, segmentBytes);
        }
        int active = (int) (header() >>> 8 & 1);
        int from = (int) (high << (g - l - 1));
        int count = 1 << (g - l - 1);
        for (int i = from; i < from + count; i++) {
            m.store8(entryAt(active, i), fresh);
        }
        persistAndMirror(entryAt(active, from), 8 * count);
        if (!persistSplitFirst) { // THE PLANTED BUG: the directory names the new segment before its contents persist
            persistAndMirror(fresh, segmentBytes);
        }
        m.store8(seg, SEGMENT_MAGIC | (prefix(seg) << 1) << 8 | (l + 1));
        persistAndMirror(seg, 8);
        stats[0]++;
        return true;
    }

    private boolean doubleDirectory() {
        int g = depth();
        if (2 << g > capacity) {
            return false;
        }
        int active = (int) (header() >>> 8 & 1);
        int next = 1 - active;
        for (int i = 0; i < 1 << g; i++) {
            long e = m.load8(entryAt(active, i));
            m.store8(entryAt(next, 2 * i), e);
            m.store8(entryAt(next, 2 * i + 1), e);
        }
        persistAndMirror(entryAt(next, 0), 8 * (2 << g));
        m.store8(dir, MAGIC | (long) next << 8 | (g + 1));
        persistAndMirror(dir, 8);
        stats[1]++;
        return true;
    }

    /**
     * After a crash or a failover: finishes a split cut between its steps. A segment named by the directory whose
     * half-group already points (partly) to its split sibling takes the sibling's depth and the other prefix, and the
     * sibling's whole group is made to point to it.
     */
    void repair() {
        if (!formatted()) {
            return;
        }
        int g = depth();
        int active = (int) (header() >>> 8 & 1);
        for (int i = 0; i < 1 << g; i++) {
            long seg = m.load8(entryAt(active, i));
            int l = localDepth(seg);
            int from = (int) (prefix(seg) << (g - l));
            for (int k = from; k < from + (1 << (g - l)); k++) {
                long other = m.load8(entryAt(active, k));
                if (other != seg && localDepth(other) == l + 1 && prefix(other) >>> 1 == prefix(seg)) {
                    int start = (int) (prefix(other) << (g - l - 1));
                    for (int e = start; e < start + (1 << (g - l - 1)); e++) {
                        if (m.load8(entryAt(active, e)) != other) {
                            m.store8(entryAt(active, e), other);
                            persistAndMirror(entryAt(active, e), 8);
                        }
                    }
                    m.store8(seg, SEGMENT_MAGIC | (prefix(other) ^ 1) << 8 | (l + 1));
                    persistAndMirror(seg, 8);
                    break;
                }
            }
        }
    }

    /** Every block the index keeps alive: its segments and the items their live slots name. */
    List<Long> liveBlocks() {
        return blocks(true);
    }

    /** The items the live slots name (a layer's values, which may keep blocks of their own alive). */
    List<Long> items() {
        return blocks(false);
    }

    private List<Long> blocks(boolean withSegments) {
        List<Long> live = new ArrayList<>();
        if (!formatted()) {
            return live;
        }
        TreeSet<Long> segments = new TreeSet<>();
        for (int i = 0; i < 1 << depth(); i++) {
            segments.add(entry(i));
        }
        for (long seg : segments) {
            if (withSegments) {
                live.add(seg);
            }
            for (int j = 0; j < buckets * slots; j++) {
                long k = m.load8(slot(seg, j));
                long item = m.load8(slot(seg, j) + 8);
                if (holds(seg, k) && item != 0) {
                    live.add(item);
                }
            }
        }
        return live;
    }

    /** The global depth (for tests and reports). */
    int globalDepth() {
        return formatted() ? depth() : -1;
    }
}
