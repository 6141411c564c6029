package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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
    /** Each version → the versions directly after it. */
    final Map<Object, List<Successor>> next = new LinkedHashMap<>();
    final Map<Object, List<Integer>> readers = new LinkedHashMap<>();
    private final Map<Object, Integer> writers = new HashMap<>();

    /** A version directly after another, and what shows it (in words when asked: only for the edges a cycle shows). */
    record Successor(Object version, Supplier<String> source) {
    }

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
    void precedes(Object before, Object after, Supplier<String> source) {
        List<Successor> l = next.computeIfAbsent(before, k -> new ArrayList<>(1));
        for (Successor s : l) {
            if (s.version().equals(after)) {
                return;
            }
        }
        l.add(new Successor(after, source));
    }

    void read(Object version, int txn) {
        List<Integer> l = readers.computeIfAbsent(version, k -> new ArrayList<>());
        if (l.isEmpty() || l.getLast() != txn) {
            l.add(txn);
        }
    }

    String source(Object before, Object after) {
        for (Successor s : next.getOrDefault(before, List.of())) {
            if (s.version().equals(after)) {
                return s.source().get();
            }
        }
        return "";
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
