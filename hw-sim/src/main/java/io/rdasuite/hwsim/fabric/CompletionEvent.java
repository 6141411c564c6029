package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Event;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.store.fabric.CompletionStatus;

/** A completion reaching the requester's completion queue. */
final class CompletionEvent extends Event {
    private final Message message;
    private final CompletionStatus status;
    private final boolean roundTrip;

    CompletionEvent(Message message, CompletionStatus status, boolean roundTrip) {
        this.message = message;
        this.status = status;
        this.roundTrip = roundTrip;
    }

    @Override
    protected void fire() {
        message.requester.complete(message, status, roundTrip);
    }

    @Override
    protected TraceKind kind() {
        return TraceKind.COMPLETE;
    }

    @Override
    protected int nodeId() {
        return message.requester.node.id();
    }

    @Override
    protected long traceArgument() {
        return ((long) status.ordinal() << 48) ^ message.id;
    }
}
