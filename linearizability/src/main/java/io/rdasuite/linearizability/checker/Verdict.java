package io.rdasuite.linearizability.checker;

/** What a checker concludes about a history. */
public enum Verdict {
    /** A linearization exists (for every key). */
    LINEARIZABLE,
    /** No linearization exists for some key: the history shows a bug. */
    NOT_LINEARIZABLE,
    /** The search ran out of its time or memory budget before deciding. */
    UNKNOWN
}
