package io.rdasuite.linearizability.txn;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The dependency graph of a history's transactions (Adya's DSG, Elle paper §3): ww, wr and rw edges inferred from the
 * version orders, plus process-order and real-time edges when the consistency models asked for need them. Each edge
 * keeps the first cause it was added for, put in words only when a cycle shows the edge. Once built, {@link #freeze()}
 * turns it into sorted adjacency arrays for the cycle search.
 */
final class Dependencies {
    /** Edge kinds, a bit each, in the order an edge with several is explained by (Elle: data dependencies first). */
    static final int WW = 1;
    static final int WR = 2;
    static final int RW = 4;
    static final int PROCESS = 8;
    static final int RT = 16;
    static final int DATA = WW | WR | RW;
    private static final int KINDS = 5;

    final List<Txn> txns;
    /** Each ordered pair with an edge, numbered in the order first added; per number its kinds and their causes. */
    private final PairTable pairs = new PairTable();
    private int[] kindsOf = new int[64];
    private Cause[] causes = new Cause[64 * KINDS];
    /** Frozen adjacency: successors of u are {@code to[off[u] .. off[u+1])}, ascending, with their kinds. */
    int[] off;
    int[] to;
    int[] kindOf;

    /**
     * What a data edge was first added for: a key's version order, a version of it and (ww, rw) the version after it.
     * Kept as these facts and put in words only for the edges a cycle shows; order edges need none.
     */
    private record Cause(Object key, VersionOrder order, Object version, Object next) {
    }

    Dependencies(List<Txn> txns) {
        this.txns = txns;
    }

    int size() {
        return txns.size();
    }

    int edgeCount() {
        return pairs.size();
    }

    /** Adds the edge from → to of {@code kind}; the first one of its kind keeps its cause ({@code key} null: none). */
    void add(int from, int to, int kind, Object key, VersionOrder order, Object version, Object next) {
        if (from == to) {
            return;
        }
        int slot = pairs.add(from, to);
        if (slot == kindsOf.length) {
            kindsOf = Arrays.copyOf(kindsOf, 2 * slot);
            causes = Arrays.copyOf(causes, 2 * slot * KINDS);
        }
        int had = kindsOf[slot];
        if ((had & kind) == 0) {
            kindsOf[slot] = had | kind;
            if (key != null) {
                causes[slot * KINDS + Integer.numberOfTrailingZeros(kind)] = new Cause(key, order, version, next);
            }
        }
    }

    /** The kinds of the edge from → to (0: none). */
    int kinds(int from, int to) {
        int slot = pairs.find(from, to);
        return slot < 0 ? 0 : kindsOf[slot];
    }

    /** The edge from → to as a step of a cycle, explained by its first cause of {@code kind}. */
    Anomaly.Step step(int from, int to, int kind) {
        int slot = pairs.find(from, to);
        Cause c = slot < 0 ? null : causes[slot * KINDS + Integer.numberOfTrailingZeros(kind)];
        return new Anomaly.Step(from, to, kindName(kind), c == null ? null : c.key(), why(from, to, kind, c));
    }

    private String why(int from, int to, int kind, Cause c) {
        return switch (kind) {
            case WR -> "T" + to + " read " + c.order().show(c.key(), c.version()) + ", written by T" + from;
            case WW -> "T" + from + " wrote " + c.order().show(c.key(), c.version()) + " and T" + to + " wrote "
                    + c.order().show(c.key(), c.next()) + ", the next version (" + c.order().source(c.version(), c.next()) + ")";
            case RW -> "T" + from + " read " + c.order().show(c.key(), c.version()) + " and T" + to + " wrote "
                    + c.order().show(c.key(), c.next()) + ", the next version (" + c.order().source(c.version(), c.next()) + "), which T"
                    + from + " did not see";
            case PROCESS -> "process " + txns.get(to).process() + " ran T" + from + " before T" + to;
            default -> "T" + from + " completed before T" + to + " began";
        };
    }

    void freeze() {
        int n = txns.size();
        int m = pairs.size();
        off = new int[n + 1];
        for (int slot = 0; slot < m; slot++) {
            off[(int) (pairs.pair(slot) >>> 32) + 1]++;
        }
        for (int i = 0; i < n; i++) {
            off[i + 1] += off[i];
        }
        long[] row = new long[m]; // per source, its edges as (target << 32 | slot), sorted by target within the row
        int[] fill = Arrays.copyOf(off, n);
        for (int slot = 0; slot < m; slot++) {
            long p = pairs.pair(slot);
            row[fill[(int) (p >>> 32)]++] = p << 32 | slot;
        }
        to = new int[m];
        kindOf = new int[m];
        for (int u = 0; u < n; u++) {
            if (off[u + 1] - off[u] > 1) {
                Arrays.sort(row, off[u], off[u + 1]);
            }
        }
        for (int i = 0; i < m; i++) {
            to[i] = (int) (row[i] >>> 32);
            kindOf[i] = kindsOf[(int) row[i]];
        }
    }

    // ---- the edges every data model shares ----------------------------------------------------------------------

    /**
     * ww, wr and rw edges from one key's version order: for each version v and each version v' directly after it, the
     * writer of v precedes the writer of v' (ww), the writer of v precedes each reader of v (wr), and each reader of v
     * precedes the writer of v' (rw: it read a state v' overwrote).
     */
    void fromVersionOrder(Object key, VersionOrder order) {
        order.readers.forEach((v, readers) -> {
            Integer w = order.writer(v);
            if (w != null) {
                for (int r : readers) {
                    add(w, r, WR, key, order, v, null);
                }
            }
        });
        order.next.forEach((v, successors) -> {
            Integer w = order.writer(v);
            List<Integer> readers = order.readers.getOrDefault(v, List.of());
            for (VersionOrder.Successor s : successors) {
                Integer w2 = order.writer(s.version());
                if (w2 == null) {
                    continue;
                }
                if (w != null) {
                    add(w, w2, WW, key, order, v, s.version());
                }
                for (int r : readers) {
                    add(r, w2, RW, key, order, v, s.version());
                }
            }
        });
    }

    /** Process order: each committed transaction precedes the next one of its process (Elle's process graph: sessions). */
    void processOrder() {
        Map<Long, Integer> last = new HashMap<>();
        for (Txn t : txns) {
            if (t.type() == Txn.Type.OK) {
                Integer prev = last.put(t.process(), t.id());
                if (prev != null) {
                    add(prev, t.id(), PROCESS, null, null, null, null);
                }
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
        long[] events = realtimeEvents();
        int[] frontier = new int[events.length / 2];
        int size = 0;
        int[] at = new int[txns.size()]; // each transaction's position in the frontier, -1 outside it
        Arrays.fill(at, -1);
        int[][] linked = new int[txns.size()][];
        for (long e : events) {
            int t = (int) e;
            if ((e >>> 32 & 1) == 0) { // invoked
                linked[t] = Arrays.copyOf(frontier, size);
                for (int f : linked[t]) {
                    add(f, t, RT, null, null, null, null);
                }
            } else { // completed
                for (int f : linked[t]) {
                    if (at[f] >= 0) {
                        int last = frontier[--size];
                        frontier[at[f]] = last;
                        at[last] = at[f];
                        at[f] = -1;
                    }
                }
                linked[t] = null;
                at[t] = size;
                frontier[size++] = t;
            }
        }
    }

    /**
     * The invocations and completions of the committed transactions, in history order (an invocation first when a
     * transaction known only by its completion has both at one index): {@code (rank of the index << 1 | 0 invoke / 1
     * complete) << 32 | txn}, sorted; ranks, not indices, so any long index fits.
     */
    private long[] realtimeEvents() {
        int m = 0;
        long[] times = new long[2 * txns.size()];
        for (Txn t : txns) {
            if (t.type() == Txn.Type.OK) {
                times[m++] = t.invoke();
                times[m++] = t.complete();
            }
        }
        long[] distinct = Arrays.copyOf(times, m);
        Arrays.sort(distinct);
        long[] events = new long[m];
        int i = 0;
        for (Txn t : txns) {
            if (t.type() == Txn.Type.OK) {
                events[i++] = (long) Arrays.binarySearch(distinct, t.invoke()) << 33 | t.id();
                events[i++] = ((long) Arrays.binarySearch(distinct, t.complete()) << 1 | 1) << 32 | t.id();
            }
        }
        Arrays.sort(events);
        return events;
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
