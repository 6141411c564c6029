package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Elle's list-append reading of a history (Elle paper §4.1): appends are unique per key and a read returns the whole
 * list, so a read reveals the order of every append in it. A {@code nil} read is the empty list. The version order of a
 * key: its longest read (duplicates dropped), then every committed append that no read shows, each directly after the
 * last element read; a key no one read has its appends directly after the initial state. Also: internal consistency,
 * future reads, duplicate elements, incompatible orders and dirty updates.
 */
final class ListAppend {
    private ListAppend() {
    }

    static void infer(Inference in) {
        in.indexWrites(true);
        Map<Object, List<Object>> longest = new LinkedHashMap<>();
        Map<Object, List<Object>> incompatible = new HashMap<>();
        Map<Integer, Map<Object, Object>> readThenWrote = new LinkedHashMap<>();
        int reads = 0;
        for (Txn t : in.txns) {
            if (t.type() != Txn.Type.OK) {
                continue;
            }
            internal(in, t);
            Map<Object, Integer> firstWrite = Inference.firstWrites(t);
            List<Txn.Mop> mops = t.mops();
            for (int i = 0; i < mops.size(); i++) {
                Txn.Mop m = mops.get(i);
                if (!m.isRead()) {
                    continue;
                }
                List<Object> read = list(t, m);
                List<Object> distinct = observe(in, t, m.key(), read, reads++);
                List<Object> had = longest.get(m.key());
                if (had == null || distinct.size() > had.size()) {
                    if (had != null && !isPrefix(had, distinct)) {
                        incompatible.putIfAbsent(m.key(), List.of(had, distinct));
                    }
                    longest.put(m.key(), distinct);
                } else if (!isPrefix(distinct, had)) {
                    incompatible.putIfAbsent(m.key(), List.of(distinct, had));
                }
                Integer wrote = firstWrite.get(m.key());
                if (wrote == null || wrote > i) { // an external read: what the transaction saw of others
                    Object version = distinct.isEmpty() ? VersionOrder.INIT : distinct.getLast();
                    in.intermediate(t, m.key(), version, read);
                    in.orders.computeIfAbsent(m.key(), k -> new VersionOrder(true)).read(version, t.id());
                    if (wrote != null) {
                        readThenWrote.computeIfAbsent(t.id(), k -> new LinkedHashMap<>()).putIfAbsent(m.key(), version);
                    }
                }
            }
        }
        incompatible.forEach((k, pair) -> in.report(AnomalyType.INCOMPATIBLE_ORDER, List.of(), "key " + k + " was read as "
                + pair.get(0) + " and as " + pair.get(1) + ": neither is a prefix of the other, so " + k + " has no single order"));
        in.lostUpdates(readThenWrote, true);
        in.writes.forEach((key, writes) -> versionOrder(in, key, writes, longest.getOrDefault(key, List.of())));
        in.edges();
    }

    /**
     * Every element of one read, each once: G1a and garbage reads reported, its writer marked observed. Returns the read
     * without its duplicate elements (reported), which is the read itself when it has none, as reads almost always do.
     */
    private static List<Object> observe(Inference in, Txn t, Object key, List<Object> read, int readNumber) {
        Inference.Writes w = in.writes.get(key);
        Set<Object> unwritten = null; // elements no one appended, met in this read (their duplicates too)
        boolean duplicates = false;
        for (Object e : read) {
            int n = w == null ? -1 : w.number(e);
            boolean again;
            if (n >= 0) {
                again = w.meet(n, readNumber);
            } else {
                if (unwritten == null) {
                    unwritten = new HashSet<>();
                }
                again = !unwritten.add(e);
            }
            if (again) {
                duplicates = true;
            } else {
                in.observed(t, key, e, w, n, read);
            }
        }
        if (!duplicates) {
            return read;
        }
        in.report(AnomalyType.DUPLICATE_ELEMENTS, List.of(t), "T" + t.id() + " read " + key + " = " + read
                + ", which holds an element twice, though every append is unique");
        return new ArrayList<>(new LinkedHashSet<>(read));
    }

