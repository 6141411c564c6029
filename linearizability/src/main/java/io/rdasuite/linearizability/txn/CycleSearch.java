package io.rdasuite.linearizability.txn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the cycle anomalies of a dependency graph, Elle's way (Elle paper §3.3, elle.txn's cycle search): per strongly
 * connected component of the whole graph, for each kind in {@link AnomalyType#cycleSearchOrder()} that no kind found
 * there already implies, one shortest cycle of that kind. An edge counts as its first kind among ww, wr, rw, process,
 * realtime (as Elle explains an edge), and a cycle's kind follows from its edges ({@link #SHAPES}).
 *
 * <p>Searching kinds in that order makes each search one linear pass: when a kind is searched, no kind implying it
 * was found, so no cycle of a stronger shape exists. G0: a component of the ww graph. G1c: a wr edge inside a
 * component of the ww+wr graph (without G0 every such cycle has a wr). G-single: an rw edge a → b with a path b ⇝ a of
 * ww/wr edges (reachability over the condensation, as bit sets). G-nonadjacent: a cycle of the graph whose nodes
 * remember whether they were entered by an rw edge, which may not follow another rw. G2-item: an rw edge inside a
 * component of the ww+wr+rw graph. A {@code -process}/{@code -realtime} kind adds those edges; without the base kind,
 * every such cycle uses one.
 */
final class CycleSearch {
    /** Per base kind: the edge kinds its cycles may use, and the kind of the edge a cycle is sought through (0: any). */
    record Shape(int kinds, int through) {
    }

    static final Map<AnomalyType, Shape> SHAPES = Map.of(
            AnomalyType.G0, new Shape(Dependencies.WW, 0),
            AnomalyType.G1C, new Shape(Dependencies.WW | Dependencies.WR, Dependencies.WR),
            AnomalyType.G_SINGLE_ITEM, new Shape(Dependencies.WW | Dependencies.WR, Dependencies.RW),
            AnomalyType.G_NONADJACENT_ITEM, new Shape(Dependencies.WW | Dependencies.WR, Dependencies.RW),
            AnomalyType.G2_ITEM, new Shape(Dependencies.DATA, Dependencies.RW));

    /** Each cycle kind: its base kind and the order edges it adds (0, process or realtime). */
    static AnomalyType base(AnomalyType t) {
        return AnomalyType.cycleSearchOrder().get(t.ordinal() % 5);
    }

    static int variant(AnomalyType t) {
        return switch (t.ordinal() / 5) {
            case 0 -> 0;
            case 1 -> Dependencies.PROCESS;
            default -> Dependencies.RT;
        };
    }

    private final Dependencies g;
    private final int all;
    private final int[] role;
    private final int[] sharedLocal;

    CycleSearch(Dependencies g, int orderKinds) {
        this.g = g;
        this.all = Dependencies.DATA | orderKinds;
        sharedLocal = new int[g.size()];
        Arrays.fill(sharedLocal, -1);
        role = new int[g.to.length];
        for (int i = 0; i < role.length; i++) {
            role[i] = Integer.lowestOneBit(g.kindOf[i] & all);
        }
    }

    List<Anomaly> search() {
        List<Anomaly> out = new ArrayList<>();
        int n = g.size();
        int[] off = new int[n + 1];
        int[] to = new int[g.to.length];
        int m = 0;
        for (int u = 0; u < n; u++) {
            for (int e = g.off[u]; e < g.off[u + 1]; e++) {
                if (role[e] != 0) {
                    to[m++] = g.to[e];
                }
            }
            off[u + 1] = m;
        }
        Scc whole = new Scc(off, to);
        List<List<Integer>> members = new ArrayList<>();
        int[] first = new int[whole.count];
        Arrays.fill(first, -1);
        for (int u = 0; u < n; u++) {
            int c = whole.comp[u];
            if (!whole.cyclic[c]) {
                continue;
            }
            if (first[c] < 0) {
                first[c] = members.size();
                members.add(new ArrayList<>());
            }
            members.get(first[c]).add(u);
        }
        for (List<Integer> scc : members) {
            out.addAll(inComponent(scc));
        }
        return out;
    }

    /** The cycle anomalies of one component of the whole graph, most specific first. */
    private List<Anomaly> inComponent(List<Integer> nodes) {
        Local l = new Local(nodes);
        List<Anomaly> found = new ArrayList<>();
        Set<AnomalyType> kinds = EnumSet.noneOf(AnomalyType.class);
        for (AnomalyType t : AnomalyType.cycleSearchOrder()) {
            int v = variant(t);
            if (v != 0 && (all & v) == 0 || v == Dependencies.PROCESS && (all & Dependencies.RT) != 0) {
                continue; // that order is not in the graph (real time contains process order, as in Elle)
            }
            if (kinds.stream().anyMatch(f -> f.implies(t))) {
                continue;
            }
            AnomalyType b = base(t);
            Shape s = SHAPES.get(b);
            int allowed = s.kinds() | v;
            List<Integer> cycle = b == AnomalyType.G_SINGLE_ITEM ? l.single(allowed)
                    : b == AnomalyType.G_NONADJACENT_ITEM ? l.nonadjacent(allowed)
                    : l.through(allowed | s.through(), s.through());
            if (cycle != null) {
                kinds.add(t);
                found.add(explain(t, cycle));
            }
        }
        l.done();
        return found;
    }

    private Anomaly explain(AnomalyType t, List<Integer> cycle) {
        List<Anomaly.Step> steps = new ArrayList<>();
        List<Txn> txns = new ArrayList<>();
        for (int i = 0; i < cycle.size(); i++) {
            int a = cycle.get(i);
            int b = cycle.get((i + 1) % cycle.size());
            txns.add(g.txns.get(a));
            steps.add(g.step(a, b, Integer.lowestOneBit(g.kinds(a, b) & all)));
        }
        StringBuilder why = new StringBuilder();
        for (int i = 0; i < steps.size(); i++) {
            Anomaly.Step s = steps.get(i);
            why.append(i == steps.size() - 1 && steps.size() > 1 ? "However, " : i == 0 ? "" : "Then ");
            why.append("T").append(s.from()).append(" < T").append(s.to()).append(" (").append(s.kind()).append("), because ")
                    .append(s.why()).append(i == steps.size() - 1 ? ": a contradiction, T" + s.to() + " precedes itself." : ". ");
        }
        return new Anomaly(t, txns, steps, why.toString());
    }

    /** One component, renumbered 0..k-1, with its edges' roles. */
    private final class Local {
        final int[] global;
        final int[] local;
        final int k;
        private final Map<Integer, int[][]> csrs = new java.util.HashMap<>();
        private final Map<Integer, Scc> sccs = new java.util.HashMap<>();

        void done() {
            for (int u : global) {
                local[u] = -1;
            }
        }

        Local(List<Integer> nodes) {
            k = nodes.size();
            global = nodes.stream().mapToInt(Integer::intValue).toArray();
            local = sharedLocal; // -1 everywhere outside this component; reset by done()
            for (int i = 0; i < k; i++) {
                local[global[i]] = i;
            }
        }

        /** Adjacency over edges whose role is in {@code kinds}: {off, to, role}; built once per mask, as kinds share masks. */
        int[][] csr(int kinds) {
            return csrs.computeIfAbsent(kinds, this::build);
        }

        /** The strongly connected components over edges whose role is in {@code kinds}. */
        Scc scc(int kinds) {
            return sccs.computeIfAbsent(kinds, k -> new Scc(csr(k)[0], csr(k)[1]));
        }

        private int[][] build(int kinds) {
            int[] off = new int[k + 1];
            int m = 0;
            for (int i = 0; i < k; i++) {
                int u = global[i];
                for (int e = g.off[u]; e < g.off[u + 1]; e++) {
                    if ((role[e] & kinds) != 0 && local[g.to[e]] >= 0) {
                        m++;
                    }
                }
                off[i + 1] = m;
            }
            int[] to = new int[m];
            int[] r = new int[m];
            m = 0;
            for (int i = 0; i < k; i++) {
                int u = global[i];
                for (int e = g.off[u]; e < g.off[u + 1]; e++) {
                    if ((role[e] & kinds) != 0 && local[g.to[e]] >= 0) {
                        to[m] = local[g.to[e]];
                        r[m++] = role[e];
                    }
                }
            }
            return new int[][] {off, to, r};
        }

        /** A shortest cycle through an edge of role {@code through} (0: any) over edges of {@code kinds}. */
        List<Integer> through(int kinds, int through) {
            int[][] a = csr(kinds);
            Scc scc = scc(kinds);
            for (int u = 0; u < k; u++) {
                for (int e = a[0][u]; e < a[0][u + 1]; e++) {
                    int w = a[1][e];
                    if ((through == 0 || a[2][e] == through) && scc.together(u, w)) {
                        return close(u, path(a, w, u));
                    }
                }
            }
            return null;
        }

        /** Exactly one rw edge a → b, closed by a path b ⇝ a over {@code kinds} (no rw). */
        List<Integer> single(int kinds) {
            int[][] a = csr(kinds);
            Scc scc = scc(kinds);
            int[][] rw = csr(Dependencies.RW);
            BitSet[] reach = null;
            for (int u = 0; u < k; u++) {
                for (int e = rw[0][u]; e < rw[0][u + 1]; e++) {
                    int w = rw[1][e];
                    boolean back = scc.comp[u] == scc.comp[w];
                    if (!back) {
                        if (reach == null) {
                            reach = closure(a, scc);
                        }
                        back = reach[scc.comp[w]].get(scc.comp[u]);
                    }
                    if (back) {
                        return close(u, path(a, w, u));
                    }
                }
            }
            return null;
        }

        /** Which components each component reaches, in the condensation (successors have lower numbers). */
        private BitSet[] closure(int[][] a, Scc scc) {
            BitSet[] reach = new BitSet[scc.count];
            List<List<Integer>> byComp = new ArrayList<>();
            for (int c = 0; c < scc.count; c++) {
                byComp.add(new ArrayList<>());
            }
            for (int u = 0; u < k; u++) {
                byComp.get(scc.comp[u]).add(u);
            }
            for (int c = 0; c < scc.count; c++) {
                BitSet b = new BitSet(scc.count);
                b.set(c);
                for (int u : byComp.get(c)) {
                    for (int e = a[0][u]; e < a[0][u + 1]; e++) {
                        int d = scc.comp[a[1][e]];
                        if (d != c && !b.get(d)) {
                            b.or(reach[d]);
                        }
                    }
                }
                reach[c] = b;
            }
            return reach;
        }

        /**
         * Two or more rw edges, no two adjacent: a cycle in the graph of (node, entered by rw) through an rw edge, where an
         * rw edge may leave only a node entered otherwise.
         */
        List<Integer> nonadjacent(int kinds) {
            int[][] a = csr(kinds | Dependencies.RW);
            int[] off = new int[2 * k + 1];
            List<int[]> edges = new ArrayList<>();
            for (int s = 0; s < 2 * k; s++) {
                int u = s >> 1;
                boolean enteredByRw = (s & 1) == 1;
                for (int e = a[0][u]; e < a[0][u + 1]; e++) {
                    int w = a[1][e];
                    if (a[2][e] == Dependencies.RW) {
                        if (!enteredByRw) {
                            edges.add(new int[] {s, 2 * w + 1});
                        }
                    } else {
                        edges.add(new int[] {s, 2 * w});
                    }
                }
                off[s + 1] = edges.size();
            }
            int[] to = edges.stream().mapToInt(x -> x[1]).toArray();
            int[][] p = {off, to};
            Scc scc = new Scc(off, to);
            for (int[] e : edges) {
                if ((e[1] & 1) == 1 && scc.together(e[0], e[1])) {
                    List<Integer> back = path(p, e[1], e[0]);
                    List<Integer> cycle = new ArrayList<>();
                    cycle.add(e[0] >> 1);
                    for (int i = 0; i < back.size() - 1; i++) {
                        cycle.add(back.get(i) >> 1);
                    }
                    return cycle.stream().map(x -> global[x]).toList();
                }
            }
            return null;
        }

        private List<Integer> close(int u, List<Integer> back) {
            List<Integer> cycle = new ArrayList<>();
            cycle.add(global[u]);
            for (int i = 0; i < back.size() - 1; i++) {
                cycle.add(global[back.get(i)]);
            }
            return cycle;
        }
    }

    /** A shortest path from → to in adjacency {@code a}, both ends included (BFS; the caller knows one exists). */
    static List<Integer> path(int[][] a, int from, int to) {
        int n = a[0].length - 1;
        int[] parent = new int[n];
        Arrays.fill(parent, -2);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        parent[from] = -1;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            if (u == to) {
                break;
            }
            for (int e = a[0][u]; e < a[0][u + 1]; e++) {
                int w = a[1][e];
                if (parent[w] == -2) {
                    parent[w] = u;
                    queue.add(w);
                }
            }
        }
        List<Integer> p = new ArrayList<>();
        for (int x = to; x != -1; x = parent[x]) {
            p.addFirst(x);
        }
        return p;
    }
}
