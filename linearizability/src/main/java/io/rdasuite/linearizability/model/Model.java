package io.rdasuite.linearizability.model;

import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import java.util.List;

/**
 * A model (Jepsen's word): the sequential object a history is checked against. The checker splits a history per
 * key and checks each key against the model separately (P-compositionality, Horn &amp; Kroening 2015), so a
 * model describes the behaviour of one key.
 */
public interface Model {
    /** The name used on the command line ({@code register}, {@code cas-register}, {@code kv}, {@code mutex}, ...). */
    String name();

    /** The functions this model's operations may have. */
    java.util.Set<Fn> functions();

    /**
     * Whether the checker must consider {@code op} at all. A failed operation did not take effect, and a read
     * whose result is unknown neither changes the state nor constrains it; both can be left out.
     */
    default boolean relevant(Operation op) {
        return op.status() != Status.FAIL && !(op.f() == Fn.READ && op.status() != Status.OK);
    }

    /**
     * This model starting from {@code initial} instead of nil: a value (every key, or the one register, starts
     * there), or a {@link java.util.Map} from key to value (keys it does not name start at nil). Models without a
     * value (a mutex starts free) return themselves.
     */
    default Model initially(Object initial) {
        return this;
    }

    /**
     * This model reading Knossos's way: a completed read of nil says nothing (Knossos's models take a nil read as a
     * read whose value is unknown), instead of saying the register held nil (or the key was absent). Models without
     * reads return themselves.
     */
    default Model nilReadsUnknown() {
        return this;
    }

    /**
     * Compiles the relevant operations of one key, in order of invocation, into a specification whose op
     * {@code i} is {@code ops.get(i)}. An operation that does not fit the model is a {@link ModelMismatchException}
     * naming it and what was expected.
     */
    Spec compile(List<Operation> ops);
}