    /**
     * A key's version order: its longest read, then every committed append that no read shows, each directly after the
     * last element read. A committed append directly after an aborted one in the longest read is a dirty update.
     */
    private static void versionOrder(Inference in, Object key, Inference.Writes writes, List<Object> chain) {
        VersionOrder vo = in.orders.computeIfAbsent(key, k -> new VersionOrder(true));
        Object prev = VersionOrder.INIT;
        Integer failed = null;
        boolean[] inChain = new boolean[writes.count()];
        Supplier<String> longestRead = () -> "the longest read of " + key + " is " + VersionOrder.brief(chain);
        for (Object v : chain) {
            int n = writes.number(v);
            Integer w = n < 0 ? null : writes.writer(n);
            if (n >= 0) {
                inChain[n] = true;
                if (in.counts(w)) {
                    vo.writer(v, w);
                }
            }
            vo.precedes(prev, v, longestRead);
            if (w != null && in.txns.get(w).type() == Txn.Type.FAIL && failed == null) {
                failed = w;
            } else if (failed != null && w != null && in.txns.get(w).type() == Txn.Type.OK) {
                in.report(AnomalyType.DIRTY_UPDATE, List.of(in.txns.get(failed), in.txns.get(w)), "the longest read of " + key
                        + " is " + chain + ": T" + w + " appended after T" + failed + ", which aborted, so T" + w
                        + " updated a state that never committed");
                failed = null;
            }
            prev = v;
        }
        boolean only = chain.isEmpty() && writes.count() == 1;
        for (int n = 0; n < writes.count(); n++) {
            if (!inChain[n] && in.txns.get(writes.writer(n)).type() == Txn.Type.OK) {
                Object v = writes.value(n);
                vo.writer(v, writes.writer(n));
                vo.precedes(prev, v, () -> only ? "the only append to " + key
                        : v + " is in no read of " + key + ", so it follows every element read");
            }
        }
    }

    /** A read's list; {@code nil} is the empty list (Elle). */
    static List<Object> list(Txn t, Txn.Mop m) {
        if (m.value() == null) {
            return List.of();
        }
        if (m.value() instanceof List<?> l) {
            @SuppressWarnings("unchecked")
            List<Object> read = (List<Object>) l;
            return read;
        }
        throw new IllegalArgumentException("T" + t.id() + " (process " + t.process() + "): read of " + m.key() + " returned "
                + m.value() + ", but a list-append read returns a list or nil (is this an rw-register history?"
                + " valid models: txn-list-append, txn-rw-register)");
    }

    private static boolean isPrefix(List<Object> shorter, List<Object> longer) {
        if (shorter.size() > longer.size()) {
            return false;
        }
        for (int i = 0; i < shorter.size(); i++) {
            if (!shorter.get(i).equals(longer.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Internal consistency: within a transaction, a read of a key must show what the transaction last read of it plus
     * its own appends since; an element it appends only later must not be in it yet (future read).
     */
    private static void internal(Inference in, Txn t) {
        Map<Object, List<Object>> known = new HashMap<>(); // the whole list, when a read showed it
        Map<Object, List<Object>> appended = new HashMap<>(); // own appends since the last read
        List<Txn.Mop> mops = t.mops();
        for (int i = 0; i < mops.size(); i++) {
            Txn.Mop m = mops.get(i);
            if (!m.isRead()) {
                appended.computeIfAbsent(m.key(), k -> new ArrayList<>()).add(m.value());
                continue;
            }
            List<Object> read = list(t, m);
            boolean future = false;
            for (int j = i + 1; j < mops.size() && !future; j++) {
                Txn.Mop later = mops.get(j);
                if (!later.isRead() && later.key().equals(m.key()) && read.contains(later.value())
                        && !appended.getOrDefault(m.key(), List.of()).contains(later.value())) {
                    in.report(AnomalyType.FUTURE_READ, List.of(t), "T" + t.id() + " read " + m.key() + " = " + read
                            + ", which holds " + later.value() + ", an element T" + t.id() + " appends only later");
                    future = true;
                }
            }
            List<Object> mine = appended.getOrDefault(m.key(), List.of());
            List<Object> base = known.get(m.key());
            if (!future && (base != null || !mine.isEmpty())) {
                List<Object> want = null;
                if (base != null) {
                    want = new ArrayList<>(base);
                    want.addAll(mine);
                }
                boolean ok = want != null ? read.equals(want)
                        : read.size() >= mine.size() && read.subList(read.size() - mine.size(), read.size()).equals(mine);
                if (!ok) {
                    String expected = want != null ? want.toString()
                            : "[... " + String.join(" ", mine.stream().map(String::valueOf).toList()) + "]";
                    in.report(AnomalyType.INTERNAL, List.of(t), "T" + t.id() + " read " + m.key() + " = " + read
                            + ", but its own earlier reads and appends say it is " + expected);
                }
            }
            known.put(m.key(), read);
            appended.remove(m.key());
        }
    }
}
