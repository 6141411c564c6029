package io.rdasuite.linearizability.history;

import java.util.List;
import java.util.Locale;

/**
 * The function of a client operation. Register histories use read/write/cas, key-value histories get/put/delete
 * (and append), mutex histories acquire/release, multi-register histories txn; synonyms map to one function.
 */
public enum Fn {
    /** Reads the value (a register's read, a map's get); the result is the value, {@code nil} when absent. */
    READ(List.of("read", "get")),
    /** Sets the value (a register's write, a map's put). */
    WRITE(List.of("write", "put")),
    /** Compare-and-set: the value is the pair {@code [expected new]}. */
    CAS(List.of("cas", "compare-and-set")),
    /** Removes the key: its value becomes {@code nil}. */
    DELETE(List.of("delete", "del", "remove")),
    /** Appends the value to the key's list (a missing key is the empty list). */
    APPEND(List.of("append")),
    /** Takes a mutex (Knossos's mutex model); legal only while it is free. */
    ACQUIRE(List.of("acquire", "lock")),
    /** Gives a mutex back; legal only while it is held. */
    RELEASE(List.of("release", "unlock")),
    /**
     * A transaction: the value is a list of micro-operations {@code [f key value]} (Knossos's multi-register:
     * {@code [:read :x 1]}, {@code [:write :y 2]}; Elle's histories, checked by {@code io.rdasuite.linearizability.txn}).
     */
    TXN(List.of("txn"));

    private final List<String> names;
    /** Every name and synonym, with and without its colon: parsing is a lookup (it runs once per event). */
    private static final java.util.Map<String, Fn> BY_NAME = new java.util.HashMap<>();

    static {
        for (Fn f : values()) {
            for (String n : f.names) {
                BY_NAME.put(n, f);
                BY_NAME.put(":" + n, f);
            }
        }
    }

    Fn(List<String> names) {
        this.names = names;
    }

    /** The canonical lower-case name written by {@code JsonLinesFormat} ({@code read}, {@code write}, …). */
    public String wireName() {
        return names.getFirst();
    }

    /** The function named {@code name} or one of its synonyms (any case, an optional leading ':'). */
    public static Fn parse(String name) {
        Fn exact = BY_NAME.get(name);
        if (exact != null) {
            return exact;
        }
        String n = (name.startsWith(":") ? name.substring(1) : name).toLowerCase(Locale.ROOT);
        for (Fn f : values()) {
            if (f.names.contains(n)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown operation f '" + name
                + "' (valid: read/get, write/put, cas, delete, append, acquire, release, txn)");
    }
}
