package io.rdasuite.store.fabric;

/**
 * A clock whose time moves only by the sleeps taken on it, and costs nothing: for tests of code that waits on a
 * {@link Clock} (a poll loop, a replicated log's commit delay) without a simulator or the wall clock.
 */
public final class ManualClock implements Clock {
    private long nowNanos;

    @Override
    public long nowNanos() {
        return nowNanos;
    }

    @Override
    public void chargeCpu(long nanos) {
    }

    @Override
    public void chargeCrc(long bytes) {
    }

    @Override
    public void sleepNanos(long nanos) {
        nowNanos += nanos;
    }

    @Override
    public OperationScope operation(String kind) {
        return () -> { };
    }
}
