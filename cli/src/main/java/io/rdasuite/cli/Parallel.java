package io.rdasuite.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Independent simulations on all cores (STYLE: use the cores across simulations, not inside one). Each
 * simulation stays deterministic; results come back in input order, so output does not depend on timing.
 */
final class Parallel {
    private Parallel() {
    }

    static <T, R> List<R> map(List<T> inputs, Function<T, R> work, Runnable onEach) {
        return map(inputs, work, onEach, () -> false);
    }

    /**
     * As {@link #map(List, Function, Runnable)}, but an input not yet started when {@code stop} turns true is skipped: the
     * results are those of the inputs that ran, still in input order (a stopped {@code rda check} reports what it did).
     */
    static <T, R> List<R> map(List<T> inputs, Function<T, R> work, Runnable onEach, BooleanSupplier stop) {
        int threads = Math.max(1, Math.min(inputs.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (T input : inputs) {
                futures.add(pool.submit(() -> {
                    if (stop.getAsBoolean()) {
                        return null;
                    }
                    R r = work.apply(input);
                    onEach.run();
                    return r;
                }));
            }
            List<R> results = new ArrayList<>();
            for (Future<R> f : futures) {
                R r = f.get();
                if (r != null) {
                    results.add(r);
                }
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
