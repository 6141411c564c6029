package io.rdasuite.linearizability.model;

import io.rdasuite.linearizability.history.Operation;

/**
 * An operation that does not fit the model a history is checked against (another model's function, a value of
 * the wrong shape). Never a verdict: the history is bad input, and {@link #operation()} lets a reader name the line.
 */
public final class ModelMismatchException extends IllegalArgumentException {
    private final transient Operation operation;

    public ModelMismatchException(Operation operation, String message) {
        super(message);
        this.operation = operation;
    }

    /** The operation that does not fit. */
    public Operation operation() {
        return operation;
    }
}
