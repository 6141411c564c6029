package io.rdasuite.linearizability.checker;

/**
 * The outcome of one check.
 *
 * @param checkNanos time spent checking (parsing excluded)
 * @param operations operations the checker considered
 * @param keys       keys (partitions) checked
 * @param violation  for {@link Verdict#NOT_LINEARIZABLE}, the failing key's evidence; otherwise {@code null}
 * @param reason     for {@link Verdict#UNKNOWN}, which budget ran out; otherwise {@code null}
 */
public record CheckResult(Verdict verdict, long checkNanos, int operations, int keys, Violation violation, String reason) {
}
