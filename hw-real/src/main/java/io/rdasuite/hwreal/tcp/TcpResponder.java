package io.rdasuite.hwreal.tcp;

import io.rdasuite.hwreal.loopback.Region;
import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.Received;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * What a responder NIC does with one request of the TCP emulation: bounds-checked placement into a registered
 * region, READ, 8-byte atomic CAS/FAA through a VarHandle, receive-buffer consumption for SEND and WRITE_IMM,
 * and FLUSH's write-back.
 */
final class TcpResponder {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    /** The answer: a status, the atomic's old value, READ's data. */
    record Outcome(CompletionStatus status, long result, byte[] data) {
        static final Outcome OK = new Outcome(CompletionStatus.SUCCESS, 0, null);
        static final Outcome ACCESS_ERROR = new Outcome(CompletionStatus.REMOTE_ACCESS_ERROR, 0, null);
    }

    private TcpResponder() {
    }

    /** Applies one request; null when the connection broke while a SEND waited for a receive buffer. */
    static Outcome apply(TcpQueuePair qp, Frame.Request r) {
        Opcode opcode = r.opcode();
        long address = r.address();
        int length = r.length();
        byte[] data = r.data();
        Region target = null;
        if (opcode != Opcode.SEND && opcode != Opcode.FLUSH) {
            target = qp.reachable(r.rkey()); // checked by the decoder already; checked again where memory is touched
            if (target == null || !target.descriptor().contains(address, length)) {
                return Outcome.ACCESS_ERROR;
            }
        }
        switch (opcode) {
            case WRITE, WRITE_IMM -> {
                long offset = target.offsetOf(address);
                MemorySegment.copy(MemorySegment.ofArray(data), 0, target.memory(), offset, length);
                qp.wrote(target, offset, length);
                if (opcode == Opcode.WRITE_IMM) {
                    return receive(qp, opcode, null, length, r.immediate());
                }
                return Outcome.OK;
            }
            case SEND -> {
                return receive(qp, opcode, data, length, 0);
            }
            case READ -> {
                byte[] bytes = new byte[length];
                MemorySegment.copy(target.memory(), target.offsetOf(address), MemorySegment.ofArray(bytes), 0, length);
                return new Outcome(CompletionStatus.SUCCESS, 0, bytes);
            }
            case CAS -> {
                return new Outcome(CompletionStatus.SUCCESS,
                        (long) LONG.compareAndExchange(target.memory(), target.offsetOf(address), r.compare(), r.operand()), null);
            }
            case FAA -> {
                return new Outcome(CompletionStatus.SUCCESS, (long) LONG.getAndAdd(target.memory(), target.offsetOf(address), r.operand()), null);
            }
            case FLUSH -> {
                qp.flushWritten();
                return Outcome.OK;
            }
            default -> {
                return new Outcome(CompletionStatus.UNSUPPORTED_OPERATION, 0, null);
            }
        }
    }

    private static Outcome receive(TcpQueuePair qp, Opcode opcode, byte[] message, int length, int immediate) {
        long[] buffer = qp.takeReceiveBuffer();
        if (buffer == null) {
            return null;
        }
        Region region = qp.node().region((int) buffer[0]);
        if (message != null) {
            if (message.length > buffer[2]) {
                return Outcome.ACCESS_ERROR;
            }
            MemorySegment.copy(MemorySegment.ofArray(message), 0, region.memory(), buffer[1], message.length);
        }
        qp.deliver(new Received(opcode, CompletionStatus.SUCCESS, region.descriptor(), buffer[1], length, immediate));
        return Outcome.OK;
    }
}
