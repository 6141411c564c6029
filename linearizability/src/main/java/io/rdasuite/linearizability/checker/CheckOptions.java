package io.rdasuite.linearizability.checker;

import java.util.Objects;

/**
 * How to check: the crash semantics and the budget. {@code timeoutNanos} is the time budget of each key (each
 * partition of the history), not of the whole history: a hard key cannot use up the time of an easy one that fails.
 * When a key's time runs out or the search's cache would exceed {@code maxCacheBytes}, that key is
 * {@link Verdict#UNKNOWN} instead of an out-of-memory error.
 */
public record CheckOptions(CrashSemantics crashes, long timeoutNanos, long maxCacheBytes) {
    public CheckOptions {
        Objects.requireNonNull(crashes, "crashes");
        if (timeoutNanos <= 0 || maxCacheBytes <= 0) {
            throw new IllegalArgumentException("the timeout and the cache limit must be positive");
        }
    }

    /** Open crashes, one minute per key, a quarter of the heap for the cache. */
    public static CheckOptions defaults() {
        return new CheckOptions(CrashSemantics.OPEN, 60_000_000_000L, Runtime.getRuntime().maxMemory() / 4);
    }

    public CheckOptions withCrashes(CrashSemantics c) {
        return new CheckOptions(c, timeoutNanos, maxCacheBytes);
    }

    public CheckOptions withTimeoutNanos(long t) {
        return new CheckOptions(crashes, t, maxCacheBytes);
    }

    public CheckOptions withMaxCacheBytes(long b) {
        return new CheckOptions(crashes, timeoutNanos, b);
    }
}
