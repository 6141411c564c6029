package io.rdasuite.linearizability.checker;

import io.rdasuite.linearizability.history.CrashPoint;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import io.rdasuite.linearizability.model.Model;
import io.rdasuite.linearizability.model.Spec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a history against a model: leaves out what cannot matter (failed operations, reads with unknown
 * results), splits the rest per key (Jepsen's independent checker; sound and complete for linearizability by
 * P-compositionality, Horn &amp; Kroening 2015), and runs {@link WglSearch} on each key in order of first
 * appearance. Any key without a linearization makes the history {@link Verdict#NOT_LINEARIZABLE}; a key whose
 * budget ran out (and none failing) makes it {@link Verdict#UNKNOWN}. Deterministic: no randomness, and nothing
 * depends on hash iteration order.
 */
public final class LinearizabilityChecker {
    private LinearizabilityChecker() {
    }

    public static CheckResult check(History history, Model model, CheckOptions options) {
        return check(history.operations(), history.crashes(), model, options);
    }

    /**
     * Checks these operations (of one history, in order of invocation) with these crashes. An operation the
     * model does not support is an {@link IllegalArgumentException}.
     */
    public static CheckResult check(List<Operation> operations, List<CrashPoint> crashes, Model model, CheckOptions options) {
        long start = System.nanoTime();
        long deadline = start + options.timeoutNanos();
        Map<Object, List<Operation>> byKey = new LinkedHashMap<>();
        int considered = 0;
        for (Operation op : operations) {
            if (model.relevant(op)) {
                List<Operation> keyOps = byKey.get(op.key());
                if (keyOps == null) {
                    keyOps = new ArrayList<>();
                    byKey.put(op.key(), keyOps);
                }
                keyOps.add(op);
                considered++;
            }
        }
        String unknown = null;
        for (Map.Entry<Object, List<Operation>> key : byKey.entrySet()) {
            List<Operation> ops = key.getValue();
            WglSearch.Outcome o = checkKey(ops, crashes, model.compile(ops), options, deadline);
            if (o.verdict() == Verdict.NOT_LINEARIZABLE) {
                List<Operation> linearized = new ArrayList<>();
                for (int i : o.deepestPrefix()) {
                    linearized.add(ops.get(i));
                }
                Violation v = new Violation(key.getKey(), ops, crashes, linearized,
                        o.blockingOp() < 0 ? null : ops.get(o.blockingOp()));
                return new CheckResult(Verdict.NOT_LINEARIZABLE, System.nanoTime() - start, considered, byKey.size(), v, null);
            }
            if (o.verdict() == Verdict.UNKNOWN && unknown == null) {
                unknown = o.reason() + " (key " + key.getKey() + ", " + ops.size() + " operations)";
            }
        }
        Verdict verdict = unknown == null ? Verdict.LINEARIZABLE : Verdict.UNKNOWN;
        return new CheckResult(verdict, System.nanoTime() - start, considered, byKey.size(), null, unknown);
    }

    private static WglSearch.Outcome checkKey(List<Operation> ops, List<CrashPoint> crashes, Spec spec, CheckOptions options,
                                              long deadline) {
        int n = ops.size();
        int[] callPos = new int[n];
        int[] retPos = new int[n];
        boolean[] optional = new boolean[n];
        boolean boundedByCrash = options.crashes() != CrashSemantics.OPEN;
        for (int i = 0; i < n; i++) {
            Operation op = ops.get(i);
            callPos[i] = op.callIndex();
            optional[i] = !op.status().required();
            retPos[i] = op.status() == Status.CRASHED && !boundedByCrash ? -1 : op.returnIndex();
        }
        boolean buffered = options.crashes() == CrashSemantics.BUFFERED;
        int[] crashPos = new int[crashes.size()];
        for (int c = 0; c < crashPos.length; c++) {
            crashPos[c] = crashes.get(c).eventIndex();
        }
        int words = Math.max(1, (n + crashPos.length + 63) >>> 6);
        long maxEntries = Math.max(1024, Math.min(1L << 28, options.maxCacheBytes() / StateCache.bytesPerEntry(words)));
        return WglSearch.run(spec, n, callPos, retPos, optional, crashPos, buffered, deadline, maxEntries);
    }
}
