package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
        Set<Integer> observedWriters = new HashSet<>();
        for (Txn t : in.txns) {
            if (t.type() != Txn.Type.OK) {
                continue;
            }
            internal(in, t);
            Set<Object> written = new HashSet<>();
            for (Txn.Mop m : t.mops()) {
                if (!m.isRead()) {
                    written.add(m.key());
                    continue;
                }
                List<Object> read = list(t, m);
                List<Object> distinct = new ArrayList<>(new LinkedHashSet<>(read));
                if (distinct.size() < read.size()) {
                    in.report(AnomalyType.DUPLICATE_ELEMENTS, List.of(t), "T" + t.id() + " read " + m.key() + " = " + read
                            + ", which holds an element twice, though every append is unique");
                }
                for (Object e : distinct) {
                    in.observed(t, m.key(), e, () -> m.key() + " = " + read);
                    Integer w = in.writerOf(m.key(), e);
                    if (w != null) {
                        observedWriters.add(w);
                    }
                }
                List<Object> had = longest.get(m.key());
                if (had == null || distinct.size() > had.size()) {
                    if (had != null && !isPrefix(had, distinct)) {
                        incompatible.putIfAbsent(m.key(), List.of(had, distinct));
                    }
                    longest.put(m.key(), distinct);
                } else if (!isPrefix(distinct, had)) {
                    incompatible.putIfAbsent(m.key(), List.of(distinct, had));
                }
                if (!written.contains(m.key())) { // an external read: what the transaction saw of others
                    Object version = distinct.isEmpty() ? VersionOrder.INIT : distinct.getLast();
                    in.intermediate(t, m.key(), version, () -> m.key() + " = " + read);
                    VersionOrder vo = in.orders.computeIfAbsent(m.key(), k -> new VersionOrder(true));
                    vo.read(version, t.id());
                    if (t.mops().stream().anyMatch(x -> !x.isRead() && x.key().equals(m.key()))) {
                        readThenWrote.computeIfAbsent(t.id(), k -> new LinkedHashMap<>()).putIfAbsent(m.key(), version);
                    }
                }
            }
        }
        incompatible.forEach((k, pair) -> in.report(AnomalyType.INCOMPATIBLE_ORDER, List.of(), "key " + k + " was read as "
                + pair.get(0) + " and as " + pair.get(1) + ": neither is a prefix of the other, so " + k + " has no single order"));
        in.lostUpdates(readThenWrote, true);
        for (var e : in.writer.entrySet()) {
            Object key = e.getKey();
            VersionOrder vo = in.orders.computeIfAbsent(key, k -> new VersionOrder(true));
            List<Object> chain = longest.getOrDefault(key, List.of());
            Object prev = VersionOrder.INIT;
            Integer failed = null;
            for (Object v : chain) {
                Integer w = in.writerOf(key, v);
                if (w != null && in.counts(w, observedWriters)) {
                    vo.writer(v, w);
                }
                vo.precedes(prev, v, () -> "the longest read of " + key + " is " + VersionOrder.brief(chain));
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
            Set<Object> inChain = new HashSet<>(chain);
            for (var w : e.getValue().entrySet()) {
                if (!inChain.contains(w.getKey()) && in.txns.get(w.getValue()).type() == Txn.Type.OK) {
                    vo.writer(w.getKey(), w.getValue());
                    boolean only = chain.isEmpty() && e.getValue().size() == 1;
                    Object v = w.getKey();
                    vo.precedes(prev, v, () -> only ? "the only append to " + key
                            : v + " is in no read of " + key + ", so it follows every element read");
                }
            }
        }
        in.edges();
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
        return shorter.size() <= longer.size() && longer.subList(0, shorter.size()).equals(shorter);
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
                boolean ok;
                String expected;
                if (base != null) {
                    List<Object> want = new ArrayList<>(base);
                    want.addAll(mine);
                    ok = read.equals(want);
                    expected = want.toString();
                } else {
                    ok = read.size() >= mine.size() && read.subList(read.size() - mine.size(), read.size()).equals(mine);
                    expected = "[... " + String.join(" ", mine.stream().map(String::valueOf).toList()) + "]";
                }
                if (!ok) {
                    in.report(AnomalyType.INTERNAL, List.of(t), "T" + t.id() + " read " + m.key() + " = " + read
                            + ", but its own earlier reads and appends say it is " + expected);
                }
            }
            known.put(m.key(), read);
            appended.remove(m.key());
        }
    }
}
