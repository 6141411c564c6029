package io.rdasuite.hwreal.loopback;

import io.rdasuite.store.fabric.Clock;
import java.util.concurrent.locks.LockSupport;

/** The wall clock of a real backend: charging CPU is a no-op because the work itself took the time. */
public final class RealClock implements Clock {
    private static final OperationScope NO_SCOPE = () -> { };
    private final long origin = System.nanoTime();

    @Override
    public long nowNanos() {
        return System.nanoTime() - origin;
    }

    @Override
    public void chargeCpu(long nanos) {
    }

    @Override
    public void chargeCrc(long bytes) {
    }

    /** Lock back-offs (under a microsecond) spin; longer waits park, which on Linux lasts at least tens of microseconds. */
    @Override
    public void sleepNanos(long nanos) {
        long deadline = System.nanoTime() + nanos;
        if (nanos >= 1_000) {
            LockSupport.parkNanos(nanos);
            return;
        }
        while (System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }

    @Override
    public OperationScope operation(String kind) {
        return NO_SCOPE;
    }
}
