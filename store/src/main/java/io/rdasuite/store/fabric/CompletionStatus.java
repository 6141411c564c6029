package io.rdasuite.store.fabric;

/** How a work request ended. */
public enum CompletionStatus {
    SUCCESS,
    /** Bad rkey, out-of-bounds address, or an access the region does not allow. */
    REMOTE_ACCESS_ERROR,
    /** The backend cannot perform the operation (e.g. WRITE_ATOMIC on today's NICs). */
    UNSUPPORTED_OPERATION,
    /** The connection broke (the peer crashed or lost power) before the request completed. */
    CONNECTION_BROKEN
}
