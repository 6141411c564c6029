package io.rdasuite.store.kv;

import io.rdasuite.store.fabric.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Locks for the writers of a hash table. Updating an existing key takes the table shared and the key's stripe
 * (chosen by its home bucket), so writers of different keys proceed in parallel; a change that moves entries
 * (an insert with hopscotch displacement, log cleaning) takes the table exclusively. A waiting exclusive
 * holder stops new shared holders, so it cannot starve. Waits back off in the node's clock, as
 * {@link ServerLock} does.
 */
public final class TableLocks {
    private static final long BACKOFF_NS = 50;
    /** -1: held exclusively; n ≥ 0: n shared holders. */
    private final AtomicInteger mode = new AtomicInteger();
    private final AtomicInteger exclusiveWaiting = new AtomicInteger();
    private final AtomicBoolean[] stripes;
    private final Clock clock;

    public TableLocks(Clock clock, int stripes) {
        if (stripes < 1) {
            throw new IllegalArgumentException("at least one stripe");
        }
        this.clock = clock;
        this.stripes = new AtomicBoolean[stripes];
        for (int i = 0; i < stripes; i++) {
            this.stripes[i] = new AtomicBoolean();
        }
    }

    /** Locks the table shared and the stripe of home bucket {@code home}. */
    public void lockKey(int home) {
        while (true) {
            int m = mode.get();
            if (m >= 0 && exclusiveWaiting.get() == 0 && mode.compareAndSet(m, m + 1)) {
                break;
            }
            clock.sleepNanos(BACKOFF_NS);
        }
        AtomicBoolean stripe = stripes[Math.floorMod(home, stripes.length)];
        while (!stripe.compareAndSet(false, true)) {
            clock.sleepNanos(BACKOFF_NS);
        }
    }

    public void unlockKey(int home) {
        stripes[Math.floorMod(home, stripes.length)].set(false);
        mode.decrementAndGet();
    }

    public void lockExclusive() {
        exclusiveWaiting.incrementAndGet();
        while (!mode.compareAndSet(0, -1)) {
            clock.sleepNanos(BACKOFF_NS);
        }
        exclusiveWaiting.decrementAndGet();
    }

    public void unlockExclusive() {
        mode.set(0);
    }
}
