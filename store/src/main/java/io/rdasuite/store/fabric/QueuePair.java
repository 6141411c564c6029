package io.rdasuite.store.fabric;

/**
 * One endpoint of a reliable connection (paper 003 §2, §3.1.3), with its own completion queue and
 * receive queue. Either endpoint may post work requests; the other one is then the responder.
 * Blocking calls park the calling actor (in the simulator, in virtual time).
 */
public interface QueuePair {
    /** The node this endpoint belongs to. */
    Node local();

    /** The node at the other end. */
    Node remote();

    /**
     * Posts a work request and returns its id at once; never blocks. Ordering follows the package
     * documentation's rules. Throws {@link IllegalStateException} when the send queue is full.
     */
    long post(WorkRequest request);

    /** Blocks until the signaled request {@code requestId} completes, and removes its completion. */
    Completion await(long requestId);

    /** The oldest completion not yet taken, or null. */
    Completion poll();

    /** Posts and awaits one signaled request. */
    default Completion execute(WorkRequest request) {
        return await(post(request));
    }

    /**
     * Posts a receive buffer {@code [offsetBytes, offsetBytes + lengthBytes)} of {@code buffers} (DRAM or
     * PM, a region of this endpoint's node). Each incoming SEND or WRITE_IMM consumes one, in order.
     */
    void postReceive(MemoryRegion buffers, long offsetBytes, int lengthBytes);

    /** Blocks until a receive completes and returns it. */
    Received awaitReceive();

    /** The oldest receive completion not yet taken, or null. */
    Received pollReceive();
}
