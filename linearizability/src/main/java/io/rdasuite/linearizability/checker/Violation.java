package io.rdasuite.linearizability.checker;

import io.rdasuite.linearizability.history.CrashPoint;
import io.rdasuite.linearizability.history.Operation;
import java.util.List;

/**
 * Why a history is not linearizable: the key whose sub-history has no linearization, and what the search got
 * furthest with.
 *
 * @param operations the key's operations the checker considered (failed ops and unknown reads left out)
 * @param crashes    the history's crashes
 * @param linearized the longest sequence of operations the search linearized, in linearization order
 * @param blocking   the operation that could not be linearized after that sequence before it returned
 *                   ({@code null} if the search stopped at a crash)
 */
public record Violation(Object key, List<Operation> operations, List<CrashPoint> crashes, List<Operation> linearized,
                        Operation blocking) {
    public Violation {
        operations = List.copyOf(operations);
        crashes = List.copyOf(crashes);
        linearized = List.copyOf(linearized);
    }
}
