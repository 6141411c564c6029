package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Elle's rw-register reading of a history (Elle paper §4.2): a write sets a key, a read returns one value, so reads
 * alone do not order versions. The initial state ({@code nil}) precedes every written value; what else orders them is
 * an assumption about the keys ({@link KeyAssumptions}): writes follow reads (a committed transaction that read v of a
 * key and then wrote v' put v' after v), sequential or linearizable keys (a later transaction of the process, or in
 * real time, sees the key at or after the version an earlier one left), or the database's own commit order. The
 * sources are merged as {@link VersionSources} does, a source that contradicts the others left out. Values no one
 * wrote are reported ({@link AnomalyType#GARBAGE_READ}); internal consistency is checked per transaction.
 */
final class RwRegister {
    private RwRegister() {
    }

    static void infer(Inference in, KeyAssumptions assume) {
        in.indexWrites(false);
        Map<Integer, Map<Object, Object>> readThenWrote = new LinkedHashMap<>();
        for (Txn t : in.txns) {
            if (t.type() != Txn.Type.OK) {
                continue;
            }
            Map<Object, Object> state = new HashMap<>(); // what this transaction knows each key holds
            Set<Object> wrote = new HashSet<>();
            for (Txn.Mop m : t.mops()) {
                Object v = m.value() == null ? VersionOrder.INIT : m.value();
                if (!m.isRead()) {
                    state.put(m.key(), v);
                    wrote.add(m.key());
                    continue;
                }
                if (m.value() instanceof List<?>) {
                    throw new IllegalArgumentException("T" + t.id() + " (process " + t.process() + "): read of " + m.key()
                            + " returned the list " + m.value() + ", but an rw-register read returns one value"
                            + " (is this a list-append history? valid models: txn-list-append, txn-rw-register)");
                }
                if (state.containsKey(m.key()) && !state.get(m.key()).equals(v)) {
                    in.report(AnomalyType.INTERNAL, List.of(t), "T" + t.id() + " read " + m.key() + " = " + m.value()
                            + ", but it had " + (wrote.contains(m.key()) ? "written " : "read ") + state.get(m.key()) + " there");
                }
                if (wrote.contains(m.key()) || state.containsKey(m.key())) {
                    state.put(m.key(), v);
                    continue; // not an external read
                }
                state.put(m.key(), v);
                if (v != VersionOrder.INIT) {
                    Inference.Writes w = in.writes.get(m.key());
                    in.observed(t, m.key(), v, w, w == null ? -1 : w.number(v), m.value());
                    in.intermediate(t, m.key(), v, m.value());
                }
                in.orders.computeIfAbsent(m.key(), k -> new VersionOrder(false)).read(v, t.id());
                if (writes(t, m.key())) {
                    readThenWrote.computeIfAbsent(t.id(), k -> new LinkedHashMap<>()).putIfAbsent(m.key(), v);
                }
            }
        }
        in.lostUpdates(readThenWrote, false);
        VersionSources sources = new VersionSources(in);
        List<VersionSources.Fact> initial = new ArrayList<>();
        in.writes.forEach((key, writes) -> {
            VersionOrder vo = in.orders.computeIfAbsent(key, k -> new VersionOrder(false));
            for (int n = 0; n < writes.count(); n++) {
                int w = writes.writer(n);
                if (in.counts(w) && isFinal(in.txns.get(w), key, writes.value(n))) {
                    vo.writer(writes.value(n), w);
                    initial.add(new VersionSources.Fact(key, VersionOrder.INIT, writes.value(n), () -> "nil, the initial state, precedes every write"));
                }
            }
        });
        for (Txn t : in.txns) { // and every value read (Elle's initial state: a value no one wrote still follows nil)
            if (t.type() == Txn.Type.OK) {
                extReads(t).forEach((key, v) -> {
                    if (v != VersionOrder.INIT) {
                        initial.add(new VersionSources.Fact(key, VersionOrder.INIT, v, () -> "nil, the initial state, precedes every version"));
                    }
                });
            }
        }
        sources.offer("the initial state", initial);
        if (!assume.transactionOrder().isEmpty()) {
            sources.offer("the transaction order", transactionOrder(in.txns, assume.transactionOrder()));
        }
        if (assume.wfrKeys()) {
            List<VersionSources.Fact> wfr = new ArrayList<>();
            readThenWrote.forEach((t, reads) -> reads.forEach((key, v) -> {
                Object wrote = finalWrite(in.txns.get(t), key);
                if (v != VersionOrder.INIT) { // nil precedes it anyway
                    wfr.add(new VersionSources.Fact(key, v, wrote, () -> "T" + t + " read " + v + " then wrote " + wrote
                            + ": writes follow reads"));
                }
            }));
            sources.offer("writes-follow-reads", wfr);
        }
        if (assume.sequentialKeys()) {
            sources.offer("sequential keys", sequentialKeys(in.txns));
        }
        if (assume.linearizableKeys()) {
            sources.offer("linearizable keys", linearizableKeys(in.txns));
        }
        sources.apply();
        in.edges();
    }

    /** Each key's external writes in the given commit order: each directly precedes the next one's. */
    private static List<VersionSources.Fact> transactionOrder(List<Txn> txns, Map<Long, Long> order) {
        Map<Object, java.util.TreeMap<Long, Integer>> byKey = new LinkedHashMap<>();
        for (Txn t : txns) {
            Long place = t.type() == Txn.Type.OK ? order.get(t.complete()) : null;
            if (place != null) {
                for (Object key : extWrites(t).keySet()) {
                    byKey.computeIfAbsent(key, k -> new java.util.TreeMap<>()).put(place, t.id());
                }
            }
        }
        List<VersionSources.Fact> facts = new ArrayList<>();
        byKey.forEach((key, writers) -> {
            Integer previous = null;
            for (int t : writers.values()) {
                if (previous != null) {
                    int a = previous;
                    Object v1 = extWrites(txns.get(a)).get(key);
                    Object v2 = extWrites(txns.get(t)).get(key);
                    if (!v1.equals(v2)) {
                        facts.add(new VersionSources.Fact(key, v1, v2, () -> "T" + a + " committed before T" + t
                                + " in the transaction order given"));
                    }
                }
                previous = t;
            }
        });
        return facts;
    }

    /**
     * Process order (Elle's process graph: each committed transaction of a process before its next one): the version of
     * a key a transaction left precedes the one the next transaction of its process that touches the key first met.
     */
    private static List<VersionSources.Fact> sequentialKeys(List<Txn> txns) {
        Map<Long, List<Txn>> byProcess = new LinkedHashMap<>();
        for (Txn t : txns) {
            if (t.type() == Txn.Type.OK) {
                byProcess.computeIfAbsent(t.process(), p -> new ArrayList<>()).add(t);
            }
        }
        List<VersionSources.Fact> facts = new ArrayList<>();
        byProcess.forEach((process, chain) -> {
            Map<Object, Txn> nextTouch = new HashMap<>();
            for (int i = chain.size() - 1; i >= 0; i--) {
                Txn a = chain.get(i);
                Map<Object, Object> left = lastValues(a);
                for (Object key : left.keySet()) {
                    Txn b = nextTouch.get(key);
                    if (b != null) {
                        link(facts, key, a, left.get(key), b, () -> "process " + process + " ran T" + a.id() + " before T" + b.id()
                                + ", and keys are sequential");
                    }
                }
                left.keySet().forEach(k -> nextTouch.put(k, a));
            }
        });
        return facts;
    }

    /**
     * Real-time order (committed transactions): the version of a key a transaction left precedes the one first met by
     * each nearest transaction after it in real time that touches the key (found back to front, each transaction's
     * nearest ones per key computed once from its successors').
     */
    private static List<VersionSources.Fact> linearizableKeys(List<Txn> txns) {
        List<List<Integer>> next = new ArrayList<>();
        txns.forEach(t -> next.add(new ArrayList<>()));
        Dependencies.realtimeOrder(txns, (from, to) -> next.get(from).add(to));
        List<Txn> ok = new ArrayList<>(txns.stream().filter(t -> t.type() == Txn.Type.OK).toList());
        ok.sort(java.util.Comparator.comparingLong(Txn::complete).reversed()); // successors complete later
        List<Map<Object, Set<Integer>>> nearest = new ArrayList<>();
        txns.forEach(t -> nearest.add(null));
        List<VersionSources.Fact> facts = new ArrayList<>();
        for (Txn a : ok) {
            Map<Object, Set<Integer>> mine = new LinkedHashMap<>();
            for (int s : next.get(a.id())) {
                Set<Object> touched = lastValues(txns.get(s)).keySet();
                touched.forEach(k -> mine.computeIfAbsent(k, x -> new java.util.LinkedHashSet<>()).add(s));
                nearest.get(s).forEach((k, beyond) -> {
                    if (!touched.contains(k)) {
                        mine.computeIfAbsent(k, x -> new java.util.LinkedHashSet<>()).addAll(beyond);
                    }
                });
            }
            nearest.set(a.id(), mine);
            Map<Object, Object> left = lastValues(a);
            left.forEach((key, v1) -> {
                for (int b : mine.getOrDefault(key, Set.of())) {
                    link(facts, key, a, v1, txns.get(b), () -> "T" + a.id() + " completed before T" + b + " began, and keys are linearizable");
                }
            });
        }
        return facts;
    }

    /** v1 (what {@code a} left of the key) precedes what {@code b} first met of it, unless they are one version. */
    private static void link(List<VersionSources.Fact> facts, Object key, Txn a, Object v1, Txn b, Supplier<String> why) {
        Object v2 = firstValues(b).get(key);
        if (v2 != null && !v1.equals(v2)) {
            facts.add(new VersionSources.Fact(key, v1, v2, why));
        }
    }

    /** Per key a committed transaction touched: the version it left (its last write, else its external read; nil: INIT). */
    private static Map<Object, Object> lastValues(Txn t) {
        Map<Object, Object> out = new LinkedHashMap<>(extReads(t));
        out.putAll(extWrites(t));
        return out;
    }

    /** Per key a committed transaction touched: the version it first met (its external read, else its last write). */
    private static Map<Object, Object> firstValues(Txn t) {
        Map<Object, Object> out = new LinkedHashMap<>(extWrites(t));
        out.putAll(extReads(t));
        return out;
    }

    /** Per key, the first value read before any write of it in {@code t} (nil: {@link VersionOrder#INIT}). */
    static Map<Object, Object> extReads(Txn t) {
        Map<Object, Object> out = new LinkedHashMap<>();
        Set<Object> written = new HashSet<>();
        for (Txn.Mop m : t.mops()) {
            if (!m.isRead()) {
                written.add(m.key());
            } else if (!written.contains(m.key()) && !out.containsKey(m.key())) {
                out.put(m.key(), m.value() == null ? VersionOrder.INIT : m.value());
            }
        }
        return out;
    }

    /** Per key, the last value {@code t} wrote to it. */
    static Map<Object, Object> extWrites(Txn t) {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Txn.Mop m : t.mops()) {
            if (!m.isRead()) {
                out.put(m.key(), m.value());
            }
        }
        return out;
    }

    private static boolean writes(Txn t, Object key) {
        for (Txn.Mop m : t.mops()) {
            if (!m.isRead() && m.key().equals(key)) {
                return true;
            }
        }
        return false;
    }

    private static Object finalWrite(Txn t, Object key) {
        Object v = null;
        for (Txn.Mop m : t.mops()) {
            if (!m.isRead() && m.key().equals(key)) {
                v = m.value();
            }
        }
        return v;
    }

    private static boolean isFinal(Txn t, Object key, Object value) {
        return value.equals(finalWrite(t, key));
    }
}
