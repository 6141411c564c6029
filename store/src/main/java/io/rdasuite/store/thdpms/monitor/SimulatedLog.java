package io.rdasuite.store.thdpms.monitor;

import io.rdasuite.store.fabric.Clock;

/**
 * The monitor's replicated log on the simulator: the same {@link StateMachine} as on Ratis, commands applied in
 * submission order, each after a modelled commit cost charged on the submitter's clock (a Raft round: the leader's
 * append, one round trip to the followers, a majority's persist). The simulator runs one actor at a time, so
 * submission order is deterministic; the monitor is "assumed always reliable" (§4.1.3) and never crashes here.
 */
public final class SimulatedLog implements ReplicatedLog {
    /** A Raft commit across three monitors in one rack: two network trips and a log persist, about 10 µs. */
    public static final long DEFAULT_COMMIT_NANOS = 10_000;

    private final StateMachine machine;
    private final Clock clock;
    private final long commitNanos;
    private long index;

    public SimulatedLog(StateMachine machine, Clock clock, long commitNanos) {
        if (commitNanos < 0) {
            throw new IllegalArgumentException("a commit cost is >= 0 ns: " + commitNanos);
        }
        this.machine = machine;
        this.clock = clock;
        this.commitNanos = commitNanos;
    }

    private java.util.function.Consumer<byte[]> durable = snapshot -> { };

    /** Keeps each committed state durable: called with the state machine's snapshot after every command (the monitor's log on PM). */
    public SimulatedLog persistingTo(java.util.function.Consumer<byte[]> sink) {
        this.durable = sink;
        return this;
    }

    @Override
    public byte[] submit(byte[] command) {
        clock.sleepNanos(commitNanos);
        return submitUntimed(command);
    }

    /** A command at deployment, before the run's clock matters (no commit cost charged). */
    public byte[] submitUntimed(byte[] command) {
        byte[] reply = machine.apply(++index, command);
        durable.accept(machine.snapshot());
        for (Runnable r : committed) {
            r.run();
        }
        return reply;
    }

    private final java.util.List<Runnable> committed = new java.util.ArrayList<>();

    /** Runs {@code hook} after each command is applied and persisted, in the submitter's actor (a test's fault injection). */
    public SimulatedLog afterEachCommand(Runnable hook) {
        committed.add(hook);
        return this;
    }

    @Override
    public byte[] query(byte[] query) {
        return machine.query(query);
    }

    /** Commands committed so far. */
    public long committed() {
        return index;
    }

    @Override
    public void close() {
    }
}
