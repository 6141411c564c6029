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

    /**
     * Whether op never changes the state: in every state it either leaves it as it is or is rejected (a read; a
     * cas whose expected and new values are equal). The search then linearizes it as soon as the state allows
     * and tries no later point, which is sound: nothing else must precede it by then, and moving an op without
     * effect earlier changes no other op's state.
     */
    default boolean readOnly(int op) {
        return false;
    }

    /** The state as text, for reports. */
    String describeState(int state);
}
