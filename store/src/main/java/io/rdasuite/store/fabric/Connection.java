package io.rdasuite.store.fabric;

import java.util.Objects;

/** A reliable connection: the requester's and the responder's queue-pair endpoints. */
public record Connection(QueuePair requester, QueuePair responder) {
    public Connection {
        Objects.requireNonNull(requester, "requester");
        Objects.requireNonNull(responder, "responder");
    }
}
