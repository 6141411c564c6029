package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What is known of one key's version order (Elle paper §4): which version directly follows which, who wrote each
 * version, and who read it. A version is a list-append key's last element (the list up to it), or a register's value;
 * {@link #INIT} is the state before any write (a {@code nil} read). Insertion-ordered, so the edges come out in history
 * order.
 */
final class VersionOrder {
    /** The initial state of every key. */
    static final Object INIT = new Object() {
        @Override
        public String toString() {
            return "nil";
        }
    };

    final boolean list;
    final Map<Object, List<Object>> next = new LinkedHashMap<>();
    final Map<Object, List<Integer>> readers = new LinkedHashMap<>();
    private final Map<Object, Integer> writers = new HashMap<>();
    private final Map<List<Object>, java.util.function.Supplier<String>> sources = new HashMap<>();

    VersionOrder(boolean list) {
        this.list = list;
    }

    void writer(Object version, int txn) {
        writers.put(version, txn);
    }

    Integer writer(Object version) {
        return writers.get(version);
    }

    /** {@code before} directly precedes {@code after}, as {@code source} shows. */
    void precedes(Object before, Object after, java.util.function.Supplier<String> source) {
        List<Object> l = next.computeIfAbsent(before, k -> new ArrayList<>());
        if (!l.contains(after)) {
            l.add(after);
            sources.put(List.of(before, after), source);
        }
    }

    void read(Object version, int txn) {
        List<Integer> l = readers.computeIfAbsent(version, k -> new ArrayList<>());
        if (l.isEmpty() || l.getLast() != txn) {
            l.add(txn);
        }
    }

    String source(Object before, Object after) {
        java.util.function.Supplier<String> s = sources.get(List.of(before, after));
        return s == null ? "" : s.get();
    }

    /** A list as words, its middle elided when long. */
    static String brief(List<Object> l) {
        if (l.size() <= 8) {
            return l.toString();
        }
        return "[" + l.getFirst() + " " + l.get(1) + " " + l.get(2) + " ... " + l.get(l.size() - 2) + " " + l.getLast() + "] ("
                + l.size() + " elements)";
    }

    String show(Object key, Object version) {
        if (version == INIT) {
            return "the initial (nil) state of " + key;
        }
        return list ? key + " up to element " + version : key + " = " + version;
    }
}
