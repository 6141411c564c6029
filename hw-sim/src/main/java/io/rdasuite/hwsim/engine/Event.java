package io.rdasuite.hwsim.engine;

/**
 * Something that happens at a virtual time. Hardware events run inline on whichever thread holds the
 * engine's baton; {@link Actor}s are events too (resuming one hands the baton to its thread).
 *
 * <p>How the trace names an event: an event that knows its kind, node and argument when it is made passes them to
 * {@link #Event(TraceKind, int, long)} (and changes its kind with {@link #retrace}); the engine then reads them as
 * fields, without the three calls per dispatched event that the overridable methods cost. An event whose trace
 * depends on the state when it fires (its argument is a count, say) uses the no-argument constructor and overrides
 * {@link #kind}, {@link #nodeId} and {@link #traceArgument}.
 */
public abstract class Event {
    /** Whether {@link #traceKind}, {@link #traceNode} and {@link #traceArg} name the event (no call needed). */
    final boolean fixedTrace;
    /** Whether the engine asks {@link #dueAt} before dispatching it (a field, so that other events cost no call). */
    final boolean deferrable;
    TraceKind traceKind;
    final int traceNode;
    final long traceArg;

    /** An event whose trace the methods compute when it is dispatched; override all three. */
    protected Event() {
        this.fixedTrace = false;
        this.deferrable = false;
        this.traceNode = 0;
        this.traceArg = 0;
    }

    /** An event named in the trace by these, known now (the kind may change later, see {@link #retrace}). */
    protected Event(TraceKind kind, int nodeId, long traceArgument) {
        this(kind, nodeId, traceArgument, false);
    }

    /**
     * As {@link #Event(TraceKind, int, long)}; a {@code deferrable} event is asked {@link #dueAt} each time its time comes,
     * before it is dispatched.
     */
    protected Event(TraceKind kind, int nodeId, long traceArgument, boolean deferrable) {
        this.fixedTrace = true;
        this.deferrable = deferrable;
        this.traceKind = kind;
        this.traceNode = nodeId;
        this.traceArg = traceArgument;
    }

    /** A fixed-trace event moves on to a stage the trace calls {@code kind}. */
    protected final void retrace(TraceKind kind) {
        if (!fixedTrace) {
            throw new IllegalStateException("retrace is for events made with a fixed trace");
        }
        this.traceKind = kind;
    }

    /**
     * For a deferrable event whose time {@code now} came: when it is due, {@code now} or later. A later time puts it
     * back in the queue at that time, neither dispatched nor traced, nor counted as an event: a stage whose end depends
     * on what reaches it before it in time, which is known only then (a NIC's receive link, FIFO in arrival order,
     * paper 003 Fig. 1), asks here. It must not schedule events; it is asked again when the later time comes.
     */
    protected long dueAt(long now) {
        return now;
    }

    /** Runs the event at {@link Engine#now()}. Never blocks. */
    protected abstract void fire();

    /** What the trace calls this event. */
    protected TraceKind kind() {
        return traceKind;
    }

    /** The node the event happens on, for the trace. */
    protected int nodeId() {
        return traceNode;
    }

    /** One number that identifies the event's subject in the trace (a request id, an actor id, ...). */
    protected long traceArgument() {
        return traceArg;
    }
}
