package io.rdasuite.linearizability.txn;

import java.util.List;

/**
 * One anomaly found: its kind, the transactions concerned (a cycle's in cycle order), the cycle's steps (empty for
 * anomalies that need no cycle) and an explanation in words.
 */
public record Anomaly(AnomalyType type, List<Txn> txns, List<Step> steps, String explanation) {
    public Anomaly {
        txns = List.copyOf(txns);
        steps = List.copyOf(steps);
    }

    /** Elle's name of the kind. */
    public String name() {
        return type.elleName();
    }

    /**
     * One edge of a cycle: {@code from} must precede {@code to} because of {@code kind} (ww, wr, rw, process or realtime);
     * {@code why} says so in words.
     */
    public record Step(int from, int to, String kind, Object key, String why) {
        /** {@code T1 -ww(x)-> T2}. */
        public String label() {
            return "T" + from + " -" + kind + (key == null ? "" : "(" + key + ")") + "-> T" + to;
        }
    }

    /** The steps as one line of labels, or the explanation when there is no cycle. */
    public String summary() {
        return steps.isEmpty() ? explanation : String.join(", ", steps.stream().map(Step::label).toList());
    }
}
