package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Elle's inference (Kingsbury and Alvaro, "Elle: inferring isolation anomalies from experimental observations"): the
 * dependency graph of a history's committed transactions, with the anomalies that need no cycle (an aborted read, an
 * intermediate read, incompatible version orders). Values are assumed unique per key (each append or write puts a
 * value no other one puts). An {@code :info} transaction counts as committed when some read observes one of its
 * writes, and then wholly; otherwise it is left out.
 */
final class Dependencies {
    /** Edge kinds, a bit each. */
    static final int WW = 1;
    static final int WR = 2;
    static final int RW = 4;
    static final int RT = 8;

    /** A labelled edge. */
    record Edge(int from, int to, int kind, Object key) {
    }

    final List<Txn> txns;
    /** from → (to → kinds) */
    final List<TreeMap<Integer, Integer>> out = new ArrayList<>();
    final List<Edge> edges = new ArrayList<>();
    final List<SerializabilityChecker.Finding> direct = new ArrayList<>();

    Dependencies(List<Txn> txns) {
        this.txns = txns;
        for (int i = 0; i < txns.size(); i++) {
            out.add(new TreeMap<>());
        }
    }

    void add(int from, int to, int kind, Object key) {
        if (from == to) {
            return;
        }
        Integer had = out.get(from).get(to);
        if (had == null || (had & kind) == 0) {
            out.get(from).merge(to, kind, (a, b) -> a | b);
            neighbourCache.clear();
            edges.add(new Edge(from, to, kind, key));
        }
    }

    private final java.util.HashMap<Long, int[]> neighbourCache = new java.util.HashMap<>();

    /** The successors of {@code u} over edges of {@code kinds}, ascending (cached until an edge is added). */
    int[] neighbours(int u, int kinds) {
        return neighbourCache.computeIfAbsent((long) u << 8 | kinds,
                k -> out.get(u).entrySet().stream().filter(e -> (e.getValue() & kinds) != 0).mapToInt(java.util.Map.Entry::getKey).toArray());
    }

    /** The kinds of the edge from → to (0: none). */
    int kinds(int from, int to) {
        return out.get(from).getOrDefault(to, 0);
    }

    Edge label(int from, int to, int allowed) {
        for (Edge e : edges) {
            if (e.from() == from && e.to() == to && (e.kind() & allowed) != 0) {
                return e;
            }
        }
        return null;
    }

    /** Which transaction wrote (appended or wrote) {@code value} to {@code key}, over every transaction (any type). */
    static Map<List<Object>, Integer> writers(List<Txn> txns) {
        Map<List<Object>, Integer> w = new java.util.HashMap<>();
        for (Txn t : txns) {
            for (Txn.Mop m : t.mops()) {
                if (!m.isRead()) {
                    w.put(java.util.Arrays.asList(m.key(), m.value()), t.id());
                }
            }
        }
        return w;
    }

    static boolean committed(Txn t) {
        return t.type() == Txn.Type.OK;
    }

    /** Real-time order (strict serializability): T1 → the first transaction of each process invoked after T1 completed. */
    void realtime() {
        TreeMap<Long, List<Txn>> byProcess = new TreeMap<>();
        for (Txn t : txns) {
            byProcess.computeIfAbsent(t.process(), k -> new ArrayList<>()).add(t);
        }
        for (Txn t1 : txns) {
            if (t1.type() != Txn.Type.OK) {
                continue;
            }
            for (List<Txn> p : byProcess.values()) { // a process's transactions are in invocation order: binary search
                int lo = 0;
                int hi = p.size();
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (p.get(mid).invoke() > t1.complete()) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                for (int i = lo; i < p.size(); i++) {
                    if (p.get(i).type() == Txn.Type.OK) {
                        add(t1.id(), p.get(i).id(), RT, null);
                        break;
                    }
                }
            }
        }
    }

    static String kindName(int kind) {
        return switch (kind) {
            case WW -> "ww";
            case WR -> "wr";
            case RW -> "rw";
            case RT -> "rt";
            default -> Objects.toString(kind);
        };
    }
}
