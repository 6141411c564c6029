package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Elle's checker for transactional histories (Kingsbury and Alvaro, "Elle: Inferring Isolation Anomalies from
 * Experimental Observations", VLDB 2020), in Elle's steps: a data type's reading of the history ({@link ListAppend},
 * {@link RwRegister}) infers each key's version order and the anomalies that need no cycle; the shared {@link
 * Inference} steps turn version orders into ww/wr/rw edges; process-order or real-time edges are added when the
 * consistency models asked for need them; {@link CycleSearch} names the cycles. The verdict: which anomalies the asked
 * models prohibit were found, and which models the history rules out.
 */
public final class SerializabilityChecker {
    /**
     * The two data types transactions operate on (Elle's list-append and rw-register workloads); not a {@link
     * io.rdasuite.linearizability.model.Model}, the sequential specification a linearizability check is against.
     */
    public enum DataType {
        /** Lists, to which a transaction appends unique elements; a read returns the whole list. */
        LIST_APPEND,
        /** Registers: write a value, read one value. */
        RW_REGISTER
    }

    /** Valid: none of the prohibited anomalies; invalid: some; unknown: nothing checkable, or an assumption broken. */
    public enum Verdict {
        VALID,
        INVALID,
        UNKNOWN
    }

    /**
     * The outcome. {@code anomalies}: those the asked models prohibit, plus the kinds that make a verdict unknown.
     * {@code ruledOut}: the weakest models the history violates (Elle's {@code :not}), from every anomaly found; {@code
     * alsoRuledOut}: the stronger ones (Elle's {@code :also-not}).
     */
    public record Result(Verdict verdict, List<Anomaly> anomalies, Set<ConsistencyModel> ruledOut, Set<ConsistencyModel> alsoRuledOut,
            int transactions, int edges) {
        /** No prohibited anomaly was found (an unknown verdict is not a violation). */
        public boolean valid() {
            return verdict != Verdict.INVALID;
        }

        /** The kinds reported, in the checker's ranking (Elle's {@code :anomaly-types}). */
        public Set<AnomalyType> types() {
            Set<AnomalyType> s = EnumSet.noneOf(AnomalyType.class);
            anomalies.forEach(a -> s.add(a.type()));
            return s;
        }
    }

    private SerializabilityChecker() {
    }

    /** Serializable, or strict serializable with {@code strict}. */
    public static Result check(List<Txn> txns, DataType model, boolean strict) {
        return check(txns, model, EnumSet.of(strict ? ConsistencyModel.STRICT_SERIALIZABLE : ConsistencyModel.SERIALIZABLE));
    }

    public static Result check(List<Txn> txns, DataType model, Set<ConsistencyModel> models) {
        return check(txns, model, models, Set.of());
    }

    /**
     * Checks {@code models}, and prohibits also every anomaly that implies one of {@code anomalies} (Elle's names, or
     * Adya's G1/G2; Elle's {@code :anomalies} option).
     */
    public static Result check(List<Txn> txns, DataType model, Set<ConsistencyModel> models, Set<String> anomalies) {
        return check(txns, model, models, anomalies, KeyAssumptions.DEFAULT);
    }

    /**
     * As {@link #check(List, DataType, Set, Set)}, with what rw-register may assume of its keys (Elle's
     * {@code :wfr-keys?}, {@code :sequential-keys?}, {@code :linearizable-keys?}, {@code :transaction-order});
     * list-append orders versions by its reads and takes only the default.
     */
    public static Result check(List<Txn> txns, DataType model, Set<ConsistencyModel> models, Set<String> anomalies, KeyAssumptions assume) {
        Inference in = new Inference(txns);
        if (model == DataType.LIST_APPEND) {
            if (!assume.isDefault()) {
                throw new IllegalArgumentException("--wfr-keys, --sequential-keys, --linearizable-keys and --transaction-order"
                        + " order rw-register versions; a list-append history orders them by its reads (use --model txn-rw-register)");
            }
            ListAppend.infer(in);
        } else {
            RwRegister.infer(in, assume);
        }
        Set<AnomalyType> prohibited = ConsistencyModel.prohibited(models);
        for (AnomalyType t : AnomalyType.values()) {
            if (t.impliedNames().stream().anyMatch(anomalies::contains)) {
                prohibited.add(t);
            }
        }
        int order = ConsistencyModel.orderEdges(prohibited);
        if (order == Dependencies.RT) {
            in.graph.realtime();
        } else if (order == Dependencies.PROCESS) {
            in.graph.processOrder();
        }
        in.graph.freeze();
        List<Anomaly> found = new ArrayList<>(in.found);
        if (in.graph.edgeCount() == 0) {
            found.add(new Anomaly(AnomalyType.EMPTY_TRANSACTION_GRAPH, List.of(), List.of(),
                    "no transaction depends on another: there is nothing to order, so no cycle can be checked"));
        } else {
            found.addAll(new CycleSearch(in.graph, order).search());
        }
        Set<AnomalyType> all = EnumSet.noneOf(AnomalyType.class);
        found.forEach(a -> all.add(a.type()));
        List<Anomaly> reported = found.stream()
                .filter(a -> prohibited.contains(a.type()) || a.type().shape() == AnomalyType.Shape.UNKNOWN)
                .sorted(java.util.Comparator.comparing(Anomaly::type)).toList();
        Verdict verdict = all.contains(AnomalyType.DUPLICATE_WRITE) ? Verdict.UNKNOWN
                : reported.stream().anyMatch(a -> prohibited.contains(a.type())) ? Verdict.INVALID
                : reported.isEmpty() ? Verdict.VALID : Verdict.UNKNOWN;
        Set<ConsistencyModel> impossible = ConsistencyModel.ruledOut(all);
        Set<ConsistencyModel> weakest = ConsistencyModel.weakest(impossible);
        Set<ConsistencyModel> stronger = EnumSet.noneOf(ConsistencyModel.class);
        stronger.addAll(impossible);
        stronger.removeAll(weakest);
        return new Result(verdict, reported, weakest, stronger, txns.size(), in.graph.edgeCount());
    }
}
