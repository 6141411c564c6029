package io.rdasuite.linearizability.history;

/** How an invoked operation ended. */
public enum Status {
    /** Completed by {@code ok}: it took effect between its call and its return, with the recorded result. */
    OK,
    /** Completed by {@code fail}: it certainly did not take effect. The checker leaves it out. */
    FAIL,
    /** Completed by {@code info}: unknown; it may take effect at any point after its call, or never. */
    INFO,
    /** Still pending at a crash of its node: how the checker treats it depends on the crash semantics. */
    CRASHED,
    /** Never completed before the end of the history: like {@link #INFO}. */
    PENDING;

    /** Whether the operation is certain to have taken effect (and so must be linearized). */
    public boolean required() {
        return this == OK;
    }
}
