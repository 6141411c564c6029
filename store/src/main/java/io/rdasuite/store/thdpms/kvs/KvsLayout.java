package io.rdasuite.store.thdpms.kvs;

import io.rdasuite.store.thdpms.pdsm.PdsmConfig;

/**
 * Where pDKVS keeps its index in a pDSM segment: the CCEH directory lives in the area between the object table and the
 * heap (a header line, then two arrays for doubling); CCEH segments and items are heap blocks (PAllocator). An item is
 * {@code keyHash, key, length, value…}.
 */
final class KvsLayout {
    static final int ITEM_HEADER_BYTES = 24;
    /** The longest value a reader accepts (a longer length word is a torn or foreign item). */
    static final int MAX_VALUE_BYTES = 4096;

    private KvsLayout() {
    }

    static long directoryOffset(PdsmConfig config) {
        return (config.tableOffset() + 16L * config.tableBuckets() + 63) / 64 * 64;
    }

    /** Entries per directory array: the largest power of two two arrays fit. */
    static int directoryCapacity(PdsmConfig config) {
        long room = (config.heapOffset() - directoryOffset(config) - 64) / 16;
        return Integer.highestOneBit((int) Math.max(1, room));
    }
}
