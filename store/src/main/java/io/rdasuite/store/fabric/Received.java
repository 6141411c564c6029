package io.rdasuite.store.fabric;

/**
 * A receive completion at the responder: a SEND's message or a WRITE_IMM's immediate. It is generated only
 * after the receive buffer's contents were placed and made visible (paper 003 §3.1.3).
 *
 * @param opcode       SEND or WRITE_IMM
 * @param status       success, or {@link CompletionStatus#CONNECTION_BROKEN} when the connection died
 * @param buffer       the region of the consumed receive buffer
 * @param offsetBytes  where in it the buffer starts
 * @param byteLength   SEND: the message length; WRITE_IMM: the bytes the write placed (ibverbs {@code byte_len})
 * @param immediate    WRITE_IMM's immediate; 0 for SEND
 */
public record Received(Opcode opcode, CompletionStatus status, MemoryRegion buffer, long offsetBytes, int byteLength, int immediate) {
    public boolean ok() {
        return status == CompletionStatus.SUCCESS;
    }
}
