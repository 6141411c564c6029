package io.rdasuite.linearizability.txn;

import java.util.ArrayDeque;
import java.util.Arrays;

/** Tarjan's strongly connected components (iterative): the nodes that can lie on a cycle of the chosen edge kinds. */
final class Scc {
    private Scc() {
    }

    private static int[] neighbours(Dependencies g, int u, int kinds) {
        int[] cached = g.neighbours(u, kinds);
        return cached;
    }

    /** Per node, its component's number when the component has a cycle (two or more nodes), else -1. */
    static int[] components(Dependencies g, int kinds) {
        int n = g.txns.size();
        int[] index = new int[n];
        int[] low = new int[n];
        int[] comp = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        Arrays.fill(comp, -1);
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        int[] counter = {0};
        int components = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) {
                continue;
            }
            ArrayDeque<int[]> work = new ArrayDeque<>(); // {node, next neighbour position}
            work.push(new int[] {root, 0});
            index[root] = low[root] = counter[0]++;
            stack.push(root);
            onStack[root] = true;
            while (!work.isEmpty()) {
                int[] frame = work.peek();
                int u = frame[0];
                int[] next = neighbours(g, u, kinds);
                if (frame[1] < next.length) {
                    int v = next[frame[1]++];
                    if (index[v] < 0) {
                        index[v] = low[v] = counter[0]++;
                        stack.push(v);
                        onStack[v] = true;
                        work.push(new int[] {v, 0});
                    } else if (onStack[v]) {
                        low[u] = Math.min(low[u], index[v]);
                    }
                } else {
                    work.pop();
                    if (!work.isEmpty()) {
                        low[work.peek()[0]] = Math.min(low[work.peek()[0]], low[u]);
                    }
                    if (low[u] == index[u]) {
                        int size = 0;
                        int c = components++;
                        int x;
                        int[] members = new int[0];
                        do {
                            x = stack.pop();
                            onStack[x] = false;
                            comp[x] = c;
                            size++;
                            members = Arrays.copyOf(members, size);
                            members[size - 1] = x;
                        } while (x != u);
                        if (size < 2) {
                            for (int m : members) {
                                comp[m] = -1;
                            }
                        }
                    }
                }
            }
        }
        return comp;
    }
}
