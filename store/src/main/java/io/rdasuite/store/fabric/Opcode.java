package io.rdasuite.store.fabric;

/**
 * RDMA operations (paper 003 §2). Posted operations need no return value and are ordered among
 * themselves; non-posted ones return something and are ordered after everything posted before them.
 * {@link #FLUSH} and {@link #WRITE_ATOMIC} are the IBTA proposals the paper analyses.
 */
public enum Opcode {
    /** One-sided read of remote memory into the local buffer. Non-posted. */
    READ(false, false),
    /** One-sided write of the local buffer to remote memory. Posted. */
    WRITE(true, true),
    /** WRITE plus a 32-bit immediate delivered to the responder, consuming one posted receive. Posted. */
    WRITE_IMM(true, true),
    /** Two-sided message into the responder's next posted receive buffer (DRAM or PM). Posted. */
    SEND(true, true),
    /** 8-byte compare-and-swap, atomic among RDMA atomics on the responder NIC. Non-posted. */
    CAS(false, true),
    /** 8-byte fetch-and-add, atomic among RDMA atomics on the responder NIC. Non-posted. */
    FAA(false, true),
    /** Completes when every earlier update on the queue pair has been placed at the responder. Non-posted. */
    FLUSH(false, false),
    /** 8-byte all-or-nothing write, ordered after every earlier operation on the queue pair. Non-posted. */
    WRITE_ATOMIC(false, true);

    private final boolean posted;
    private final boolean update;

    Opcode(boolean posted, boolean update) {
        this.posted = posted;
        this.update = update;
    }

    /** Posted operations may be applied before an earlier non-posted operation unless fenced. */
    public boolean isPosted() {
        return posted;
    }

    /** True when the operation changes responder memory. */
    public boolean isUpdate() {
        return update;
    }

    /** True when the operation consumes a receive posted at the responder. */
    public boolean consumesReceive() {
        return this == SEND || this == WRITE_IMM;
    }
}
