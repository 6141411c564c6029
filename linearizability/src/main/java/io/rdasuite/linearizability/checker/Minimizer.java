package io.rdasuite.linearizability.checker;

import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import io.rdasuite.linearizability.model.Model;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Shrinks a violation to a small failing sub-history of its key, by greedy delta debugging: drop chunks of
 * operations (halves, quarters, … single ones) while the rest still has no linearization.
 *
 * <p>Dropping an operation that changes the state can <em>create</em> a violation (drop the delete between a put
 * and a read of nil), and such a counterexample would point at no bug. So a candidate is kept only if it also
 * fails with its closure put back: every state-changing operation of the original whose interval overlaps the
 * candidate's time span (to a fixpoint; operations open to the end do not widen the span). And it is rejected
 * if one of its reads (or cas) observes a value that no operation left in it could have written before it
 * returned, unless that was already so in the original. What a counterexample leaves out then either precedes
 * it entirely (and only set the initial state, which its own writes must explain), follows it, or could not
 * have rescued it. Bounded by a time budget; crashes are kept.
 */
public final class Minimizer {
    /**
     * @param violation the violation of the smallest failing sub-history found, re-checked
     * @param checks    checks run
     * @param minimal   whether no single operation could be dropped (the budget sufficed)
     */
    public record Minimized(Violation violation, int checks, boolean minimal) {
    }

    private Minimizer() {
    }

    public static Minimized minimize(Violation found, Model model, CheckOptions options, long budgetNanos) {
        long deadline = System.nanoTime() + budgetNanos;
        List<Operation> all = found.operations();
        Set<Integer> allowedUnexplained = unexplainedReads(all);
        List<Operation> kept = all;
        Violation best = found;
        int checks = 0;
        boolean minimal = true;
        for (int chunk = Math.max(1, kept.size() / 2); chunk >= 1; chunk /= 2) {
            int start = 0;
            while (start < kept.size()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return new Minimized(best, checks, false);
                }
                List<Operation> candidate = new ArrayList<>(kept.subList(0, start));
                candidate.addAll(kept.subList(Math.min(kept.size(), start + chunk), kept.size()));
                Violation v = null;
                if (!candidate.isEmpty() && allowedUnexplained.containsAll(unexplainedReads(candidate))) {
                    CheckOptions o = options.withTimeoutNanos(Math.min(options.timeoutNanos(), left));
                    checks++;
                    CheckResult r = LinearizabilityChecker.check(candidate, found.crashes(), model, o);
                    minimal &= r.verdict() != Verdict.UNKNOWN;
                    List<Operation> closed = closure(candidate, all);
                    if (r.violation() != null && closed.size() > candidate.size()) {
                        checks++;
                        CheckResult c = LinearizabilityChecker.check(closed, found.crashes(), model, o);
                        minimal &= c.verdict() != Verdict.UNKNOWN;
                        v = c.violation() == null ? null : r.violation();
                    } else {
                        v = r.violation();
                    }
                }
                if (v != null) {
                    kept = candidate;
                    best = v;
                } else {
                    start += chunk;
                }
            }
        }
        return new Minimized(best, checks, minimal);
    }

    /** {@code ops} plus every state-changing op of {@code all} overlapping their span, to a fixpoint; in id order. */
    static List<Operation> closure(List<Operation> ops, List<Operation> all) {
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        Set<Integer> in = new HashSet<>();
        for (Operation op : ops) {
            in.add(op.id());
            from = Math.min(from, op.callIndex());
            to = Math.max(to, op.open() ? op.callIndex() : op.returnIndex());
        }
        for (boolean grew = true; grew; ) {
            grew = false;
            for (Operation op : all) {
                long end = op.open() ? Long.MAX_VALUE : op.returnIndex();
                if (op.f() != Fn.READ && !in.contains(op.id()) && op.callIndex() < to && end > from) {
                    in.add(op.id());
                    if (!op.open()) {
                        grew |= op.callIndex() < from || op.returnIndex() > to;
                        from = Math.min(from, op.callIndex());
                        to = Math.max(to, op.returnIndex());
                    }
                }
            }
        }
        List<Operation> out = new ArrayList<>(in.size());
        for (Operation op : all) {
            if (in.contains(op.id())) {
                out.add(op);
            }
        }
        return out;
    }

    /**
     * Ids of the ops that observe a value (a read's result or each element of it, a cas's expected value) that no
     * op among {@code ops} writes with a call before the observer returns. Nil needs no writer.
     */
    static Set<Integer> unexplainedReads(List<Operation> ops) {
        Set<Integer> out = new HashSet<>();
        for (Operation reader : ops) {
            for (Object v : observed(reader)) {
                if (v != null && !writtenBefore(ops, v, reader)) {
                    out.add(reader.id());
                }
            }
        }
        return out;
    }

    private static boolean writtenBefore(List<Operation> ops, Object v, Operation reader) {
        long by = reader.open() ? Long.MAX_VALUE : reader.returnIndex();
        for (Operation w : ops) {
            if (w != reader && w.callIndex() < by && written(w) != null && written(w).equals(v)) {
                return true;
            }
        }
        return false;
    }

    private static Object written(Operation op) {
        return switch (op.f()) {
            case WRITE, APPEND -> op.value();
            case CAS -> op.value() instanceof List<?> pair && pair.size() == 2 ? pair.get(1) : null;
            default -> null;
        };
    }

    private static List<?> observed(Operation op) {
        if (op.f() == Fn.READ && op.status() == Status.OK) {
            return op.result() instanceof List<?> list ? list : java.util.Collections.singletonList(op.result());
        }
        if (op.f() == Fn.CAS && op.value() instanceof List<?> pair && pair.size() == 2) {
            return java.util.Collections.singletonList(pair.getFirst());
        }
        return List.of();
    }
}
