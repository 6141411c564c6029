package io.rdasuite.linearizability.crash;

import io.rdasuite.crashsim.txn.TxnHistoryCheck;
import io.rdasuite.crashsim.txn.TxnRecord;
import io.rdasuite.linearizability.txn.SerializabilityChecker;
import io.rdasuite.linearizability.txn.Txn;
import io.rdasuite.store.thdpms.txn.TxnOp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Checks the histories of {@link io.rdasuite.crashsim.txn.TxnExplorer} with the Elle-style checker: list-append,
 * strict serializability (real-time edges from the dispatched-event stamps). A transaction cut by the crash is
 * {@code :info} (all or nothing); an aborted one is {@code :fail} (must not be visible: G1a otherwise).
 */
public final class TxnCrashHistoryCheck implements TxnHistoryCheck {
    private final boolean strict;

    public TxnCrashHistoryCheck(boolean strict) {
        this.strict = strict;
    }

    /** Strict serializability, what paper 002 §4.1.6 inherits from FaRM. */
    public static TxnCrashHistoryCheck strict() {
        return new TxnCrashHistoryCheck(true);
    }

    @Override
    public String check(List<TxnRecord> history) {
        SerializabilityChecker.Result r = SerializabilityChecker.check(toTxns(history), SerializabilityChecker.DataType.LIST_APPEND, strict);
        java.util.Optional<io.rdasuite.linearizability.txn.Anomaly> f = r.anomalies().stream()
                .filter(a -> r.verdict() == SerializabilityChecker.Verdict.INVALID ? a.type().shape() != io.rdasuite.linearizability.txn.AnomalyType.Shape.UNKNOWN
                        : a.type() == io.rdasuite.linearizability.txn.AnomalyType.DUPLICATE_WRITE).findFirst();
        return f.map(a -> a.name() + ": " + a.summary() + " in " + a.txns()).orElse(null);
    }

    /** The records as the checker's transactions, in invocation order. */
    public static List<Txn> toTxns(List<TxnRecord> history) {
        List<TxnRecord> sorted = new ArrayList<>(history);
        sorted.sort(Comparator.comparingLong(TxnRecord::invoke).thenComparingInt(TxnRecord::client));
        List<Txn> out = new ArrayList<>(sorted.size());
        for (int i = 0; i < sorted.size(); i++) {
            TxnRecord rec = sorted.get(i);
            List<Txn.Mop> mops = new ArrayList<>(rec.ops().size());
            for (int m = 0; m < rec.ops().size(); m++) {
                TxnOp op = rec.ops().get(m);
                if (op.kind() == TxnOp.Kind.WRITE) {
                    throw new IllegalArgumentException("a list-append history has no register writes: " + rec);
                }
                if (op.kind() == TxnOp.Kind.APPEND) {
                    mops.add(new Txn.Mop("append", (long) op.key(), op.value()));
                } else {
                    long[] read = rec.outcome() == TxnRecord.Outcome.OK && rec.reads() != null ? rec.reads().get(m) : null;
                    List<Object> list = null;
                    if (read != null) {
                        list = new ArrayList<>(read.length);
                        for (long v : read) {
                            list.add(v);
                        }
                    }
                    mops.add(new Txn.Mop("r", (long) op.key(), list));
                }
            }
            Txn.Type type = switch (rec.outcome()) {
                case OK -> Txn.Type.OK;
                case FAIL -> Txn.Type.FAIL;
                case INFO -> Txn.Type.INFO;
            };
            out.add(new Txn(i, rec.client(), type, mops, rec.invoke(), rec.outcome() == TxnRecord.Outcome.INFO ? Long.MAX_VALUE : rec.complete()));
        }
        return out;
    }

    /**
     * Writes the records as a Jepsen-shaped history in JSON Lines (what {@code rda lin check --model txn-list-append}
     * reads): an invoke line per transaction and, unless it was cut by the crash, its {@code ok}, {@code fail} or
     * {@code info} line, in the order of their event stamps (a completion before an invocation of the same stamp).
     */
    public static void writeJsonLines(List<TxnRecord> history, java.io.Writer out) throws java.io.IOException {
        record Line(long stamp, int order, String text) {
        }
        List<Line> lines = new ArrayList<>();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (TxnRecord r : history) {
            lines.add(new Line(r.invoke(), 1, json.writeValueAsString(event("invoke", r, false))));
            if (r.complete() != Long.MAX_VALUE) {
                String type = switch (r.outcome()) {
                    case OK -> "ok";
                    case FAIL -> "fail";
                    case INFO -> "info";
                };
                lines.add(new Line(r.complete(), 0, json.writeValueAsString(event(type, r, r.outcome() == TxnRecord.Outcome.OK))));
            }
        }
        lines.sort(Comparator.comparingLong(Line::stamp).thenComparingInt(Line::order));
        for (Line l : lines) {
            out.write(l.text());
            out.write('\n');
        }
        out.flush();
    }

    private static java.util.Map<String, Object> event(String type, TxnRecord r, boolean withReads) {
        List<List<Object>> value = new ArrayList<>();
        for (int m = 0; m < r.ops().size(); m++) {
            TxnOp op = r.ops().get(m);
            if (op.kind() == TxnOp.Kind.APPEND) {
                value.add(java.util.Arrays.asList("append", op.key(), op.value()));
            } else {
                long[] read = withReads && r.reads() != null ? r.reads().get(m) : null;
                value.add(java.util.Arrays.asList("r", op.key(), read == null ? null : java.util.Arrays.stream(read).boxed().toList()));
            }
        }
        java.util.Map<String, Object> e = new java.util.LinkedHashMap<>();
        e.put("type", type);
        e.put("f", "txn");
        e.put("value", value);
        e.put("process", r.client());
        return e;
    }
}
