package io.rdasuite.store.thdpms.monitor;

/**
 * The log a monitor runs behind (paper 002 §4.1.3: three monitor replicas kept consistent by Raft): Apache Ratis on the
 * real backends, {@link SimulatedLog} on the simulator (Ratis reads the wall clock and cannot be deterministic).
 */
public interface ReplicatedLog extends AutoCloseable {
    /** Appends {@code command}, waits until it is committed and applied, and returns the state machine's reply. */
    byte[] submit(byte[] command);

    /** Reads the committed state (the leader's). */
    byte[] query(byte[] query);

    @Override
    void close();
}
