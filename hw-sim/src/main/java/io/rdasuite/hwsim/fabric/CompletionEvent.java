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
        super(TraceKind.COMPLETE, message.requester.node.id(), ((long) status.ordinal() << 48) ^ message.id);
        this.message = message;
        this.status = status;
        this.roundTrip = roundTrip;
    }

    @Override
    protected void fire() {
        message.requester.complete(message, status, roundTrip);
    }
}
