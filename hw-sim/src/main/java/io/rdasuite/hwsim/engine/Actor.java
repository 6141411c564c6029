package io.rdasuite.hwsim.engine;

/**
 * A simulated thread: a virtual thread that runs only while it holds the engine's baton. As an
 * {@link Event}, it stands for its own resumption: dispatching it hands the baton to its thread.
 * At most one resumption is queued at a time ({@link #pending}).
 */
public final class Actor extends Event {
    final Engine engine;
    final int id;
    final String name;
    final int nodeId;
    final boolean daemon;
    Thread thread;
    /** The actor's continuation when the engine runs fibers ({@link Fiber#AVAILABLE}); else {@link #thread} runs it. */
    Fiber fiber;
    boolean started;
    boolean pending;
    boolean waiting;
    boolean finished;
    boolean killed;
    /** A stall fault: the actor does not run again before this virtual time. */
    long stalledUntilNs;
    /** Per-thread state of the layer above (pending clwbs, the open operation scope). */
    public Object attachment;

    Actor(Engine engine, int id, String name, int nodeId, boolean daemon) {
        super(TraceKind.ACTOR_RESUME, nodeId, id);
        this.engine = engine;
        this.id = id;
        this.name = name;
        this.nodeId = nodeId;
        this.daemon = daemon;
    }

    public String name() {
        return name;
    }

    public int node() {
        return nodeId;
    }

    public boolean isFinished() {
        return finished;
    }

    public boolean isKilled() {
        return killed;
    }

    @Override
    protected void fire() {
        throw new IllegalStateException("actors are dispatched by the engine, not fired");
    }

    @Override
    public String toString() {
        return name + "@node" + nodeId;
    }
}
