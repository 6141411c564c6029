package io.rdasuite.linearizability.model;

/**
 * A sequential specification compiled for one partition of a history: states are small ints (interned by the
 * model), operations are their indices in the compiled list. The checker's hot loop calls {@link #step} and
 * keeps states in its cache as plain ints, so equal states must have equal numbers.
 */
public interface Spec {
    /** Returned by {@link #step} when the operation cannot take effect in that state with its recorded result. */
    int REJECT = -1;

    int initialState();

    /** The state after operation {@code op} takes effect in {@code state}, or {@link #REJECT}. */
    int step(int state, int op);

    /** The state as text, for reports. */
    String describeState(int state);
}
