package io.rdasuite.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Independent simulations on all cores (STYLE: use the cores across simulations, not inside one). Each
 * simulation stays deterministic; results come back in input order, so output does not depend on timing.
 */
final class Parallel {
    private Parallel() {
    }

    static <T, R> List<R> map(List<T> inputs, Function<T, R> work, Runnable onEach) {
        int threads = Math.max(1, Math.min(inputs.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (T input : inputs) {
                futures.add(pool.submit(() -> {
                    R r = work.apply(input);
                    onEach.run();
                    return r;
                }));
            }
            List<R> results = new ArrayList<>();
            for (Future<R> f : futures) {
                results.add(f.get());
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
