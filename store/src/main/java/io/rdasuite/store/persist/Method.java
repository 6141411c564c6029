package io.rdasuite.store.persist;

/**
 * The shape of a persistence recipe (paper 003 Tables 2 and 3). For SEND, one message carries every update
 * (Send(a) or Send(a,b)), so SEND uses the singleton shapes for compound updates too.
 */
public enum Method {
    /** P(a) [; P(b)]; wait for the last completion. */
    COMPLETION(false, 0),
    /** P(a) [; P(b)]; FLUSH; wait for the FLUSH's completion. */
    FLUSH(false, 1),
    /** Compound: P(a); FLUSH; wait; P(b); FLUSH; wait. */
    FLUSH_EACH(true, 2),
    /** Compound, WRITE with 8-byte b: W(a); FLUSH; WRITE_ATOMIC(b); FLUSH; wait (the IBTA non-posted write). */
    FLUSH_THEN_ATOMIC(true, 2),
    /** Compound: P(a); FLUSH; fenced P(b); FLUSH; wait (fence: b leaves after the first FLUSH completed). */
    FLUSH_THEN_FENCED(true, 2),
    /** P(a) [; P(b)]; the responder is told (SEND(&a) / the immediate / the message), flushes, and acks. */
    MESSAGE_FLUSH_ACK(false, 0),
    /** As {@link #MESSAGE_FLUSH_ACK} but the responder only copies (SEND) and acks, without flushing. */
    MESSAGE_ACK(false, 0),
    /** Compound: {@link #MESSAGE_FLUSH_ACK} for a, then again for b (two round trips). */
    MESSAGE_FLUSH_ACK_EACH(true, 0),
    /**
     * P(a) [; P(b)]; READ 8 bytes of the last update; wait for the READ: FLUSH emulated the way NICs without the IBTA 1.5
     * verbs allow (librpma's "appliance persistency"): a READ is non-posted, so it returns only after every write
     * before it was placed. WRITE and WRITE_IMM only (a SEND's receive buffer has no address the requester knows).
     */
    READ_FLUSH(false, 0),
    /** Compound: P(a); READ; wait; P(b); READ; wait (no WRITE_ATOMIC to order b after the first READ). */
    READ_FLUSH_EACH(true, 0);

    private final boolean compoundOnly;
    private final int flushes;

    Method(boolean compoundOnly, int flushes) {
        this.compoundOnly = compoundOnly;
        this.flushes = flushes;
    }

    public boolean compoundOnly() {
        return compoundOnly;
    }

    /** RDMA FLUSH operations the recipe issues. */
    public int flushes() {
        return flushes;
    }

    /** True when the recipe needs a verb of IBTA 1.5 (RDMA FLUSH, ATOMIC WRITE) that today's NICs may lack. */
    public boolean needsIbta15Verbs() {
        return flushes > 0; // every recipe with an RDMA FLUSH; the one with ATOMIC WRITE has FLUSHes too
    }

    /** True when a READ stands in for RDMA FLUSH. */
    public boolean flushesByRead() {
        return this == READ_FLUSH || this == READ_FLUSH_EACH;
    }

    /** True when the responder's CPU must act before the requester may consider the update persistent. */
    public boolean needsResponderCpu() {
        return this == MESSAGE_FLUSH_ACK || this == MESSAGE_ACK || this == MESSAGE_FLUSH_ACK_EACH;
    }
}
