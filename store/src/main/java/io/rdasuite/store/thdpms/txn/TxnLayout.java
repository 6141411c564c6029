package io.rdasuite.store.thdpms.txn;

import io.rdasuite.store.thdpms.pdsm.PdsmConfig;

/**
 * Where transactional data lives in pDSM's PM and how its words are laid out (paper 002 §4.1.6, FaRM's objects and
 * logs).
 *
 * <p><b>Items.</b> Each segment holds {@link #items} items of one 64-byte line between its object table and its heap.
 * Word 0 is the version word: bit 63 locked, bits 48–62 the lock's owner (a coordinator + 1, or {@link #RECOVERY}),
 * bits 0–47 the version. Word 1 is the length of the item's list, words 2–7 its elements (list-append: at most
 * {@link #MAX_ELEMENTS}). A transactional key {@code k} is item {@code k} of the segment its object id places it in.
 *
 * <p><b>Logs.</b> Each PM server registers one log region with a slot of {@link #SLOT_BYTES} per coordinator (FaRM
 * keeps a log per coordinator at each participant). Word 0 of a slot is its header, written only by the server after
 * it checked the request's epoch: {@code epoch:16 | txn:40 | flags:8}. The body, written one-sided by the coordinator,
 * follows: the transaction id, the number of written items, and per item its segment, slot, new version and new words
 * 1–7. Every participant's body holds the whole write set, so recovery can install a committed transaction from any one
 * record.
 */
public final class TxnLayout {
    public static final int ITEM_BYTES = 64;
    public static final int MAX_ELEMENTS = 6;
    public static final int MAX_WRITES = 4;
    /** Coordinators a deployment may have (the lock owner field holds up to 32,766). */
    public static final int MAX_COORDINATORS = 128;
    /** A server's log has a slot per coordinator, and at least this many (every deployment up to 32 coordinators, the explorer's, has 32). */
    public static final int MIN_LOG_SLOTS = 32;
    public static final int SLOT_BYTES = 512;
    public static final long LOCKED = 1L << 63;
    /** The owner recovery locks a promoted segment's items with until it has resolved every transaction in flight. */
    public static final int RECOVERY = 0x7FFF;
    public static final long VERSION_MASK = (1L << 48) - 1;

    /** Header flags. */
    public static final int LOCK = 1;
    public static final int COMMIT_BACKUP = 2;
    public static final int COMMIT_PRIMARY = 4;
    public static final int TRUNCATED = 8;
    public static final int ABORTED = 16;

    /** Body words: txn id, count, then {@link #ENTRY_WORDS} per written item. */
    public static final int ENTRY_WORDS = 10;

    private TxnLayout() {
    }

    /** The slots of each server's log for {@code coordinators} coordinators. */
    public static int logSlots(int coordinators) {
        return Math.max(MIN_LOG_SLOTS, coordinators);
    }

    /**
     * Items per segment in a deployment of {@code config}: the room between table and heap, at most 32 per 256 KiB of
     * segment (32 in the explorer's 64 KiB segments; more in a benchmark's larger ones, so that a uniform workload is
     * not all conflicts).
     */
    public static int items(PdsmConfig config) {
        long cap = 32L * Math.max(1, config.segmentBytes() / (256 * 1024));
        return (int) Math.min(cap, (config.heapOffset() - itemOffset(config)) / ITEM_BYTES);
    }

    /** Where item 0 of a segment starts. */
    public static long itemOffset(PdsmConfig config) {
        long end = config.tableOffset() + 16L * config.tableBuckets();
        return (end + ITEM_BYTES - 1) / ITEM_BYTES * ITEM_BYTES;
    }

    public static long itemAt(PdsmConfig config, int slot) {
        return itemOffset(config) + (long) slot * ITEM_BYTES;
    }

    public static boolean locked(long word) {
        return word < 0;
    }

    public static int owner(long word) {
        return (int) (word >>> 48) & 0x7FFF;
    }

    public static long version(long word) {
        return word & VERSION_MASK;
    }

    public static long lockedBy(int owner, long version) {
        return LOCKED | (long) owner << 48 | version & VERSION_MASK;
    }

    /** A coordinator's lock owner value. */
    public static int ownerOf(int coordinator) {
        return coordinator + 1;
    }

    /**
     * A transaction id's low bits number it within its coordinator's life; the bits above them are that life's
     * incarnation (0 on the simulator, where a coordinator is never restarted; 1, 2, … for a coordinator process restarted
     * as the same node). Ids of different lives never collide in a slot, and a fence names the lives it refuses.
     */
    public static final int TXN_SEQ_BITS = 24;
    /** The most incarnations a coordinator may have (the header keeps 40 bits of a transaction id). */
    public static final long MAX_INCARNATION = (1L << (40 - TXN_SEQ_BITS)) - 1;
    /** A fence of every life of a coordinator (the simulator's: a coordinator declared dead never comes back). */
    public static final long EVERY_INCARNATION = Long.MAX_VALUE;

    /** The incarnation transaction {@code txn} belongs to. */
    public static long incarnation(long txn) {
        return txn >>> TXN_SEQ_BITS;
    }

    /** The first transaction id of incarnation {@code incarnation} is this plus one. */
    public static long firstTxnOf(long incarnation) {
        if (incarnation < 0 || incarnation > MAX_INCARNATION) {
            throw new IllegalArgumentException("a coordinator's incarnation is 0.." + MAX_INCARNATION + ": " + incarnation);
        }
        return incarnation << TXN_SEQ_BITS;
    }

    public static long header(long epoch, long txn, int flags) {
        return (epoch & 0xFFFF) << 48 | (txn & 0xFF_FFFF_FFFFL) << 8 | flags & 0xFF;
    }

    public static long headerTxn(long header) {
        return header >>> 8 & 0xFF_FFFF_FFFFL;
    }

    public static int headerFlags(long header) {
        return (int) (header & 0xFF);
    }

    public static long slotOffset(int coordinator) {
        return (long) coordinator * SLOT_BYTES;
    }

    /** A body: txn id, count, entries. */
    public static long[] body(long txn, java.util.List<WriteEntry> writes) {
        long[] b = new long[2 + ENTRY_WORDS * writes.size()];
        b[0] = txn;
        b[1] = writes.size();
        for (int i = 0; i < writes.size(); i++) {
            WriteEntry w = writes.get(i);
            int at = 2 + ENTRY_WORDS * i;
            b[at] = w.segmentNo();
            b[at + 1] = w.slot();
            b[at + 2] = w.newVersion();
            System.arraycopy(w.line(), 0, b, at + 3, 7);
        }
        return b;
    }

    /** Parses a body read from a slot (after its header word); null when it is not transaction {@code txn}'s or is malformed. */
    public static java.util.List<WriteEntry> parse(long[] slotWords, long txn) {
        if (slotWords[1] != txn || slotWords[2] < 0 || slotWords[2] > MAX_WRITES) {
            return null;
        }
        java.util.List<WriteEntry> writes = new java.util.ArrayList<>();
        for (int i = 0; i < slotWords[2]; i++) {
            int at = 3 + ENTRY_WORDS * i;
            long[] line = new long[7];
            System.arraycopy(slotWords, at + 3, line, 0, 7);
            writes.add(new WriteEntry(slotWords[at], (int) slotWords[at + 1], slotWords[at + 2], line));
        }
        return writes;
    }
}
