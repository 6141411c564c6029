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
    /** The name used on the command line ({@code register}, {@code cas-register}, {@code kv}). */
    String name();

    /**
     * Whether the checker must consider {@code op} at all. A failed operation did not take effect, and a read
     * whose result is unknown neither changes the state nor constrains it; both can be left out.
     */
    default boolean relevant(Operation op) {
        return op.status() != Status.FAIL && !(op.f() == Fn.READ && op.status() != Status.OK);
    }

    /**
     * Compiles the relevant operations of one key, in order of invocation, into a specification whose op
     * {@code i} is {@code ops.get(i)}. An operation the model does not support is an
     * {@link IllegalArgumentException} naming it and the models that do.
     */
    Spec compile(List<Operation> ops);
}
