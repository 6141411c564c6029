package io.rdasuite.crashsim.txn;

import io.rdasuite.store.thdpms.txn.TxnOp;
import java.util.List;

/**
 * One transaction of a run's history: what the client asked, how it ended, what its reads returned, and when it was
 * invoked and completed (dispatched-event counts; {@link Long#MAX_VALUE} when it never completed), and why it failed
 * or is unknown (empty when committed or cut by the crash).
 */
public record TxnRecord(int client, List<TxnOp> ops, Outcome outcome, List<long[]> reads, long invoke, long complete, String why) {
    /** Jepsen's {@code :ok}, {@code :fail} (took no effect) and {@code :info} (all or nothing, unknown which). */
    public enum Outcome { OK, FAIL, INFO }

    public TxnRecord {
        ops = List.copyOf(ops);
        why = why == null ? "" : why;
        reads = reads == null ? null : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(reads));
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("c" + client + " " + outcome.name().toLowerCase(java.util.Locale.ROOT) + " [");
        for (int i = 0; i < ops.size(); i++) {
            TxnOp op = ops.get(i);
            b.append(i > 0 ? " " : "").append(op.kind() != TxnOp.Kind.READ ? op.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + op.key() + " " + op.value()
                    : "r " + op.key() + " " + (reads != null && reads.get(i) != null ? java.util.Arrays.toString(reads.get(i)) : "?"));
        }
        return b.append("]").append(why.isEmpty() ? "" : " (" + why + ")").toString();
    }
}
