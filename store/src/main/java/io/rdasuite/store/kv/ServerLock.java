package io.rdasuite.store.kv;

import io.rdasuite.store.fabric.Clock;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A spin lock for a server's request handlers, backing off in the node's clock: on the simulator the
 * handlers are actors that interleave only where they block, on real hardware they are threads.
 */
public final class ServerLock {
    private static final long BACKOFF_NS = 50;
    private final AtomicBoolean held = new AtomicBoolean();
    private final Clock clock;

    public ServerLock(Clock clock) {
        this.clock = clock;
    }

    public void lock() {
        while (!held.compareAndSet(false, true)) {
            clock.sleepNanos(BACKOFF_NS);
        }
    }

    public void unlock() {
        held.set(false);
    }
}
