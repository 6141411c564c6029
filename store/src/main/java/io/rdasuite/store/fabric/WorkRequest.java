package io.rdasuite.store.fabric;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A work request posted on a queue pair (paper 003 §2). Build one with the static factories and adjust
 * it with {@link #unsignaled()} and {@link #withFence()}.
 *
 * <p>The operation's length is {@code local.byteSize()} for READ, WRITE, WRITE_IMM and SEND, 8 for the
 * atomics and 0 for FLUSH. The source of a WRITE or SEND is read when the request is posted.
 *
 * @param opcode        the operation
 * @param local         the local buffer: source of WRITE/WRITE_IMM/SEND, destination of READ; null otherwise
 * @param remoteAddress the responder address (unused by SEND and FLUSH)
 * @param rkey          the responder region's remote key (unused by SEND and FLUSH)
 * @param compare       CAS: the expected value
 * @param operand       CAS: the new value; FAA: the addend; WRITE_ATOMIC: the value written
 * @param immediate     WRITE_IMM: the 32-bit immediate delivered with the receive completion
 * @param signaled      true to get a completion; non-posted operations are always signaled
 * @param fenced        true to hold this request until every earlier non-posted request of the queue pair completed
 */
public record WorkRequest(Opcode opcode, MemorySegment local, long remoteAddress, int rkey, long compare,
                          long operand, int immediate, boolean signaled, boolean fenced) {
    public WorkRequest {
        Objects.requireNonNull(opcode, "opcode");
        switch (opcode) {
            case READ, WRITE, WRITE_IMM, SEND -> {
                Objects.requireNonNull(local, () -> opcode + " needs a local buffer");
                if (local.byteSize() > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException(opcode + " longer than 2^31-1 bytes: " + local.byteSize());
                }
            }
            case CAS, FAA, WRITE_ATOMIC -> {
                if ((remoteAddress & 7) != 0) {
                    throw new IllegalArgumentException(opcode + " needs an 8-byte aligned remote address: " + remoteAddress);
                }
            }
            case FLUSH -> { }
        }
        if (!opcode.isPosted() && !signaled) {
            throw new IllegalArgumentException(opcode + " is non-posted and always signaled");
        }
        if (fenced && !opcode.isPosted()) {
            throw new IllegalArgumentException("only posted operations take the fence flag; " + opcode + " is ordered anyway");
        }
    }

    public static WorkRequest read(MemorySegment destination, long remoteAddress, int rkey) {
        return new WorkRequest(Opcode.READ, destination, remoteAddress, rkey, 0, 0, 0, true, false);
    }

    public static WorkRequest write(MemorySegment source, long remoteAddress, int rkey) {
        return new WorkRequest(Opcode.WRITE, source, remoteAddress, rkey, 0, 0, 0, true, false);
    }

    public static WorkRequest writeImm(MemorySegment source, long remoteAddress, int rkey, int immediate) {
        return new WorkRequest(Opcode.WRITE_IMM, source, remoteAddress, rkey, 0, 0, immediate, true, false);
    }

    public static WorkRequest send(MemorySegment message) {
        return new WorkRequest(Opcode.SEND, message, 0, 0, 0, 0, 0, true, false);
    }

    public static WorkRequest cas(long remoteAddress, int rkey, long expected, long update) {
        return new WorkRequest(Opcode.CAS, null, remoteAddress, rkey, expected, update, 0, true, false);
    }

    public static WorkRequest faa(long remoteAddress, int rkey, long addend) {
        return new WorkRequest(Opcode.FAA, null, remoteAddress, rkey, 0, addend, 0, true, false);
    }

    public static WorkRequest flush() {
        return new WorkRequest(Opcode.FLUSH, null, 0, 0, 0, 0, 0, true, false);
    }

    public static WorkRequest writeAtomic(long remoteAddress, int rkey, long value) {
        return new WorkRequest(Opcode.WRITE_ATOMIC, null, remoteAddress, rkey, 0, value, 0, true, false);
    }

    /** The same request without a completion (posted operations only). */
    public WorkRequest unsignaled() {
        return new WorkRequest(opcode, local, remoteAddress, rkey, compare, operand, immediate, false, fenced);
    }

    /** The same request, held until every earlier non-posted request on the queue pair completed. */
    public WorkRequest withFence() {
        return new WorkRequest(opcode, local, remoteAddress, rkey, compare, operand, immediate, signaled, true);
    }

    /** Bytes this request moves as payload. */
    public int lengthBytes() {
        return switch (opcode) {
            case READ, WRITE, WRITE_IMM, SEND -> (int) local.byteSize();
            case CAS, FAA, WRITE_ATOMIC -> 8;
            case FLUSH -> 0;
        };
    }
}
