package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The inference steps both data models share (Elle paper §4-5), fed by a data model's reading of each transaction: who
 * wrote each (key, value) and whether that write was the writer's last of the key; the aborted reads (G1a), the
 * intermediate reads (G1b), the lost updates, and the ww/wr/rw edges of each key's version order. It checks its own
 * assumption too: every (key, value) is written once, else reads cannot name their writer and the history is
 * undecided ({@link AnomalyType#DUPLICATE_WRITE}).
 */
final class Inference {
    final List<Txn> txns;
    final Dependencies graph;
    final List<Anomaly> found = new ArrayList<>();
    /** key → value → the transaction that wrote (appended) it. */
    final Map<Object, Map<Object, Integer>> writer = new LinkedHashMap<>();
    /** key → value → whether it was its writer's last write of the key. */
    private final Map<Object, Map<Object, Boolean>> last = new HashMap<>();
    /** key → its version order. */
    final Map<Object, VersionOrder> orders = new LinkedHashMap<>();

    Inference(List<Txn> txns) {
        this.txns = txns;
        this.graph = new Dependencies(txns);
    }

    void report(AnomalyType type, List<Txn> concerned, String explanation) {
        found.add(new Anomaly(type, concerned, List.of(), explanation));
    }

    /** Step 1: index every write; a second write of one (key, value) by another transaction is reported and kept out. */
    void indexWrites(boolean list) {
        for (Txn t : txns) {
            Map<Object, Object> lastOfKey = new HashMap<>();
            for (Txn.Mop m : t.mops()) {
                if (!m.isRead()) {
                    lastOfKey.put(m.key(), m.value());
                }
            }
            for (Txn.Mop m : t.mops()) {
                if (m.isRead()) {
                    continue;
                }
                Map<Object, Integer> w = writer.computeIfAbsent(m.key(), k -> new LinkedHashMap<>());
                Integer had = w.get(m.value());
                boolean isLast = lastOfKey.get(m.key()).equals(m.value());
                if (had != null && (had != t.id() || list)) {
                    report(AnomalyType.DUPLICATE_WRITE, List.of(txns.get(had), t), "T" + had + " and T" + t.id() + " both "
                            + (list ? "appended " + m.value() + " to " : "wrote " + m.value() + " to ") + m.key()
                            + ": the checker assumes each value is written once per key, so reads of it cannot be traced to a writer");
                    continue;
                }
                w.put(m.value(), t.id());
                last.computeIfAbsent(m.key(), k -> new HashMap<>()).merge(m.value(), isLast, Boolean::logicalOr);
            }
        }
    }

    Integer writerOf(Object key, Object value) {
        Map<Object, Integer> w = writer.get(key);
        return w == null ? null : w.get(value);
    }

    /** Step 2 (per value a read observed): G1a when its writer aborted; a garbage read when no one wrote it. */
    void observed(Txn reader, Object key, Object value, java.util.function.Supplier<String> what) {
        Integer w = writerOf(key, value);
        if (w == null) {
            report(AnomalyType.GARBAGE_READ, List.of(reader), "T" + reader.id() + " read " + what.get() + ", but no transaction wrote "
                    + value + " to " + key);
        } else if (txns.get(w).type() == Txn.Type.FAIL) {
            report(AnomalyType.G1A, List.of(reader, txns.get(w)), "T" + reader.id() + " read " + what.get() + ", but " + value
                    + " was written by T" + w + ", which aborted");
        }
    }

    /** Step 3 (per external read of a version): G1b when the version was another transaction's intermediate write. */
    void intermediate(Txn reader, Object key, Object version, java.util.function.Supplier<String> what) {
        Integer w = writerOf(key, version);
        if (w != null && w != reader.id() && !last.get(key).get(version) && txns.get(w).type() != Txn.Type.FAIL) {
            report(AnomalyType.G1B, List.of(reader, txns.get(w)), "T" + reader.id() + " read " + what.get() + ", but T" + w
                    + " wrote " + version + " to " + key + " and then wrote " + key + " again: an intermediate state");
        }
    }

    /** Whether a transaction's write took effect: committed, or pending and observed by some read. */
    boolean counts(Integer w, java.util.Set<Integer> observed) {
        if (w == null) {
            return false;
        }
        Txn.Type type = txns.get(w).type();
        return type == Txn.Type.OK || type == Txn.Type.INFO && observed.contains(w);
    }

    /**
     * Step 4: lost updates. {@code externalReads} is, per committed transaction, key → the version it read before writing
     * the key; two transactions that read one version of a key and both wrote it lost one of the updates.
     */
    void lostUpdates(Map<Integer, Map<Object, Object>> readThenWrote, boolean list) {
        Map<List<Object>, List<Integer>> groups = new LinkedHashMap<>();
        readThenWrote.forEach((t, m) -> m.forEach((k, v) -> groups.computeIfAbsent(java.util.Arrays.asList(k, v),
                x -> new ArrayList<>()).add(t)));
        groups.forEach((kv, ts) -> {
            if (ts.size() > 1) {
                Object v = kv.get(1) == VersionOrder.INIT ? (list ? "[]" : "nil") : kv.get(1);
                report(AnomalyType.LOST_UPDATE, ts.stream().map(txns::get).toList(), "T" + String.join(", T",
                        ts.stream().map(String::valueOf).toList()) + " all read " + kv.get(0) + " = " + v
                        + " and each wrote " + kv.get(0) + ": all but one of those updates was lost");
            }
        });
    }

    /** Step 5: the ww/wr/rw edges of every key's version order. */
    void edges() {
        orders.forEach(graph::fromVersionOrder);
    }
}
