package io.rdasuite.store.thdpms.monitor;

/** A deterministic state machine behind a {@link ReplicatedLog}: {@code apply} is a function of the state and the command. */
public interface StateMachine {
    /** Applies the committed command at log position {@code index}; returns the reply. */
    byte[] apply(long index, byte[] command);

    /** Answers a read-only query of the committed state. */
    byte[] query(byte[] query);

    /** The whole state, for a replica that catches up or a restart. */
    byte[] snapshot();

    /** Replaces the state with a snapshot's. */
    void restore(byte[] snapshot);
}
