package io.rdasuite.store.fabric;

/**
 * Queue-pair options.
 *
 * @param sendQueueDepth    most outstanding work requests; posting more is an error
 * @param receiveQueueDepth most posted receives
 */
public record QpOptions(int sendQueueDepth, int receiveQueueDepth) {
    public static final QpOptions DEFAULT = new QpOptions(1024, 1024);

    public QpOptions {
        if (sendQueueDepth <= 0 || receiveQueueDepth <= 0) {
            throw new IllegalArgumentException("queue depths must be positive");
        }
    }
}
