package io.rdasuite.linearizability.txn;

import java.util.ArrayDeque;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The kinds of anomaly the checker names, as Elle names them ({@link #elleName()}). Cycle anomalies are Adya's
 * phenomena over the dependency graph (Adya, "Weak Consistency", §4.4-4.5; Elle paper §3.2): G0, G1c, G-single,
 * G-nonadjacent and G2, each in three variants: over data dependencies only, with process (session) order edges
 * ({@code -process}), or with real-time edges ({@code -realtime}). The others need no cycle. {@link #UNKNOWN} kinds make
 * a verdict undecided rather than wrong.
 */
public enum AnomalyType {
    G0("G0", Shape.CYCLE),
    G1C("G1c", Shape.CYCLE),
    G_SINGLE_ITEM("G-single-item", Shape.CYCLE),
    G_NONADJACENT_ITEM("G-nonadjacent-item", Shape.CYCLE),
    G2_ITEM("G2-item", Shape.CYCLE),
    G0_PROCESS("G0-process", Shape.CYCLE),
    G1C_PROCESS("G1c-process", Shape.CYCLE),
    G_SINGLE_ITEM_PROCESS("G-single-item-process", Shape.CYCLE),
    G_NONADJACENT_ITEM_PROCESS("G-nonadjacent-item-process", Shape.CYCLE),
    G2_ITEM_PROCESS("G2-item-process", Shape.CYCLE),
    G0_REALTIME("G0-realtime", Shape.CYCLE),
    G1C_REALTIME("G1c-realtime", Shape.CYCLE),
    G_SINGLE_ITEM_REALTIME("G-single-item-realtime", Shape.CYCLE),
    G_NONADJACENT_ITEM_REALTIME("G-nonadjacent-item-realtime", Shape.CYCLE),
    G2_ITEM_REALTIME("G2-item-realtime", Shape.CYCLE),
    /** A read of an element or value written by an aborted ({@code :fail}) transaction (Adya G1a). */
    G1A("G1a", Shape.DIRECT),
    /** A read of a transaction's intermediate (not final) write of a key (Adya G1b). */
    G1B("G1b", Shape.DIRECT),
    /** Reads of one list neither of which is a prefix of the other: the key has no single version order. */
    INCOMPATIBLE_ORDER("incompatible-order", Shape.DIRECT),
    /** A read that disagrees with what its own transaction read or wrote before it. */
    INTERNAL("internal", Shape.DIRECT),
    /** A read of an element its own transaction appends only later. */
    FUTURE_READ("future-read", Shape.DIRECT),
    /** A read of a list holding one element twice, though each append is unique. */
    DUPLICATE_ELEMENTS("duplicate-elements", Shape.DIRECT),
    /** A committed append ordered after an aborted one in a key's version order. */
    DIRTY_UPDATE("dirty-update", Shape.DIRECT),
    /** Two committed transactions read the same version of a key and both wrote it. */
    LOST_UPDATE("lost-update", Shape.DIRECT),
    /** A read of a value no transaction wrote (rw-register; Elle lets this pass, see docs/USAGE.md). */
    GARBAGE_READ("garbage-read", Shape.DIRECT),
    /** The checker's own assumption broken: two writes of one (key, value), so reads cannot name their writer. */
    DUPLICATE_WRITE("duplicate-write", Shape.UNKNOWN),
    /** No dependency between any two transactions: nothing could be checked (Elle's empty-transaction-graph). */
    EMPTY_TRANSACTION_GRAPH("empty-transaction-graph", Shape.UNKNOWN);

    /** What an anomaly of this kind needs. */
    public enum Shape {
        CYCLE,
        DIRECT,
        UNKNOWN
    }

    private final String elleName;
    private final Shape shape;

    AnomalyType(String elleName, Shape shape) {
        this.elleName = elleName;
        this.shape = shape;
    }

    public String elleName() {
        return elleName;
    }

    public Shape shape() {
        return shape;
    }

    /**
     * What each kind implies (a history with the key also has each value), as Elle's consistency-model.clj states it
     * (implied-anomalies): G0 is a special G1c (Adya), a cycle over data edges is also one with process edges and one with
     * real-time edges (process order is contained in real time), G-single is G-nonadjacent with one anti-dependency and
     * G-nonadjacent a G2 (Adya, Elle). The non-cycle kinds name the Adya phenomenon they are an instance of. The names on
     * the right that are no constant here (G1, G2, G-single with predicates) stand for Adya's unions; they are kept so
     * that the models' proscriptions can be written as Adya writes them.
     */
    static final Map<String, List<String>> IMPLIES = Map.ofEntries(
            Map.entry("G0", List.of("G1c", "G0-process")),
            Map.entry("G0-process", List.of("G1c-process", "G0-realtime")),
            Map.entry("G0-realtime", List.of("G1c-realtime")),
            Map.entry("G1a", List.of("G1")),
            Map.entry("G1b", List.of("G1")),
            Map.entry("G1c", List.of("G1", "G1c-process")),
            Map.entry("G1c-process", List.of("G1c-realtime", "G1-process")),
            Map.entry("G1c-realtime", List.of("G1-realtime")),
            Map.entry("G1", List.of("G1-process")),
            Map.entry("G1-process", List.of("G1-realtime")),
            Map.entry("G-single-item", List.of("G-single", "G-single-item-process", "G-nonadjacent-item")),
            Map.entry("G-single-item-process", List.of("G-single-process", "G-single-item-realtime", "G-nonadjacent-item-process")),
            Map.entry("G-single-item-realtime", List.of("G-single-realtime", "G-nonadjacent-item-realtime")),
            Map.entry("G-single", List.of("G-nonadjacent", "G-single-process")),
            Map.entry("G-single-process", List.of("G-nonadjacent-process", "G-single-realtime")),
            Map.entry("G-single-realtime", List.of("G-nonadjacent-realtime")),
            Map.entry("G-nonadjacent-item", List.of("G-nonadjacent", "G2-item", "G-nonadjacent-item-process")),
            Map.entry("G-nonadjacent-item-process", List.of("G-nonadjacent-process", "G2-item-process", "G-nonadjacent-item-realtime")),
            Map.entry("G-nonadjacent-item-realtime", List.of("G2-item-realtime", "G-nonadjacent-realtime")),
            Map.entry("G-nonadjacent", List.of("G2", "G-nonadjacent-process")),
            Map.entry("G-nonadjacent-process", List.of("G2-process", "G-nonadjacent-realtime")),
            Map.entry("G-nonadjacent-realtime", List.of("G2-realtime")),
            Map.entry("G2", List.of("G2-process")),
            Map.entry("G2-item", List.of("G2", "G2-item-process")),
            Map.entry("G2-item-process", List.of("G2-process", "G2-item-realtime")),
            Map.entry("G2-item-realtime", List.of("G2-realtime")),
            Map.entry("G2-process", List.of("G2-realtime")),
            Map.entry("incompatible-order", List.of("G1a")),
            Map.entry("future-read", List.of("G1c")),
            Map.entry("dirty-update", List.of("G1a")),
            Map.entry("garbage-read", List.of("G1a")),
            Map.entry("lost-update", List.of("G2-item")));

    /** Per kind (by ordinal), {@link #impliedNames()}: computed once, as the checker asks it of every kind per check. */
    private static final List<Set<String>> IMPLIED = java.util.Arrays.stream(values()).map(t -> closure(t.elleName)).toList();

    /** This kind and every kind (or Adya union) it implies, by name. */
    public Set<String> impliedNames() {
        return IMPLIED.get(ordinal());
    }

    static Set<String> closure(String name) {
        Set<String> seen = new java.util.TreeSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>(List.of(name));
        while (!todo.isEmpty()) {
            String a = todo.poll();
            if (seen.add(a)) {
                todo.addAll(IMPLIES.getOrDefault(a, List.of()));
            }
        }
        return java.util.Collections.unmodifiableSet(seen);
    }

    /** Whether a history with this kind necessarily has {@code other} too (so searching for {@code other} is redundant). */
    public boolean implies(AnomalyType other) {
        return this != other && impliedNames().contains(other.elleName);
    }

    /** The cycle kinds in search order: every kind after all that imply it (base, then -process, then -realtime). */
    static List<AnomalyType> cycleSearchOrder() {
        return EnumSet.range(G0, G2_ITEM_REALTIME).stream().toList();
    }

    /** The kind by Elle's name (case-insensitive, {@code _} for {@code -}), or an error naming the valid ones. */
    public static AnomalyType byName(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace('_', '-');
        for (AnomalyType t : values()) {
            if (t.elleName.toLowerCase(Locale.ROOT).equals(n)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown anomaly '" + name + "' (valid: "
                + String.join(", ", java.util.Arrays.stream(values()).map(AnomalyType::elleName).toList()) + ")");
    }
}
