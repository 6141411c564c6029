package io.rdasuite.store.nessie;

/**
 * The 64-bit index table entry, ITE (Nessie §4.1.1): one word so that RDMA CAS can change it atomically.
 * Bits, high to low:
 * <pre>
 *  63        62     61 .. 50     49 .. f         f-1 .. 0
 *  watermark empty  DTI (12 bits) DTE index      filter bits (f, 7 by default)
 * </pre>
 * The watermark is the entry's last bit in address order (the high byte of a little-endian word) and is set
 * in every written entry; the all-zero word, never written, is empty. Marking an entry empty keeps its DTI and
 * DTE index and sets the empty bit, so that an emptied entry differs from every earlier state of the same
 * entry until its DTE is recycled (decision: it lets reverse passes notice an entry that was emptied and refilled).
 */
public final class IndexEntry {
    public static final long WATERMARK = 1L << 63;
    public static final long EMPTY = 1L << 62;
    public static final int DTI_BITS = 12;
    private static final int DTI_SHIFT = 50;
    private static final long DTI_MASK = (1L << DTI_BITS) - 1;

    private final int filterBits;
    private final long filterMask;
    private final long dteMask;

    /** A layout with {@code filterBits} filter bits (0..16); the DTE index gets the remaining {@code 50 - filterBits} bits. */
    public IndexEntry(int filterBits) {
        if (filterBits < 0 || filterBits > 16) {
            throw new IllegalArgumentException("filter bits must be 0..16: " + filterBits);
        }
        this.filterBits = filterBits;
        this.filterMask = (1L << filterBits) - 1;
        this.dteMask = (1L << (DTI_SHIFT - filterBits)) - 1;
    }

    public int filterBits() {
        return filterBits;
    }

    /** The largest DTE index this layout can name, plus one. */
    public long dteLimit() {
        return dteMask + 1;
    }

    /** The largest data table id, plus one. */
    public static int dtiLimit() {
        return 1 << DTI_BITS;
    }

    /** A full entry naming DTE {@code dte} of data table {@code dti}, with the key's filter bits. */
    public long full(int dti, long dte, long filter) {
        if (dti < 0 || dti > DTI_MASK || dte < 0 || dte > dteMask || (filter & ~filterMask) != 0) {
            throw new IllegalArgumentException("ITE fields out of range: dti " + dti + ", dte " + dte + ", filter " + filter);
        }
        return WATERMARK | ((long) dti << DTI_SHIFT) | (dte << filterBits) | filter;
    }

    /** {@code entry} marked empty, keeping its other fields (see the class comment). */
    public static long emptied(long entry) {
        return entry | EMPTY | WATERMARK;
    }

    /** True for the never-written word and for entries with the empty bit. */
    public static boolean isEmpty(long entry) {
        return entry == 0 || (entry & EMPTY) != 0;
    }

    public static boolean hasWatermark(long entry) {
        return (entry & WATERMARK) != 0;
    }

    public static int dti(long entry) {
        return (int) ((entry >>> DTI_SHIFT) & DTI_MASK);
    }

    public long dte(long entry) {
        return (entry >>> filterBits) & dteMask;
    }

    public long filter(long entry) {
        return entry & filterMask;
    }

    /** The filter bits of a key hash: its trailing bits (§4.3.2). */
    public long filterOf(long keyHash) {
        return keyHash & filterMask;
    }

    /** True when the entry is full and its filter bits match the key's: only then can its DTE hold the key. */
    public boolean mayHold(long entry, long keyFilter) {
        return !isEmpty(entry) && filter(entry) == keyFilter;
    }

    public String describe(long entry) {
        return entry == 0 ? "ITE[unused]" : "ITE[" + (isEmpty(entry) ? "empty " : "") + "dti " + dti(entry) + " dte " + dte(entry)
                + " filter " + filter(entry) + "]";
    }
}
