package io.rdasuite.linearizability.history;

/**
 * A crash event of a history.
 *
 * @param eventIndex its index among the history's events
 * @param node       the crashed node, {@code null} for the whole system
 */
public record CrashPoint(int eventIndex, long timeNanos, String node) {
    /** Whether an operation sent to {@code opNode} was cut off by this crash (either side unnamed: yes). */
    public boolean affects(String opNode) {
        return node == null || opNode == null || node.equals(opNode);
    }
}
