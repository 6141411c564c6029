package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * An rw-register key's version order from several sources of facts, merged one source at a time in Elle's order
 * (initial state, transaction order, writes-follow-reads, sequential keys, linearizable keys): a source whose facts
 * would close a cycle in some key's version order (a version both before and after another) is left out whole, and
 * each such cycle is reported as {@link AnomalyType#CYCLIC_VERSIONS} naming the sources combined (Elle's
 * {@code :cyclic-versions}; a version order is a total order, Adya §3.1).
 */
final class VersionSources {
    /** {@code before} precedes {@code after} in {@code key}'s version order, as {@code why} says. */
    record Fact(Object key, Object before, Object after, Supplier<String> why) {
    }

    private final Inference in;
    /** key → version → the versions known to follow it, over the sources accepted so far. */
    private final Map<Object, Map<Object, Set<Object>>> accepted = new LinkedHashMap<>();
    private final List<Fact> facts = new ArrayList<>();
    private final List<String> sources = new ArrayList<>();

    VersionSources(Inference in) {
        this.in = in;
    }

    /** Merges the facts of source {@code name}, unless they close a cycle in some key's version order (then reported). */
    void offer(String name, List<Fact> proposed) {
        Map<Object, Map<Object, Set<Object>>> trial = new LinkedHashMap<>();
        for (Fact f : proposed) {
            trial.computeIfAbsent(f.key(), k -> copy(accepted.get(k))).computeIfAbsent(f.before(), v -> new LinkedHashSet<>()).add(f.after());
        }
        List<String> combined = new ArrayList<>(sources);
        combined.add(name);
        boolean cyclic = false;
        for (Map.Entry<Object, Map<Object, Set<Object>>> e : trial.entrySet()) {
            for (List<Object> cycle : cycles(e.getValue())) {
                cyclic = true;
                in.report(AnomalyType.CYCLIC_VERSIONS, List.of(), "the versions " + cycle + " of " + e.getKey() + " each come"
                        + " after another when " + String.join(", ", combined) + " are combined: a version order has no cycle, so "
                        + name + " was left out of the version order");
            }
        }
        if (!cyclic) {
            sources.add(name);
            accepted.putAll(trial);
            facts.addAll(proposed);
        }
    }

    /** Writes the accepted facts into the keys' version orders, in the order offered. */
    void apply() {
        for (Fact f : facts) {
            in.orders.computeIfAbsent(f.key(), k -> new VersionOrder(false)).precedes(f.before(), f.after(), f.why());
        }
    }

    private static Map<Object, Set<Object>> copy(Map<Object, Set<Object>> graph) {
        Map<Object, Set<Object>> out = new LinkedHashMap<>();
        if (graph != null) {
            graph.forEach((v, next) -> out.put(v, new LinkedHashSet<>(next)));
        }
        return out;
    }

    /** The strongly connected components of two or more versions, each in the order its versions were first seen. */
    private static List<List<Object>> cycles(Map<Object, Set<Object>> graph) {
        Map<Object, Integer> ids = new HashMap<>();
        List<Object> versions = new ArrayList<>();
        graph.forEach((v, next) -> {
            id(v, ids, versions);
            next.forEach(w -> id(w, ids, versions));
        });
        int n = versions.size();
        int[] off = new int[n + 1];
        graph.forEach((v, next) -> off[ids.get(v) + 1] += next.size());
        for (int i = 0; i < n; i++) {
            off[i + 1] += off[i];
        }
        int[] to = new int[off[n]];
        int[] fill = Arrays.copyOf(off, n);
        graph.forEach((v, next) -> next.forEach(w -> to[fill[ids.get(v)]++] = ids.get(w)));
        Scc scc = new Scc(off, to);
        Map<Integer, List<Object>> byComponent = new LinkedHashMap<>();
        for (int v = 0; v < n; v++) {
            if (scc.cyclic[scc.comp[v]]) {
                byComponent.computeIfAbsent(scc.comp[v], c -> new ArrayList<>()).add(versions.get(v));
            }
        }
        return new ArrayList<>(byComponent.values());
    }

    private static void id(Object v, Map<Object, Integer> ids, List<Object> versions) {
        if (ids.putIfAbsent(v, versions.size()) == null) {
            versions.add(v);
        }
    }
}
