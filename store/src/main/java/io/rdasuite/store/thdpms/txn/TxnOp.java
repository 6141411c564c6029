package io.rdasuite.store.thdpms.txn;

/**
 * One micro-operation of a transaction over list-append items: append {@code value} to key {@code key}'s list, read
 * the list, or overwrite it with one element.
 */
public record TxnOp(Kind kind, int key, long value) {
    public enum Kind { APPEND, READ, WRITE }

    public static TxnOp append(int key, long value) {
        return new TxnOp(Kind.APPEND, key, value);
    }

    /** A register write: the key's list becomes {@code [value]} (benchmarks: a write that never fills the list). */
    public static TxnOp write(int key, long value) {
        return new TxnOp(Kind.WRITE, key, value);
    }

    public static TxnOp read(int key) {
        return new TxnOp(Kind.READ, key, 0);
    }
}
