package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The dependency graph of a history's transactions (Adya's DSG, Elle paper §3): ww, wr and rw edges inferred from the
 * version orders, plus process-order and real-time edges when the consistency models asked for need them. Each edge
 * keeps the first reason it was added for, to explain a cycle in words. Once built, {@link #freeze()} turns it into
 * sorted adjacency arrays for the cycle search.
 */
final class Dependencies {
    /** Edge kinds, a bit each, in the order an edge with several is explained by (Elle: data dependencies first). */
    static final int WW = 1;
    static final int WR = 2;
    static final int RW = 4;
    static final int PROCESS = 8;
    static final int RT = 16;
    static final int DATA = WW | WR | RW;

    final List<Txn> txns;
    private final HashMap<Long, Integer> kinds = new HashMap<>();
    private final HashMap<Long, String> why = new HashMap<>();
    private final HashMap<Long, Object> keyOf = new HashMap<>();
    /** Frozen adjacency: successors of u are {@code to[off[u] .. off[u+1])}, ascending, with their kinds. */
    int[] off;
    int[] to;
    int[] kindOf;

    Dependencies(List<Txn> txns) {
        this.txns = txns;
    }

    int size() {
        return txns.size();
    }

    int edgeCount() {
        return kinds.size();
    }

    void add(int from, int to, int kind, Object key, java.util.function.Supplier<String> reason) {
        if (from == to) {
            return;
        }
        long pair = (long) from << 32 | to;
        int had = kinds.getOrDefault(pair, 0);
        if ((had & kind) == 0) {
            kinds.put(pair, had | kind);
            long k = pair * 32 + kind;
            why.put(k, reason.get());
            keyOf.put(k, key);
        }
    }

    /** The kinds of the edge from → to (0: none). */
    int kinds(int from, int to) {
        return kinds.getOrDefault((long) from << 32 | to, 0);
    }

    Anomaly.Step step(int from, int to, int kind) {
        long k = ((long) from << 32 | to) * 32 + kind;
        return new Anomaly.Step(from, to, kindName(kind), keyOf.get(k), why.get(k));
    }

    void freeze() {
        int n = txns.size();
        long[] pairs = kinds.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
        off = new int[n + 1];
        to = new int[pairs.length];
        kindOf = new int[pairs.length];
        for (long p : pairs) {
            off[(int) (p >>> 32) + 1]++;
        }
        for (int i = 0; i < n; i++) {
            off[i + 1] += off[i];
        }
        for (int i = 0; i < pairs.length; i++) { // sorted by (from, to): positions follow in order
            to[i] = (int) pairs[i];
            kindOf[i] = kinds.get(pairs[i]);
        }
    }

    // ---- the edges every data model shares ----------------------------------------------------------------------

    /**
     * ww, wr and rw edges from one key's version order: for each version v and each version v' directly after it, the
     * writer of v precedes the writer of v' (ww), the writer of v precedes each reader of v (wr), and each reader of v
     * precedes the writer of v' (rw: it read a state v' overwrote).
     */
    void fromVersionOrder(Object key, VersionOrder order) {
        for (Map.Entry<Object, List<Integer>> e : order.readers.entrySet()) {
            Object v = e.getKey();
            Integer w = order.writer(v);
            for (int r : e.getValue()) {
                if (w != null) {
                    int wf = w;
                    add(w, r, WR, key, () -> "T" + r + " read " + order.show(key, v) + ", written by T" + wf);
                }
            }
        }
        for (Map.Entry<Object, List<Object>> e : order.next.entrySet()) {
            Object v = e.getKey();
            Integer w = order.writer(v);
            List<Integer> readers = order.readers.getOrDefault(v, List.of());
            for (Object v2 : e.getValue()) {
                Integer w2 = order.writer(v2);
                if (w2 == null) {
                    continue;
                }
                int wf2 = w2;
                if (w != null) {
                    int wf = w;
                    add(w, w2, WW, key, () -> "T" + wf + " wrote " + order.show(key, v) + " and T" + wf2 + " wrote "
                            + order.show(key, v2) + ", the next version (" + order.source(v, v2) + ")");
                }
                for (int r : readers) {
                    add(r, w2, RW, key, () -> "T" + r + " read " + order.show(key, v) + " and T" + wf2 + " wrote "
                            + order.show(key, v2) + ", the next version (" + order.source(v, v2) + "), which T" + r
                            + " did not see");
                }
            }
        }
    }

    /** Process order: each committed transaction precedes the next one of its process (Elle's process graph: sessions). */
    void processOrder() {
        TreeMap<Long, Integer> last = new TreeMap<>();
        for (Txn t : txns) {
            if (t.type() != Txn.Type.OK) {
                continue;
            }
            Integer prev = last.put(t.process(), t.id());
            if (prev != null) {
                int p = prev;
                add(p, t.id(), PROCESS, null, () -> "process " + t.process() + " ran T" + p + " before T" + t.id());
            }
        }
    }

    /**
     * Real-time order (Elle's realtime graph): T1 precedes every committed transaction invoked after T1 completed. Kept
     * transitively reduced as Elle keeps it, sweeping the history once: a transaction's invocation links it to the
     * frontier (the committed transactions completed so far that no later completion follows); its completion joins the
     * frontier and retires the ones it was linked to, which now precede everything through it. The closure is the whole
     * real-time order, and a cycle's steps name data dependencies wherever the two agree.
     */
    void realtime() {
        List<long[]> events = new ArrayList<>(); // {history index, 0 invoke / 1 complete, txn}
        for (Txn t : txns) {
            if (t.type() == Txn.Type.OK) {
                events.add(new long[] {t.invoke(), 0, t.id()});
                events.add(new long[] {t.complete(), 1, t.id()});
            }
        }
        events.sort(java.util.Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        java.util.LinkedHashSet<Integer> frontier = new java.util.LinkedHashSet<>();
        Map<Integer, List<Integer>> seen = new HashMap<>();
        for (long[] e : events) {
            int t = (int) e[2];
            if (e[1] == 0) {
                List<Integer> before = List.copyOf(frontier);
                seen.put(t, before);
                for (int f : before) {
                    add(f, t, RT, null, () -> "T" + f + " completed before T" + t + " began");
                }
            } else {
                seen.remove(t).forEach(frontier::remove);
                frontier.add(t);
            }
        }
    }

    static String kindName(int kind) {
        return switch (kind) {
            case WW -> "ww";
            case WR -> "wr";
            case RW -> "rw";
            case PROCESS -> "process";
            case RT -> "realtime";
            default -> Integer.toString(kind);
        };
    }
}
