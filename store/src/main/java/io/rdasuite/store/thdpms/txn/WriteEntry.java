package io.rdasuite.store.thdpms.txn;

/**
 * One item a transaction writes: where it is, the version it will have, and its new words 1–7 (list length and
 * elements; see {@link TxnLayout}).
 */
public record WriteEntry(long segmentNo, int slot, long newVersion, long[] line) {
    public WriteEntry {
        if (line.length != 7) {
            throw new IllegalArgumentException("an item's payload is 7 words: " + line.length);
        }
        line = line.clone();
    }

    @Override
    public long[] line() {
        return line.clone();
    }
}
