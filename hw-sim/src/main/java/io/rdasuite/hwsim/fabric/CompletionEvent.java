package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Event;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.store.fabric.CompletionStatus;
import java.util.Comparator;

/**
 * A completion reaching the requester's completion queue. One that a response brings crosses the requester NIC's link
 * and receive engine first (issue 32): it is due {@code completionNs} after the NIC holds the response.
 */
final class CompletionEvent extends Event {
    /** The order in which a NIC's link takes responses: by when their last bits reach it, then by when they left. */
    static final Comparator<CompletionEvent> BY_LAST_BIT =
            Comparator.comparingLong((CompletionEvent c) -> c.lastBitNs).thenComparingLong(c -> c.sequence);

    private final Message message;
    private final CompletionStatus status;
    private final boolean roundTrip;
    /** A response: when its last bit reaches the requester NIC over an idle link, and how long it is on the wire. */
    final long lastBitNs;
    final long wireNs;
    private final long completionNs;
    /** When the requester NIC holds the response (set when its link took it, -1 before). */
    long heldNs = -1;
    /** The requester NIC's count of responses sent to it before this one (its tie-break). */
    long sequence;

    /** A completion without a response on the wire (a local one: iWARP's, a broken connection's). */
    CompletionEvent(Message message, CompletionStatus status, boolean roundTrip) {
        super(TraceKind.COMPLETE, message.requester.node.id(), ((long) status.ordinal() << 48) ^ message.id);
        this.message = message;
        this.status = status;
        this.roundTrip = roundTrip;
        this.lastBitNs = -1;
        this.wireNs = 0;
        this.completionNs = 0;
    }

    /** A completion a response brings, {@code wireNs} on the wire, whose last bit reaches the requester at {@code lastBitNs} at the earliest. */
    CompletionEvent(Message message, CompletionStatus status, boolean roundTrip, long lastBitNs, long wireNs, long completionNs) {
        super(TraceKind.COMPLETE, message.requester.node.id(), ((long) status.ordinal() << 48) ^ message.id, true);
        this.message = message;
        this.status = status;
        this.roundTrip = roundTrip;
        this.lastBitNs = lastBitNs;
        this.wireNs = wireNs;
        this.completionNs = completionNs;
    }

    @Override
    protected long dueAt(long now) {
        return message.requester.node.nic.receiveResponse(this) + completionNs;
    }

    @Override
    protected void fire() {
        message.requester.complete(message, status, roundTrip);
    }
}
