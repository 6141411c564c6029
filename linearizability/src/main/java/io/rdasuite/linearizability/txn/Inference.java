package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.Arrays;
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
    /** key → its writes, keys in the order first written. */
    final Map<Object, Writes> writes = new LinkedHashMap<>();
    /** key → its version order. */
    final Map<Object, VersionOrder> orders = new LinkedHashMap<>();
    /** Per transaction: some read observed one of its writes (a pending transaction's writes then took effect). */
    final boolean[] observed;

    /**
     * One key's writes: each value written, numbered in the order first written, with its writer and whether that write
     * was the writer's last of the key. A read looks each element up once, by its number thereafter.
     */
    static final class Writes {
        private final Map<Object, Integer> numbers = new HashMap<>();
        private Object[] values = new Object[4];
        private int[] writers = new int[4];
        private boolean[] last = new boolean[4];
        private int count;
        /** Per value, the last read that met it (duplicate elements within one read); see {@link #meet}. */
        private int[] met;

        int count() {
            return count;
        }

        /** The value's number, or -1 when no transaction wrote it. */
        int number(Object value) {
            Integer n = numbers.get(value);
            return n == null ? -1 : n;
        }

        Object value(int n) {
            return values[n];
        }

        int writer(int n) {
            return writers[n];
        }

        boolean last(int n) {
            return last[n];
        }

        private void add(Object value, int writer, boolean isLast) {
            if (count == values.length) {
                values = Arrays.copyOf(values, 2 * count);
                writers = Arrays.copyOf(writers, 2 * count);
                last = Arrays.copyOf(last, 2 * count);
            }
            numbers.put(value, count);
            values[count] = value;
            writers[count] = writer;
            last[count++] = isLast;
        }

        /** Whether read number {@code read} (increasing over the history) met value {@code n} before; marks it met. */
        boolean meet(int n, int read) {
            if (met == null) {
                met = new int[count];
                Arrays.fill(met, -1);
            }
            boolean again = met[n] == read;
            met[n] = read;
            return again;
        }
    }

    Inference(List<Txn> txns) {
        this.txns = txns;
        this.graph = new Dependencies(txns);
        this.observed = new boolean[txns.size()];
    }

    void report(AnomalyType type, List<Txn> concerned, String explanation) {
        found.add(new Anomaly(type, concerned, List.of(), explanation));
    }

    /** Step 1: index every write; a second write of one (key, value) by another transaction is reported and kept out. */
    void indexWrites(boolean list) {
        for (Txn t : txns) {
            Map<Object, Object> lastOfKey = null;
            for (Txn.Mop m : t.mops()) {
                if (!m.isRead()) {
                    if (lastOfKey == null) {
                        lastOfKey = new HashMap<>();
                    }
                    lastOfKey.put(m.key(), m.value());
                }
            }
            if (lastOfKey == null) {
                continue;
            }
            for (Txn.Mop m : t.mops()) {
                if (m.isRead()) {
                    continue;
                }
                Writes w = writes.computeIfAbsent(m.key(), k -> new Writes());
                int had = w.number(m.value());
                boolean isLast = lastOfKey.get(m.key()).equals(m.value());
                if (had < 0) {
                    w.add(m.value(), t.id(), isLast);
                } else if (w.writer(had) != t.id() || list) {
                    report(AnomalyType.DUPLICATE_WRITE, List.of(txns.get(w.writer(had)), t), "T" + w.writer(had) + " and T" + t.id()
                            + " both " + (list ? "appended " + m.value() + " to " : "wrote " + m.value() + " to ") + m.key()
                            + ": the checker assumes each value is written once per key, so reads of it cannot be traced to a writer");
                } else {
                    w.last[had] |= isLast;
                }
            }
        }
    }

    Integer writerOf(Object key, Object value) {
        Writes w = writes.get(key);
        int n = w == null ? -1 : w.number(value);
        return n < 0 ? null : w.writer(n);
    }

    /**
     * Step 2 (per value a read observed): G1a when its writer aborted; a garbage read when no one wrote it. {@code n} is
     * the value's number in {@code w} (-1: none); {@code read} is what the read returned, for the explanation.
     */
    void observed(Txn reader, Object key, Object value, Writes w, int n, Object read) {
        if (n < 0) {
            report(AnomalyType.GARBAGE_READ, List.of(reader), "T" + reader.id() + " read " + key + " = " + read
                    + ", but no transaction wrote " + value + " to " + key);
            return;
        }
        int writer = w.writer(n);
        observed[writer] = true;
        if (txns.get(writer).type() == Txn.Type.FAIL) {
            report(AnomalyType.G1A, List.of(reader, txns.get(writer)), "T" + reader.id() + " read " + key + " = " + read
                    + ", but " + value + " was written by T" + writer + ", which aborted");
        }
    }

    /** Step 3 (per external read of a version): G1b when the version was another transaction's intermediate write. */
    void intermediate(Txn reader, Object key, Object version, Object read) {
        Writes w = writes.get(key);
        int n = w == null ? -1 : w.number(version);
        if (n < 0) {
            return;
        }
        int writer = w.writer(n);
        if (writer != reader.id() && !w.last(n) && txns.get(writer).type() != Txn.Type.FAIL) {
            report(AnomalyType.G1B, List.of(reader, txns.get(writer)), "T" + reader.id() + " read " + key + " = " + read + ", but T"
                    + writer + " wrote " + version + " to " + key + " and then wrote " + key + " again: an intermediate state");
        }
    }

    /** Whether a transaction's write took effect: committed, or pending and observed by some read. */
    boolean counts(int w) {
        Txn.Type type = txns.get(w).type();
        return type == Txn.Type.OK || type == Txn.Type.INFO && observed[w];
    }

    /**
     * Step 4: lost updates. {@code readThenWrote} is, per committed transaction, key → the version it read before writing
     * the key; two transactions that read one version of a key and both wrote it lost one of the updates.
     */
    void lostUpdates(Map<Integer, Map<Object, Object>> readThenWrote, boolean list) {
        Map<List<Object>, List<Integer>> groups = new LinkedHashMap<>();
        readThenWrote.forEach((t, m) -> m.forEach((k, v) -> groups.computeIfAbsent(Arrays.asList(k, v),
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

    /** Per key, the position of {@code t}'s first write of it (reads before it are external: they saw others' writes). */
    static Map<Object, Integer> firstWrites(Txn t) {
        Map<Object, Integer> first = null;
        List<Txn.Mop> mops = t.mops();
        for (int i = 0; i < mops.size(); i++) {
            if (!mops.get(i).isRead()) {
                if (first == null) {
                    first = new HashMap<>();
                }
                first.putIfAbsent(mops.get(i).key(), i);
            }
        }
        return first == null ? java.util.Collections.emptyMap() : first;
    }
}
