package io.rdasuite.store.fabric;

/**
 * A send-side completion (paper 003 §3.1.3). What it proves depends on the opcode and the
 * {@link Transport}: see the package documentation.
 *
 * @param requestId  the id {@link QueuePair#post} returned
 * @param opcode     the completed operation
 * @param status     success or why not
 * @param byteLength payload bytes moved
 * @param result     CAS/FAA: the remote value before the operation; 0 otherwise
 *
 * <p>Like a verbs work completion ({@code ibv_wc}), it carries no timestamp: nothing read one, and on the loopback
 * fabric reading the clock for it was a tenth of a get. A caller that times a request reads its node's clock.
 */
public record Completion(long requestId, Opcode opcode, CompletionStatus status, int byteLength, long result) {
    public boolean ok() {
        return status == CompletionStatus.SUCCESS;
    }

    /** This completion, or an {@link IllegalStateException} naming the failure. */
    public Completion orThrow() {
        if (!ok()) {
            throw new IllegalStateException(opcode + " request " + requestId + " failed: " + status);
        }
        return this;
    }
}
