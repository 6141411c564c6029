package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Event;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.memory.SimRegion;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.WorkRequest;

/**
 * One work request on its way through the hardware path. As an event it moves through stages, each the kind the
 * trace names it by: it {@link TraceKind#ARRIVE}s at the responder NIC, then is either {@link TraceKind#PLACE}d by
 * PCIe into memory (posted) or {@link TraceKind#EXECUTE}d (non-posted).
 */
final class Message extends Event {
    final SimQueuePair requester;
    final long id;
    final WorkRequest request;
    final Opcode opcode;
    final byte[] payload;
    final Counters scope;
    int lengthBytes;
    boolean completed;
    /** Sent, signaled and not yet completed ({@link OutstandingRequests}). */
    boolean owed;
    boolean truncated;

    long portStartNs;
    long perPacketNs;
    int packets;
    /** Serialization time on the wire; whether the responder NIC's link took it yet. */
    long wireNs;
    private boolean received;

    SimRegion target;
    long targetOffset;
    ReceiveBuffer receiveBuffer;
    long placeSeq;
    long mustFollowSeq;
    long result;
    byte[] readData;

    Message(SimQueuePair requester, long id, WorkRequest request, byte[] payload, Counters scope) {
        super(TraceKind.ARRIVE, requester.peer.node.id(), traceId(requester, request.opcode(), id), true);
        this.requester = requester;
        this.id = id;
        this.request = request;
        this.opcode = request.opcode();
        this.payload = payload;
        this.lengthBytes = request.lengthBytes();
        this.scope = scope;
    }

    /**
     * Its arrival is due when the responder NIC holds it: at the time its last bit would reach it over an idle link the
     * link takes it, and it arrives when the link and the receive engine are done with it (issue 32).
     */
    @Override
    protected long dueAt(long now) {
        if (received || kind() != TraceKind.ARRIVE) {
            return now;
        }
        received = true;
        return requester.peer.node.nic.receiveRequest(now, wireNs);
    }

    @Override
    protected void fire() {
        SimNic nic = requester.peer.node.nic;
        switch (kind()) {
            case ARRIVE -> nic.arrive(this);
            case PLACE -> nic.place(this);
            case EXECUTE -> nic.execute(this);
            default -> throw new IllegalStateException("a message is never " + kind());
        }
    }

    /** Placement by PCIe is the message's next stage (its trace kind says which stage it is in). */
    void toPlace() {
        retrace(TraceKind.PLACE);
    }

    /** Execution at the responder is the message's next stage. */
    void toExecute() {
        retrace(TraceKind.EXECUTE);
    }

    /** QP number, opcode and request id in one number. */
    long traceId() {
        return traceArgument();
    }

    private static long traceId(SimQueuePair requester, Opcode opcode, long id) {
        return ((long) requester.qpn << 40) ^ ((long) opcode.ordinal() << 32) ^ id;
    }
}
