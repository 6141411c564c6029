package io.rdasuite.linearizability.txn;

import java.util.List;

/**
 * One transaction of a history: its micro-operations as completed (an {@code :ok} txn's reads carry what they read),
 * or as invoked ({@code :fail}: never took effect; {@code :info}: pending at the end or at a crash, took effect entirely
 * or not at all).
 *
 * @param id       position in the history (0-based, invocation order)
 * @param process  the client
 * @param type     how it ended
 * @param mops     its micro-operations in order
 * @param invoke   the history index of its invocation
 * @param complete the history index of its completion ({@link Long#MAX_VALUE} when it never completed)
 */
public record Txn(int id, long process, Type type, List<Mop> mops, long invoke, long complete) {
    public Txn {
        mops = List.copyOf(mops);
    }

    /** How a transaction ended. */
    public enum Type {
        OK,
        FAIL,
        INFO
    }

    /**
     * One micro-operation: {@code append} (list-append), {@code w} (register write) or {@code r} (a read: a list, a value
     * or null).
     */
    public record Mop(String f, Object key, Object value) {
        public Mop {
            f = switch (f) { // the constants themselves, so that the checker's comparisons are identity checks
                case "r" -> "r";
                case "append" -> "append";
                case "w" -> "w";
                default -> f;
            };
        }

        public boolean isRead() {
            return f.equals("r");
        }
    }

    @Override
    public String toString() {
        return "T" + id + "(p" + process + " " + type.name().toLowerCase(java.util.Locale.ROOT) + " " + mops.stream()
                .map(m -> "[" + m.f() + " " + m.key() + " " + m.value() + "]").reduce("", String::concat) + ")";
    }
}
