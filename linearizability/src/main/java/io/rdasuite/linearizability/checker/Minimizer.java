package io.rdasuite.linearizability.checker;

import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import io.rdasuite.linearizability.model.Model;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Shrinks a violation to a small failing sub-history of its key, by greedy delta debugging over operations:
 * drop chunks of operations (halves, quarters, … single ones) whenever the rest is still not linearizable.
 * A candidate must also not read a value that no operation left in it writes, unless the original already did:
 * otherwise the smallest counterexample to a stale read would be the lone read, which explains nothing.
 * Bounded by a time budget; crashes are kept.
 */
public final class Minimizer {
    /**
     * @param violation the violation of the smallest failing sub-history found, re-checked
     * @param checks    checks run
     * @param minimal   whether it is 1-minimal (no single operation can be dropped), i.e. the budget sufficed
     */
    public record Minimized(Violation violation, int checks, boolean minimal) {
    }

    private Minimizer() {
    }

    public static Minimized minimize(Violation found, Model model, CheckOptions options, long budgetNanos) {
        long deadline = System.nanoTime() + budgetNanos;
        Set<Object> allowedUnexplained = unexplained(found.operations());
        List<Operation> ops = found.operations();
        Violation best = found;
        int checks = 0;
        boolean minimal = true;
        for (int chunk = Math.max(1, ops.size() / 2); chunk >= 1; chunk /= 2) {
            int start = 0;
            while (start < ops.size()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return new Minimized(best, checks, false);
                }
                List<Operation> candidate = new ArrayList<>(ops.size());
                candidate.addAll(ops.subList(0, start));
                candidate.addAll(ops.subList(Math.min(ops.size(), start + chunk), ops.size()));
                Violation v = null;
                if (!candidate.isEmpty() && allowedUnexplained.containsAll(unexplained(candidate))) {
                    checks++;
                    CheckResult r = LinearizabilityChecker.check(candidate, found.crashes(), model,
                            options.withTimeoutNanos(Math.min(options.timeoutNanos(), left)));
                    v = r.violation();
                    minimal &= r.verdict() != Verdict.UNKNOWN;
                }
                if (v != null) {
                    ops = candidate;
                    best = v;
                } else {
                    start += chunk;
                }
            }
        }
        return new Minimized(best, checks, minimal);
    }

    /** Values some operation observes (a read's result, a cas's expected value) that none of them writes. */
    static Set<Object> unexplained(List<Operation> ops) {
        Set<Object> written = new HashSet<>();
        Set<Object> observed = new HashSet<>();
        for (Operation op : ops) {
            switch (op.f()) {
                case WRITE, APPEND -> written.add(op.value());
                case CAS -> {
                    if (op.value() instanceof List<?> pair && pair.size() == 2) {
                        written.add(pair.get(1));
                        observed.add(pair.get(0));
                    }
                }
                case READ -> {
                    if (op.status() == Status.OK) {
                        if (op.result() instanceof List<?> list) {
                            observed.addAll(list); // an append-built list: each element was appended
                        } else {
                            observed.add(op.result());
                        }
                    }
                }
                case DELETE -> { }
            }
        }
        observed.remove(null);
        observed.removeAll(written);
        return observed;
    }
}
