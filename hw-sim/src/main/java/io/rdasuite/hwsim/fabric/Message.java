package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Event;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.memory.SimRegion;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.WorkRequest;

/**
 * One work request on its way through the hardware path. As an event it moves through stages: it
 * {@link Stage#ARRIVE}s at the responder NIC, then is either {@link Stage#PLACE}d by PCIe into memory
 * (posted) or {@link Stage#EXECUTE}d (non-posted).
 */
final class Message extends Event {
    enum Stage { ARRIVE, PLACE, EXECUTE }

    final SimQueuePair requester;
    final long id;
    final WorkRequest request;
    final Opcode opcode;
    final byte[] payload;
    final Counters scope;
    int lengthBytes;
    private Stage stage = Stage.ARRIVE;
    boolean completed;
    /** Sent, signaled and not yet completed ({@link OutstandingRequests}). */
    boolean owed;
    boolean truncated;

    long portStartNs;
    long perPacketNs;
    int packets;

    SimRegion target;
    long targetOffset;
    ReceiveBuffer receiveBuffer;
    long placeSeq;
    long mustFollowSeq;
    long result;
    byte[] readData;

    Message(SimQueuePair requester, long id, WorkRequest request, byte[] payload, Counters scope) {
        super(TraceKind.ARRIVE, requester.peer.node.id(), traceId(requester, request.opcode(), id));
        this.requester = requester;
        this.id = id;
        this.request = request;
        this.opcode = request.opcode();
        this.payload = payload;
        this.lengthBytes = request.lengthBytes();
        this.scope = scope;
    }

    @Override
    protected void fire() {
        SimNic nic = requester.peer.node.nic;
        switch (stage) {
            case ARRIVE -> nic.arrive(this);
            case PLACE -> nic.place(this);
            case EXECUTE -> nic.execute(this);
        }
    }

    /** Moves the message to its next stage: the next time it fires, it does that, and the trace says so. */
    void stage(Stage next) {
        stage = next;
        retrace(switch (next) {
            case ARRIVE -> TraceKind.ARRIVE;
            case PLACE -> TraceKind.PLACE;
            case EXECUTE -> TraceKind.EXECUTE;
        });
    }

    /** QP number, opcode and request id in one number. */
    long traceId() {
        return traceArgument();
    }

    private static long traceId(SimQueuePair requester, Opcode opcode, long id) {
        return ((long) requester.qpn << 40) ^ ((long) opcode.ordinal() << 32) ^ id;
    }
}
