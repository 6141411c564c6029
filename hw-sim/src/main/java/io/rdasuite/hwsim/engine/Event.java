package io.rdasuite.hwsim.engine;

/**
 * Something that happens at a virtual time. Hardware events run inline on whichever thread holds the
 * engine's baton; {@link Actor}s are events too (resuming one hands the baton to its thread).
 */
public abstract class Event {
    /** Runs the event at {@link Engine#now()}. Never blocks. */
    protected abstract void fire();

    /** What the trace calls this event. */
    protected abstract TraceKind kind();

    /** The node the event happens on, for the trace. */
    protected abstract int nodeId();

    /** One number that identifies the event's subject in the trace (a request id, an actor id, ...). */
    protected abstract long traceArgument();
}
