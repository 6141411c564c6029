package io.rdasuite.store.kv;

import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * A hopscotch hash table in a PM region (paper 000 §5.1, after Herlihy et al.): a key lives within
 * {@link #NEIGHBORHOOD} slots of its home bucket, so a client finds it with one RDMA READ of the
 * neighbourhood. Slots are {@code buckets + NEIGHBORHOOD - 1} long so that no neighbourhood wraps.
 *
 * <p>Entry layout: key ({@code keyBytes}), then an optional tag byte (Erda's head id; 0 = empty), padded to
 * 8 bytes, then the 8-byte metadata word (8-byte aligned: updated atomically). Without a tag byte, an
 * entry is occupied when its metadata is non-zero (Redo Logging's address).
 *
 * <p>Only the server's CPU writes the table; clients read it.
 */
public final class HopscotchTable {
    public static final int NEIGHBORHOOD = 8;
    /** How far past the home bucket an insert looks for a free slot before giving up. */
    public static final int MAX_PROBE = 128;

    private final KvShape shape;
    private final int buckets;
    private final boolean tagByte;
    private final int entryBytes;
    private final int metaOffset;

    public HopscotchTable(KvShape shape, int buckets, boolean tagByte) {
        if (buckets < 1) {
            throw new IllegalArgumentException("a table needs at least one bucket");
        }
        this.shape = shape;
        this.buckets = buckets;
        this.tagByte = tagByte;
        this.metaOffset = align8(shape.keyBytes() + (tagByte ? 1 : 0));
        this.entryBytes = metaOffset + 8;
    }

    private static int align8(int n) {
        return (n + 7) & ~7;
    }

    public int slots() {
        return buckets + NEIGHBORHOOD - 1;
    }

    public long regionBytes() {
        return (long) slots() * entryBytes;
    }

    public int entryBytes() {
        return entryBytes;
    }

    public int home(byte[] key) {
        return homeOfHash(KeyHash.of(key));
    }

    /** The home bucket of a key whose {@link KeyHash} the caller already has. */
    public int homeOfHash(long keyHash) {
        return (int) Long.remainderUnsigned(keyHash, buckets);
    }

    public long slotOffset(int slot) {
        return (long) slot * entryBytes;
    }

    /** Offset of a slot's 8-byte metadata word. */
    public long metaOffset(int slot) {
        return slotOffset(slot) + metaOffset;
    }

    /** Offset of a slot's tag byte (tagged tables only). */
    public long tagOffset(int slot) {
        return slotOffset(slot) + shape.keyBytes();
    }

    // ---- client side: one READ of the neighbourhood ------------------------------------------------------

    /** Where the key's neighbourhood starts, and how many bytes it spans. */
    public long neighborhoodOffset(byte[] key) {
        return slotOffset(home(key));
    }

    /** {@link #neighborhoodOffset(byte[])} of a key whose {@link KeyHash} the caller already has. */
    public long neighborhoodOffsetOfHash(long keyHash) {
        return slotOffset(homeOfHash(keyHash));
    }

    public int neighborhoodBytes() {
        return NEIGHBORHOOD * entryBytes;
    }

    /** In a neighbourhood read by RDMA, the index (0..NEIGHBORHOOD-1) of the key's occupied entry, or -1. */
    public int find(MemorySegment neighborhood, byte[] key) {
        for (int i = 0; i < NEIGHBORHOOD; i++) {
            long at = (long) i * entryBytes;
            if (occupied(neighborhood, at) && keyEquals(neighborhood, at, key)) {
                return i;
            }
        }
        return -1;
    }

    /** The metadata word of entry {@code index} of a neighbourhood buffer. */
    public long meta(MemorySegment neighborhood, int index) {
        return neighborhood.get(ValueLayout.JAVA_LONG_UNALIGNED, (long) index * entryBytes + metaOffset);
    }

    /** The tag byte of entry {@code index} of a neighbourhood buffer. */
    public byte tag(MemorySegment neighborhood, int index) {
        return neighborhood.get(ValueLayout.JAVA_BYTE, (long) index * entryBytes + shape.keyBytes());
    }

    private boolean occupied(MemorySegment entries, long at) {
        return tagByte ? entries.get(ValueLayout.JAVA_BYTE, at + shape.keyBytes()) != 0
                : entries.get(ValueLayout.JAVA_LONG_UNALIGNED, at + metaOffset) != 0;
    }

    private boolean keyEquals(MemorySegment entries, long at, byte[] key) {
        return MemorySegment.mismatch(entries, at, at + key.length, MemorySegment.ofArray(key), 0, key.length) == -1;
    }

    // ---- server side ---------------------------------------------------------------------------------------

    /** The slot holding {@code key}, or -1 (one PM load of the neighbourhood). */
    public int lookup(LocalMemory table, byte[] key) {
        int home = home(key);
        MemorySegment n = MemorySegment.ofArray(new byte[neighborhoodBytes()]);
        table.load(slotOffset(home), n);
        int i = find(n, key);
        return i < 0 ? -1 : home + i;
    }

    /**
     * Claims a slot for a new key within its neighbourhood, moving other entries closer to their homes
     * when needed (hopscotch displacement), and writes the key (and tag). The caller writes the metadata.
     * Throws {@link StoreFullException} (changing nothing) when no slot can be found.
     */
    public int insert(LocalMemory table, byte[] key, byte tag) {
        int home = home(key);
        int free = -1;
        int limit = Math.min(slots(), home + MAX_PROBE);
        MemorySegment scan = MemorySegment.ofArray(new byte[(limit - home) * entryBytes]);
        table.load(slotOffset(home), scan);
        for (int s = home; s < limit; s++) {
            if (!occupied(scan, (long) (s - home) * entryBytes)) {
                free = s;
                break;
            }
        }
        if (free < 0) {
            throw new StoreFullException("no free slot within " + MAX_PROBE + " of bucket " + home + "; stored keys stay readable");
        }
        while (free - home >= NEIGHBORHOOD) {
            free = displace(table, free);
            if (free < 0) {
                throw new StoreFullException("hopscotch displacement failed near bucket " + home + "; stored keys stay readable");
            }
        }
        MemorySegment entry = MemorySegment.ofArray(new byte[shape.keyBytes() + (tagByte ? 1 : 0)]);
        MemorySegment.copy(MemorySegment.ofArray(key), 0, entry, 0, key.length);
        if (tagByte) {
            entry.set(ValueLayout.JAVA_BYTE, key.length, tag);
        }
        table.store(slotOffset(free), entry);
        return free;
    }

    /** Moves some entry in the NEIGHBORHOOD-1 slots before {@code free} into it; returns the slot it left. */
    private int displace(LocalMemory table, int free) {
        int from = free - (NEIGHBORHOOD - 1);
        MemorySegment window = MemorySegment.ofArray(new byte[(NEIGHBORHOOD - 1) * entryBytes]);
        table.load(slotOffset(from), window);
        for (int s = from; s < free; s++) {
            long at = (long) (s - from) * entryBytes;
            byte[] key = window.asSlice(at, shape.keyBytes()).toArray(ValueLayout.JAVA_BYTE);
            if (occupied(window, at) && free - home(key) < NEIGHBORHOOD) {
                table.store(slotOffset(free), window.asSlice(at, entryBytes));
                clear(table, s);
                return s;
            }
        }
        return -1;
    }

    /** Empties a slot: zeroes its tag byte (tagged) or its metadata (untagged) and its key. */
    public void clear(LocalMemory table, int slot) {
        byte[] zeros = new byte[entryBytes];
        Arrays.fill(zeros, (byte) 0);
        table.store(slotOffset(slot), MemorySegment.ofArray(zeros));
    }
}
