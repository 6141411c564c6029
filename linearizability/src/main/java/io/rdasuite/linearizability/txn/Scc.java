package io.rdasuite.linearizability.txn;

import java.util.Arrays;

/**
 * Tarjan's strongly connected components, iterative, over adjacency arrays (successors of u are
 * {@code to[off[u] .. off[u+1])}). Components are numbered in the order Tarjan closes them, which is a reverse
 * topological order of the condensation: every edge leaving a component goes to a lower number.
 */
final class Scc {
    final int[] comp;
    final int count;
    /** Per component, whether it can hold a cycle (two or more nodes). */
    final boolean[] cyclic;

    Scc(int[] off, int[] to) {
        int n = off.length - 1;
        comp = new int[n];
        int[] index = new int[n];
        int[] low = new int[n];
        int[] pos = new int[n];
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int[] work = new int[n];
        Arrays.fill(index, -1);
        int sp = 0;
        int counter = 0;
        int components = 0;
        int[] sizes = new int[n];
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) {
                continue;
            }
            int wp = 0;
            work[wp++] = root;
            index[root] = low[root] = counter++;
            pos[root] = off[root];
            stack[sp++] = root;
            onStack[root] = true;
            while (wp > 0) {
                int u = work[wp - 1];
                if (pos[u] < off[u + 1]) {
                    int v = to[pos[u]++];
                    if (index[v] < 0) {
                        index[v] = low[v] = counter++;
                        pos[v] = off[v];
                        stack[sp++] = v;
                        onStack[v] = true;
                        work[wp++] = v;
                    } else if (onStack[v]) {
                        low[u] = Math.min(low[u], index[v]);
                    }
                } else {
                    wp--;
                    if (wp > 0) {
                        int parent = work[wp - 1];
                        low[parent] = Math.min(low[parent], low[u]);
                    }
                    if (low[u] == index[u]) {
                        int c = components++;
                        int x;
                        do {
                            x = stack[--sp];
                            onStack[x] = false;
                            comp[x] = c;
                            sizes[c]++;
                        } while (x != u);
                    }
                }
            }
        }
        count = components;
        cyclic = new boolean[components];
        for (int c = 0; c < components; c++) {
            cyclic[c] = sizes[c] > 1;
        }
    }

    boolean together(int u, int v) {
        return comp[u] == comp[v] && cyclic[comp[u]];
    }
}
