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
 * P-compositionality, Horn &amp; Kroening 2015), and runs {@link WglSearch} on each key, cheapest first: by the most
 * operations open at once (the search is exponential in it), then by size, then by first appearance. It stops at
 * the first key without a linearization ({@link Verdict#NOT_LINEARIZABLE}). Each key has its own time budget
 * ({@link CheckOptions#timeoutNanos}), so a hard key can neither use up the time of the others nor hide an easy
 * one that fails; a key whose budget ran out (and none failing) makes the history {@link Verdict#UNKNOWN}.
 * Deterministic: no randomness, and nothing depends on hash iteration order.
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
        List<Map.Entry<Object, List<Operation>>> keys = new ArrayList<>(byKey.entrySet());
        long[] cost = new long[keys.size()];
        Integer[] order = new Integer[keys.size()];
        for (int k = 0; k < cost.length; k++) {
            cost[k] = ((long) maxOpenAtOnce(keys.get(k).getValue()) << 32) | keys.get(k).getValue().size();
            order[k] = k;
        }
        java.util.Arrays.sort(order, (x, y) -> cost[x] != cost[y] ? Long.compare(cost[x], cost[y]) : Integer.compare(x, y));
        for (int k : order) {
            Map.Entry<Object, List<Operation>> key = keys.get(k);
            List<Operation> ops = key.getValue();
            Spec spec = model.compile(ops);
            WglSearch.Outcome o = checkKey(ops, crashes, spec, options, System.nanoTime() + options.timeoutNanos());
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

    /** The most operations of one key open at the same time (calls minus returns, swept in history order). */
    static int maxOpenAtOnce(List<Operation> ops) {
        long[] edges = new long[2 * ops.size()];
        int n = 0;
        for (Operation op : ops) {
            edges[n++] = (long) op.callIndex() << 1 | 1; // a call opens one
            if (op.returnIndex() >= 0) {
                edges[n++] = (long) op.returnIndex() << 1; // a return closes one (sorted before a call at the same index)
            }
        }
        java.util.Arrays.sort(edges, 0, n);
        int open = 0;
        int most = 0;
        for (int i = 0; i < n; i++) {
            open += (edges[i] & 1) == 1 ? 1 : -1;
            most = Math.max(most, open);
        }
        return most;
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
        return WglSearch.run(spec, new WglSearch.KeyHistory(n, callPos, retPos, optional, crashPos), buffered, new WglSearch.Limits(deadline, maxEntries));
    }
}
