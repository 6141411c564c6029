package io.rdasuite.linearizability.txn;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Elle's rw-register reading of a history (Elle paper §4.2): a write sets a key, a read returns one value, so reads
 * alone do not order versions. Two facts do: the initial state ({@code nil}) precedes every written value, and
 * writes follow reads, so a committed transaction that read v of a key and then wrote v' put v' after v. Values no
 * one wrote are reported ({@link AnomalyType#GARBAGE_READ}); internal consistency is checked per transaction.
 */
final class RwRegister {
    private RwRegister() {
    }

    static void infer(Inference in) {
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
        in.writes.forEach((key, writes) -> {
            VersionOrder vo = in.orders.computeIfAbsent(key, k -> new VersionOrder(false));
            for (int n = 0; n < writes.count(); n++) {
                int w = writes.writer(n);
                if (in.counts(w) && isFinal(in.txns.get(w), key, writes.value(n))) {
                    vo.writer(writes.value(n), w);
                    vo.precedes(VersionOrder.INIT, writes.value(n), () -> "nil, the initial state, precedes every write");
                }
            }
        });
        readThenWrote.forEach((t, reads) -> reads.forEach((key, v) -> {
            Object wrote = finalWrite(in.txns.get(t), key);
            in.orders.get(key).precedes(v, wrote, () -> "T" + t + " read " + (v == VersionOrder.INIT ? "nil" : v) + " then wrote " + wrote
                    + ": writes follow reads");
        }));
        in.edges();
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
