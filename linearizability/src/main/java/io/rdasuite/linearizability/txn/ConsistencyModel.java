package io.rdasuite.linearizability.txn;

import java.util.ArrayDeque;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Transactional consistency models, the facts relating them and the anomalies each rules out, as Elle's
 * consistency-model.clj states them with their sources: Adya's thesis ("Weak Consistency", 1999) and Adya, Liskov and
 * O'Neil (ICDE 2000) for PL-1 to PL-3, PL-2.99, PL-SI, PL-SS and the views; Bailis et al. ("Highly Available
 * Transactions", VLDB 2014) for lost update and the atomic views; Cerone, Bernardi and Gotsman (CONCUR 2015) for read
 * atomic and internal consistency; Daudjee and Salem (ICDE 2004, VLDB 2006) for the strong session models. {@link
 * #WEAKER} says which model a history of the key model also satisfies; {@link #PROSCRIBES} which anomalies (by Elle's
 * name; G1 and G2 are Adya's unions) a model adds over the weaker ones. docs/USAGE.md shows the same table.
 */
public enum ConsistencyModel {
    READ_UNCOMMITTED("read-uncommitted"),
    READ_COMMITTED("read-committed"),
    CURSOR_STABILITY("cursor-stability"),
    MONOTONIC_VIEW("monotonic-view"),
    MONOTONIC_SNAPSHOT_READ("monotonic-snapshot-read"),
    CONSISTENT_VIEW("consistent-view"),
    FORWARD_CONSISTENT_VIEW("forward-consistent-view"),
    UPDATE_SERIALIZABLE("update-serializable"),
    MONOTONIC_ATOMIC_VIEW("monotonic-atomic-view"),
    READ_ATOMIC("read-atomic"),
    UPDATE_ATOMIC("update-atomic"),
    CAUSAL_CERONE("causal-cerone"),
    PREFIX("prefix"),
    PARALLEL_SNAPSHOT_ISOLATION("parallel-snapshot-isolation"),
    REPEATABLE_READ("repeatable-read"),
    SNAPSHOT_ISOLATION("snapshot-isolation"),
    SERIALIZABLE("serializable"),
    STRONG_SESSION_READ_UNCOMMITTED("strong-session-read-uncommitted"),
    STRONG_SESSION_READ_COMMITTED("strong-session-read-committed"),
    STRONG_READ_UNCOMMITTED("strong-read-uncommitted"),
    STRONG_READ_COMMITTED("strong-read-committed"),
    STRONG_SESSION_SNAPSHOT_ISOLATION("strong-session-snapshot-isolation"),
    STRONG_SNAPSHOT_ISOLATION("strong-snapshot-isolation"),
    STRONG_SESSION_SERIALIZABLE("strong-session-serializable"),
    STRICT_SERIALIZABLE("strict-serializable");

    private final String label;

    ConsistencyModel(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Model → the models it directly implies (weaker ones). */
    static final Map<ConsistencyModel, List<ConsistencyModel>> WEAKER = Map.ofEntries(
            Map.entry(READ_COMMITTED, List.of(READ_UNCOMMITTED)), // SQL; Adya PL-2 ⇒ PL-1
            Map.entry(CURSOR_STABILITY, List.of(READ_COMMITTED)), // Adya, Bailis
            Map.entry(MONOTONIC_VIEW, List.of(READ_COMMITTED)), // Adya
            Map.entry(MONOTONIC_SNAPSHOT_READ, List.of(READ_COMMITTED)), // Adya
            Map.entry(CONSISTENT_VIEW, List.of(CURSOR_STABILITY, MONOTONIC_VIEW)), // Adya
            Map.entry(FORWARD_CONSISTENT_VIEW, List.of(CONSISTENT_VIEW)), // Adya
            Map.entry(UPDATE_SERIALIZABLE, List.of(FORWARD_CONSISTENT_VIEW)), // Adya
            Map.entry(MONOTONIC_ATOMIC_VIEW, List.of(READ_COMMITTED)), // Bailis
            Map.entry(READ_ATOMIC, List.of(MONOTONIC_ATOMIC_VIEW)), // Cerone
            Map.entry(UPDATE_ATOMIC, List.of(READ_ATOMIC)), // Cerone
            Map.entry(CAUSAL_CERONE, List.of(READ_ATOMIC)), // Cerone
            Map.entry(PREFIX, List.of(CAUSAL_CERONE)), // Cerone
            Map.entry(PARALLEL_SNAPSHOT_ISOLATION, List.of(CAUSAL_CERONE, UPDATE_ATOMIC)), // Cerone
            Map.entry(REPEATABLE_READ, List.of(CURSOR_STABILITY, MONOTONIC_ATOMIC_VIEW)), // Adya, Bailis
            Map.entry(SNAPSHOT_ISOLATION, List.of(FORWARD_CONSISTENT_VIEW, MONOTONIC_ATOMIC_VIEW, MONOTONIC_SNAPSHOT_READ,
                    PARALLEL_SNAPSHOT_ISOLATION, PREFIX)), // Adya, Bailis, Cerone
            Map.entry(SERIALIZABLE, List.of(REPEATABLE_READ, UPDATE_SERIALIZABLE, SNAPSHOT_ISOLATION)), // Adya, SQL, Bailis
            Map.entry(STRONG_SESSION_READ_UNCOMMITTED, List.of(READ_UNCOMMITTED)),
            Map.entry(STRONG_SESSION_READ_COMMITTED, List.of(READ_COMMITTED, STRONG_SESSION_READ_UNCOMMITTED)),
            Map.entry(STRONG_READ_UNCOMMITTED, List.of(STRONG_SESSION_READ_UNCOMMITTED)),
            Map.entry(STRONG_READ_COMMITTED, List.of(STRONG_SESSION_READ_COMMITTED, STRONG_READ_UNCOMMITTED)),
            Map.entry(STRONG_SESSION_SNAPSHOT_ISOLATION, List.of(SNAPSHOT_ISOLATION, STRONG_SESSION_READ_COMMITTED)), // Daudjee
            Map.entry(STRONG_SNAPSHOT_ISOLATION, List.of(STRONG_SESSION_SNAPSHOT_ISOLATION, STRONG_READ_COMMITTED)), // Daudjee
            Map.entry(STRONG_SESSION_SERIALIZABLE, List.of(SERIALIZABLE, STRONG_SESSION_SNAPSHOT_ISOLATION)), // Daudjee
            Map.entry(STRICT_SERIALIZABLE, List.of(SERIALIZABLE, SNAPSHOT_ISOLATION, STRONG_SNAPSHOT_ISOLATION,
                    STRONG_SESSION_SERIALIZABLE))); // Adya PL-SS

    /** Model → the anomalies (Elle's names, Adya's unions G1/G2) it rules out beyond its weaker models. */
    static final Map<ConsistencyModel, List<String>> PROSCRIBES = Map.ofEntries(
            Map.entry(READ_UNCOMMITTED, List.of("G0", "duplicate-elements", "cyclic-versions")), // Adya PL-1
            Map.entry(READ_COMMITTED, List.of("G1")), // Adya PL-2
            Map.entry(CURSOR_STABILITY, List.of("G1", "lost-update")), // Adya PL-CS, Bailis
            Map.entry(MONOTONIC_VIEW, List.of("G1")), // Adya PL-2L
            Map.entry(MONOTONIC_SNAPSHOT_READ, List.of("G1")), // Adya PL-MSR
            Map.entry(CONSISTENT_VIEW, List.of("G1", "G-single")), // Adya PL-2+
            Map.entry(FORWARD_CONSISTENT_VIEW, List.of("G1")), // Adya PL-FCV
            Map.entry(UPDATE_SERIALIZABLE, List.of("G1")), // Adya PL-3U
            Map.entry(READ_ATOMIC, List.of("internal", "G1a", "future-read")), // Cerone
            Map.entry(UPDATE_ATOMIC, List.of("lost-update")), // Cerone
            Map.entry(CAUSAL_CERONE, List.of("internal", "G1a")), // Cerone
            Map.entry(PREFIX, List.of("internal", "G1a")), // Cerone
            Map.entry(PARALLEL_SNAPSHOT_ISOLATION, List.of("internal", "G1a")), // Cerone
            Map.entry(REPEATABLE_READ, List.of("G1", "G2-item", "lost-update")), // Adya PL-2.99, Bailis
            Map.entry(SNAPSHOT_ISOLATION, List.of("internal", "G1", "G-nonadjacent")), // Adya PL-SI, Cerone
            Map.entry(SERIALIZABLE, List.of("G1", "G2", "internal")), // Adya PL-3, Cerone
            Map.entry(STRONG_SESSION_READ_UNCOMMITTED, List.of("G0-process")),
            Map.entry(STRONG_SESSION_READ_COMMITTED, List.of("G1c-process")),
            Map.entry(STRONG_READ_UNCOMMITTED, List.of("G0-realtime")),
            Map.entry(STRONG_READ_COMMITTED, List.of("G1c-realtime")),
            Map.entry(STRONG_SESSION_SNAPSHOT_ISOLATION, List.of("internal", "G1-process", "G-nonadjacent-process")), // Daudjee
            Map.entry(STRONG_SNAPSHOT_ISOLATION, List.of("internal", "G1-realtime", "G-nonadjacent-realtime")), // Daudjee
            Map.entry(STRONG_SESSION_SERIALIZABLE, List.of("G1-process", "G2-process")), // Daudjee
            Map.entry(STRICT_SERIALIZABLE, List.of("G1", "G1c-realtime", "G2-realtime"))); // Adya PL-SS

    /** This model and every model it implies. */
    public Set<ConsistencyModel> andWeaker() {
        Set<ConsistencyModel> seen = EnumSet.noneOf(ConsistencyModel.class);
        ArrayDeque<ConsistencyModel> todo = new ArrayDeque<>(List.of(this));
        while (!todo.isEmpty()) {
            ConsistencyModel m = todo.poll();
            if (seen.add(m)) {
                todo.addAll(WEAKER.getOrDefault(m, List.of()));
            }
        }
        return seen;
    }

    /** The anomaly kinds a history must not have to satisfy all of {@code models}. */
    public static Set<AnomalyType> prohibited(Set<ConsistencyModel> models) {
        Set<String> names = new TreeSet<>();
        for (ConsistencyModel m : models) {
            for (ConsistencyModel w : m.andWeaker()) {
                names.addAll(PROSCRIBES.getOrDefault(w, List.of()));
            }
        }
        Set<AnomalyType> out = EnumSet.noneOf(AnomalyType.class);
        for (AnomalyType t : AnomalyType.values()) {
            if (t.impliedNames().stream().anyMatch(names::contains)) {
                out.add(t);
            }
        }
        return out;
    }

    /** Every model a history with {@code found} cannot satisfy. */
    public static Set<ConsistencyModel> ruledOut(Set<AnomalyType> found) {
        Set<String> implied = new TreeSet<>();
        found.forEach(a -> implied.addAll(a.impliedNames()));
        Set<ConsistencyModel> out = EnumSet.noneOf(ConsistencyModel.class);
        for (ConsistencyModel m : values()) {
            for (ConsistencyModel w : m.andWeaker()) {
                if (PROSCRIBES.getOrDefault(w, List.of()).stream().anyMatch(implied::contains)) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    /** The weakest of {@code models}: those no other one of them is weaker than (Elle's {@code :not}). */
    public static Set<ConsistencyModel> weakest(Set<ConsistencyModel> models) {
        Set<ConsistencyModel> out = EnumSet.noneOf(ConsistencyModel.class);
        for (ConsistencyModel m : models) {
            boolean covered = models.stream().anyMatch(o -> o != m && m.andWeaker().contains(o));
            if (!covered) {
                out.add(m);
            }
        }
        return out;
    }

    /** Whether checking these models needs process-order edges, real-time edges (which contain process order), or neither. */
    static int orderEdges(Set<AnomalyType> prohibited) {
        if (prohibited.stream().anyMatch(a -> a.elleName().endsWith("-realtime"))) {
            return Dependencies.RT;
        }
        if (prohibited.stream().anyMatch(a -> a.elleName().endsWith("-process"))) {
            return Dependencies.PROCESS;
        }
        return 0;
    }

    /** The model by its name (as Elle spells it; {@code _} for {@code -}, any case), or an error naming the valid ones. */
    public static ConsistencyModel byName(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace('_', '-');
        n = switch (n) {
            case "strong-serializable", "pl-ss" -> "strict-serializable";
            case "pl-3", "conflict-serializable" -> "serializable";
            case "pl-2.99" -> "repeatable-read";
            case "pl-si" -> "snapshot-isolation";
            case "pl-2" -> "read-committed";
            case "pl-1" -> "read-uncommitted";
            default -> n;
        };
        for (ConsistencyModel m : values()) {
            if (m.label.equals(n)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown consistency model '" + name + "' (valid: "
                + String.join(", ", java.util.Arrays.stream(values()).map(ConsistencyModel::label).toList()) + ")");
    }

    @Override
    public String toString() {
        return label;
    }
}
