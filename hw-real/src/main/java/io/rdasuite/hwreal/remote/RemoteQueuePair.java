package io.rdasuite.hwreal.remote;

import io.rdasuite.store.fabric.QueuePair;

/** A queue pair whose peer is in another process: the connection can break, and it can be closed. */
public interface RemoteQueuePair extends QueuePair {
    /** False once the connection broke or was closed. */
    boolean isOpen();

    /** Closes the connection; waiters on either side get CONNECTION_BROKEN. */
    void close();
}
