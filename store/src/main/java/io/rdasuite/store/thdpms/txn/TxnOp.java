package io.rdasuite.store.thdpms.txn;

/**
 * One micro-operation of a transaction over list-append items: append {@code value} to key {@code key}'s list, or read
 * the list.
 */
public record TxnOp(Kind kind, int key, long value) {
    public enum Kind { APPEND, READ }

    public static TxnOp append(int key, long value) {
        return new TxnOp(Kind.APPEND, key, value);
    }

    public static TxnOp read(int key) {
        return new TxnOp(Kind.READ, key, 0);
    }
}
