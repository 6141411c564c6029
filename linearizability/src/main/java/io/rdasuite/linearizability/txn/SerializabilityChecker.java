package io.rdasuite.linearizability.txn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An Elle-style serializability checker for transactional histories over list-append or read-write registers: it
 * infers write-write, write-read and read-write (anti-)dependencies between committed transactions, then looks for
 * cycles and names the anomaly of the most specific one (Adya's classes as Elle reports them): G0 (write cycle),
 * G1c (cycle of writes and reads), G-single (exactly one anti-dependency), G2-item (several); with real-time edges for
 * strict serializability, a cycle that needs one is the same class with {@code -realtime}. Anomalies that need no
 * cycle: G1a (aborted read), G1b (intermediate read), incompatible-order (two reads of one list neither a prefix of
 * the other).
 */
public final class SerializabilityChecker {
    /** The two data models. */
    public enum Model {
        /** Lists, to which a transaction appends; a read returns the whole list (Elle's list-append). */
        LIST_APPEND,
        /** Registers: write a value, read the value (Elle's rw-register). */
        RW_REGISTER
    }

    /** One anomaly: its name, the transactions of its cycle (or the one concerned), the edges, a sentence. */
    public record Finding(String anomaly, List<Txn> txns, List<String> steps, String explanation) {
    }

    /** The verdict: serializable (strictly, when asked) or the anomalies found. */
    public record Result(boolean valid, List<Finding> anomalies, int transactions, int edges) {
    }

    private SerializabilityChecker() {
    }

    public static Result check(List<Txn> txns, Model model, boolean strict) {
        Dependencies g = new Dependencies(txns);
        if (model == Model.LIST_APPEND) {
            inferListAppend(g);
        } else {
            inferRegisters(g);
        }
        List<Finding> found = new ArrayList<>(g.direct);
        Finding cycle = cycle(g, false);
        if (cycle != null) {
            found.add(cycle);
        } else if (strict) {
            g.realtime();
            Finding rt = cycle(g, true);
            if (rt != null) {
                found.add(rt);
            }
        }
        return new Result(found.isEmpty(), found, txns.size(), g.edges.size());
    }

    // ---- list-append -----------------------------------------------------------------------------------------------

    private static void inferListAppend(Dependencies g) {
        List<Txn> txns = g.txns;
        Map<List<Object>, Integer> writer = Dependencies.writers(txns);
        TreeMap<String, List<Object>> longest = new TreeMap<>();
        TreeMap<String, Object> keys = new TreeMap<>();
        for (Txn t : txns) {
            if (t.type() != Txn.Type.OK) {
                continue;
            }
            for (Txn.Mop m : t.mops()) {
                if (m.isRead() && m.value() instanceof List<?> l) {
                    String k = String.valueOf(m.key());
                    keys.put(k, m.key());
                    List<Object> cur = longest.get(k);
                    @SuppressWarnings("unchecked")
                    List<Object> read = (List<Object>) l;
                    if (cur == null || read.size() > cur.size()) {
                        longest.put(k, read);
                    }
                }
            }
        }
        // every read must be a prefix of the longest: else the key has no single version order
        for (Txn t : txns) {
            for (Txn.Mop m : t.mops()) {
                if (t.type() == Txn.Type.OK && m.isRead() && m.value() instanceof List<?> read) {
                    List<Object> l = longest.get(String.valueOf(m.key()));
                    if (!l.subList(0, read.size()).equals(read)) {
                        g.direct.add(new Finding("incompatible-order", List.of(t), List.of(),
                                "key " + m.key() + " was read as " + read + " and as " + l + ": neither is a prefix of the other"));
                    }
                }
            }
        }
        // committed = ok, or info with an observed append
        boolean[] live = new boolean[txns.size()];
        for (Txn t : txns) {
            live[t.id()] = t.type() == Txn.Type.OK;
        }
        for (List<Object> order : longest.values()) {
            for (Object e : order) {
                Integer w = null;
                for (var entry : keys.entrySet()) {
                    Integer x = writer.get(Arrays.asList(entry.getValue(), e));
                    if (x != null && order == longest.get(entry.getKey())) {
                        w = x;
                    }
                }
                if (w != null && txns.get(w).type() == Txn.Type.INFO) {
                    live[w] = true;
                }
            }
        }
        for (var entry : longest.entrySet()) {
            Object key = keys.get(entry.getKey());
            List<Object> order = entry.getValue();
            Integer previous = null;
            for (Object e : order) {
                Integer w = writer.get(Arrays.asList(key, e));
                if (w == null) {
                    g.direct.add(new Finding("G1a", List.of(), List.of(), "key " + key + " holds " + e + ", which no transaction appended"));
                    continue;
                }
                if (txns.get(w).type() == Txn.Type.FAIL) {
                    continue; // reported with the reads below
                }
                if (previous != null) {
                    g.add(previous, w, Dependencies.WW, key);
                }
                previous = w;
            }
        }
        for (Txn t : txns) {
            if (t.type() != Txn.Type.OK) {
                continue;
            }
            for (Txn.Mop m : t.mops()) {
                if (!m.isRead() || !(m.value() instanceof List<?> read)) {
                    continue;
                }
                Object key = m.key();
                List<Object> order = longest.get(String.valueOf(key));
                for (Object e : read) {
                    Integer w = writer.get(Arrays.asList(key, e));
                    if (w != null && txns.get(w).type() == Txn.Type.FAIL) {
                        g.direct.add(new Finding("G1a", List.of(t, txns.get(w)), List.of(), t + " read " + e + " of key " + key
                                + ", appended by " + txns.get(w) + ", which aborted"));
                    }
                }
                if (!read.isEmpty()) {
                    Object last = read.getLast();
                    Integer w = writer.get(Arrays.asList(key, last));
                    if (w != null && w != t.id()) {
                        Txn writerTxn = txns.get(w);
                        List<Object> itsAppends = writerTxn.mops().stream().filter(x -> !x.isRead() && x.key().equals(key)).map(Txn.Mop::value).toList();
                        if (!itsAppends.getLast().equals(last)) {
                            g.direct.add(new Finding("G1b", List.of(t, writerTxn), List.of(), t + " read key " + key + " ending in " + last
                                    + ", an intermediate append of " + writerTxn));
                        }
                        g.add(w, t.id(), Dependencies.WR, key);
                    }
                }
                if (order != null && read.size() < order.size()) {
                    Integer next = writer.get(Arrays.asList(key, order.get(read.size())));
                    if (next != null && next != t.id() && live[next]) {
                        g.add(t.id(), next, Dependencies.RW, key);
                    }
                }
            }
        }
    }

    // ---- read-write registers --------------------------------------------------------------------------------------

    private static void inferRegisters(Dependencies g) {
        List<Txn> txns = g.txns;
        Map<List<Object>, Integer> writer = Dependencies.writers(txns);
        // version order inferred per key from each committed txn that reads a value then writes: read value < written value
        TreeMap<String, TreeMap<String, TreeSet<Integer>>> nextWriters = new TreeMap<>(); // key -> (value or "nil") -> writers of the next versions
        for (Txn t : txns) {
            if (t.type() != Txn.Type.OK) {
                continue;
            }
            TreeMap<String, Object> lastSeen = new TreeMap<>();
            TreeMap<String, Boolean> known = new TreeMap<>();
            for (Txn.Mop m : t.mops()) {
                String k = String.valueOf(m.key());
                if (m.isRead()) {
                    lastSeen.put(k, m.value());
                    known.put(k, true);
                } else if (Boolean.TRUE.equals(known.get(k))) {
                    nextWriters.computeIfAbsent(k, x -> new TreeMap<>()).computeIfAbsent(String.valueOf(lastSeen.get(k)), x -> new TreeSet<>()).add(t.id());
                    Integer prev = lastSeen.get(k) == null ? null : writer.get(Arrays.asList(m.key(), lastSeen.get(k)));
                    if (prev != null) {
                        g.add(prev, t.id(), Dependencies.WW, m.key());
                    }
                    lastSeen.put(k, m.value());
                }
            }
        }
        for (Txn t : txns) {
            if (t.type() != Txn.Type.OK) {
                continue;
            }
            for (Txn.Mop m : t.mops()) {
                if (!m.isRead()) {
                    continue;
                }
                if (m.value() != null) {
                    Integer w = writer.get(Arrays.asList(m.key(), m.value()));
                    if (w == null) {
                        g.direct.add(new Finding("G1a", List.of(t), List.of(), t + " read " + m.value() + " of key " + m.key() + ", which no transaction wrote"));
                        continue;
                    }
                    Txn wt = txns.get(w);
                    if (wt.type() == Txn.Type.FAIL) {
                        g.direct.add(new Finding("G1a", List.of(t, wt), List.of(), t + " read " + m.value() + " of key " + m.key() + ", written by " + wt
                                + ", which aborted"));
                        continue;
                    }
                    List<Object> its = wt.mops().stream().filter(x -> !x.isRead() && x.key().equals(m.key())).map(Txn.Mop::value).toList();
                    if (w != t.id() && !its.getLast().equals(m.value())) {
                        g.direct.add(new Finding("G1b", List.of(t, wt), List.of(), t + " read " + m.value() + " of key " + m.key()
                                + ", an intermediate write of " + wt));
                    }
                    g.add(w, t.id(), Dependencies.WR, m.key());
                }
                for (int next : nextWriters.getOrDefault(String.valueOf(m.key()), new TreeMap<>()).getOrDefault(String.valueOf(m.value()), new TreeSet<>())) {
                    g.add(t.id(), next, Dependencies.RW, m.key());
                }
            }
        }
    }

    // ---- cycles ------------------------------------------------------------------------------------------------------

    /** The most specific cycle: G0, then G1c, then G-single, then G2-item; with {@code realtime}, cycles that need rt edges. */
    private static Finding cycle(Dependencies g, boolean realtime) {
        int rt = realtime ? Dependencies.RT : 0;
        String suffix = realtime ? "-realtime" : "";
        int[] all = Scc.components(g, Dependencies.WW | Dependencies.WR | Dependencies.RW | rt);
        if (java.util.Arrays.stream(all).allMatch(c -> c < 0)) {
            return null; // no cycle of any kind: the common case, decided in linear time
        }
        List<Integer> c = shortestCycle(g, Dependencies.WW | rt, 0);
        if (c != null) {
            return finding(g, "G0" + suffix, c, Dependencies.WW | rt);
        }
        c = shortestCycle(g, Dependencies.WW | Dependencies.WR | rt, 0);
        if (c != null) {
            return finding(g, "G1c" + suffix, c, Dependencies.WW | Dependencies.WR | rt);
        }
        // G-single: one rw edge a -> b closed by a path of ww/wr(/rt) edges from b back to a
        for (Dependencies.Edge e : g.edges) {
            if (e.kind() != Dependencies.RW || all[e.from()] < 0 || all[e.from()] != all[e.to()]) {
                continue; // an rw edge on no cycle
            }
            List<Integer> back = path(g, e.to(), e.from(), Dependencies.WW | Dependencies.WR | rt);
            if (back != null) {
                List<Integer> cyc = new ArrayList<>();
                cyc.add(e.from());
                cyc.addAll(back.subList(0, back.size() - 1));
                return finding(g, "G-single" + suffix, cyc, Dependencies.WW | Dependencies.WR | Dependencies.RW | rt);
            }
        }
        c = shortestCycle(g, Dependencies.WW | Dependencies.WR | Dependencies.RW | rt, 0);
        if (c != null) {
            return finding(g, "G2-item" + suffix, c, Dependencies.WW | Dependencies.WR | Dependencies.RW | rt);
        }
        return null;
    }

    /** A shortest cycle over edges of {@code kinds} (BFS from every node, cheapest first), or null. */
    private static List<Integer> shortestCycle(Dependencies g, int kinds, int unused) {
        List<Integer> best = null;
        int n = g.txns.size();
        int[] comp = Scc.components(g, kinds);
        for (int s = 0; s < n; s++) {
            if (comp[s] < 0) {
                continue; // a node on no cycle
            }
            for (var e : g.out.get(s).entrySet()) {
                if ((e.getValue() & kinds) != 0 && comp[e.getKey()] == comp[s]) {
                    List<Integer> back = path(g, e.getKey(), s, kinds);
                    if (back != null && (best == null || back.size() + 1 < best.size())) {
                        best = new ArrayList<>();
                        best.add(s);
                        best.addAll(back.subList(0, back.size() - 1));
                    }
                }
            }
            if (best != null && best.size() == 2) {
                break;
            }
        }
        return best;
    }

    /** A shortest path from {@code from} to {@code to} over edges of {@code kinds}, both ends included; null when none. */
    private static List<Integer> path(Dependencies g, int from, int to, int kinds) {
        int n = g.txns.size();
        int[] parent = new int[n];
        Arrays.fill(parent, -2);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        parent[from] = -1;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            if (u == to) {
                List<Integer> p = new ArrayList<>();
                for (int x = to; x != -1; x = parent[x]) {
                    p.addFirst(x);
                }
                return p;
            }
            for (var e : g.out.get(u).entrySet()) {
                if ((e.getValue() & kinds) != 0 && parent[e.getKey()] == -2) {
                    parent[e.getKey()] = u;
                    queue.add(e.getKey());
                }
            }
        }
        return null;
    }

    private static Finding finding(Dependencies g, String anomaly, List<Integer> cycle, int kinds) {
        List<Txn> txns = new ArrayList<>();
        List<String> steps = new ArrayList<>();
        for (int i = 0; i < cycle.size(); i++) {
            int a = cycle.get(i);
            int b = cycle.get((i + 1) % cycle.size());
            txns.add(g.txns.get(a));
            int k = g.kinds(a, b) & kinds;
            int kind = (k & Dependencies.WW) != 0 ? Dependencies.WW : (k & Dependencies.WR) != 0 ? Dependencies.WR
                    : (k & Dependencies.RW) != 0 ? Dependencies.RW : Dependencies.RT;
            Dependencies.Edge e = g.label(a, b, kind);
            steps.add("T" + a + " -" + Dependencies.kindName(kind) + (e != null && e.key() != null ? "(" + e.key() + ")" : "") + "-> T" + b);
        }
        return new Finding(anomaly, txns, steps, anomaly + ": " + String.join(", ", steps));
    }
}
