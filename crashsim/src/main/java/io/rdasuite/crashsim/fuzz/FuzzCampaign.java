package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.Budget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A property-based fuzzing campaign (DESIGN §5): runs of random cases (a store, a cell, a program, a fault
 * schedule), each explored at a few crash points and images and checked against every invariant. Runs go in
 * batches of {@value #BATCH} on all cores; run {@code i} draws from a random stream seeded by {@code (seed, i)} and
 * from the pool of cases kept so far, which changes only between batches, so a seed gives the same runs, results
 * and report whatever the number of threads. A case whose states reach a {@link Coverage} signature no earlier run
 * reached joins the pool; half the runs mutate a pooled case instead of drawing a fresh one.
 */
public final class FuzzCampaign {
    /** Runs per batch: the pool and the coverage set change only between batches. */
    public static final int BATCH = 8;
    /** Cases kept for mutation (the oldest leave first). */
    static final int POOL = 256;
    /** Per run at the default: 6 crash points, 3 images per point (the case's own seed is its one timing). */
    public static final Budget RUN_BUDGET = new Budget(6, 3, 1);

    /**
     * @param targets     the stores to draw from
     * @param seed        the campaign's seed
     * @param runs        how many runs (or until {@code timeUp}, whichever comes first)
     * @param budget      crash points and images per run
     * @param threads     runs in parallel
     * @param shrinkLimit how many distinct failures (store × invariant) to shrink
     * @param wallNanos   the caller's wall clock, only to report how long shrinking took (the simulation never reads it;
     *                    the campaign itself reads no clock)
     * @param cells       the cells cases are drawn from ({@link FuzzCells#ALL} unless a caller narrows them)
     */
    public record Options(List<FuzzTarget> targets, long seed, long runs, Budget budget, int threads, int shrinkLimit, LongSupplier wallNanos,
                          FuzzCells cells) {
        public Options {
            targets = List.copyOf(targets);
            java.util.Objects.requireNonNull(cells);
            if (targets.isEmpty() || runs < 0 || threads < 1 || shrinkLimit < 0) {
                throw new IllegalArgumentException("a campaign needs stores, runs >= 0, threads >= 1 and a shrink limit >= 0");
            }
        }

        /** Options drawing from every cell. */
        public Options(List<FuzzTarget> targets, long seed, long runs, Budget budget, int threads, int shrinkLimit, LongSupplier wallNanos) {
            this(targets, seed, runs, budget, threads, shrinkLimit, wallNanos, FuzzCells.ALL);
        }

        /** Options whose shrinking is not timed (reported as 0 ms), drawing from every cell. */
        public Options(List<FuzzTarget> targets, long seed, long runs, Budget budget, int threads, int shrinkLimit) {
            this(targets, seed, runs, budget, threads, shrinkLimit, () -> 0L);
        }

        /** These options, drawing from {@code narrowed} only. */
        public Options withCells(FuzzCells narrowed) {
            return new Options(targets, seed, runs, budget, threads, shrinkLimit, wallNanos, narrowed);
        }
    }

    /** Counts so far, for a progress line. */
    public record Progress(long runs, long crashStates, long findingStates, long failingRuns, long newCoverageRuns, long signatures, long errors) {
    }

    /**
     * A failure found, with the first run that found it and its shrunk form.
     *
     * @param run        the run's index
     * @param found      the failing state as found
     * @param shrunk     the shrunk failure with its trace (null when not shrunk: past the shrink limit)
     * @param shrinkRuns explorations the shrinking took
     * @param shrinkNanos wall time the shrinking took
     */
    public record FoundFailure(long run, FuzzExplorer.Failure found, FuzzExplorer.Failure shrunk, int shrinkRuns, long shrinkNanos) {
    }

    /**
     * A campaign's outcome.
     *
     * @param runs            runs done
     * @param crashStates     states checked
     * @param findingStates   states where only an unclaimed property failed
     * @param failingRuns     runs where a claimed property failed
     * @param findings        per store and invariant, the states where an unclaimed property failed
     * @param failures        per store and invariant of a claimed failure, the first run's (shrunk up to the limit); a run
     *                        contributes its first failing check
     * @param signatures      distinct coverage signatures reached
     * @param newCoverageRuns runs that reached a signature no earlier run had
     * @param mutantRuns      runs that mutated a pooled case
     * @param mutantNewCoverage mutant runs with new coverage
     * @param runsPerTarget   runs per store
     * @param faultsFired     per fault kind, the runs in which it happened
     * @param errors          the first runs that could not be simulated, with why
     * @param errorRuns       how many runs could not be simulated
     * @param findingExamples per store and invariant of an unclaimed finding, the first run's failing state (for the
     *                        report's timeline and replay line; not shrunk)
     * @param growth          after each batch of runs, the counts so far (coverage growth over runs, for the report)
     */
    public record Result(long runs, long crashStates, long findingStates, long failingRuns, Map<String, Long> findings, List<FoundFailure> failures,
                         long signatures, long newCoverageRuns, long mutantRuns, long mutantNewCoverage, Map<String, Long> runsPerTarget,
                         Map<String, Long> faultsFired, List<String> errors, long errorRuns, Map<String, FuzzExplorer.Failure> findingExamples,
                         List<Progress> growth) {
        public boolean passed() {
            return failingRuns == 0;
        }
    }

    private FuzzCampaign() {
    }

    /** Runs a campaign; {@code timeUp} is asked between batches, {@code onBatch} told the counts after each. */
    public static Result run(Options o, BooleanSupplier timeUp, Consumer<Progress> onBatch) {
        return run(o, timeUp, () -> false, onBatch);
    }

    /**
     * As {@link #run(Options, BooleanSupplier, Consumer)}; {@code stopped} (a signal, asked between batches like
     * {@code timeUp}) also ends the runs, and then the failures found are reported unshrunk, so that a stopped campaign
     * still prints and saves them at once.
     */
    public static Result run(Options o, BooleanSupplier timeUp, BooleanSupplier stopped, Consumer<Progress> onBatch) {
        ExecutorService pool = Executors.newFixedThreadPool(o.threads());
        try {
            return run(o, () -> timeUp.getAsBoolean() || stopped.getAsBoolean(), stopped, onBatch, pool);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Result run(Options o, BooleanSupplier timeUp, BooleanSupplier stopped, Consumer<Progress> onBatch, ExecutorService executor) {
        List<FuzzCase> kept = new ArrayList<>();
        TreeSet<Long> seen = new TreeSet<>();
        long runs = 0;
        long states = 0;
        long findingStates = 0;
        long failing = 0;
        long newCoverage = 0;
        long mutants = 0;
        long mutantNew = 0;
        long errorRuns = 0;
        TreeMap<String, Long> findings = new TreeMap<>();
        LinkedHashMap<String, FoundFailure> failures = new LinkedHashMap<>();
        TreeMap<String, Long> perTarget = new TreeMap<>();
        TreeMap<String, Long> fired = new TreeMap<>();
        FuzzExplorer.FAULT_KINDS.forEach(k -> fired.put(k, 0L));
        List<String> errors = new ArrayList<>();
        TreeMap<String, FuzzExplorer.Failure> findingExamples = new TreeMap<>();
        List<Progress> growth = new ArrayList<>();
        while (runs < o.runs() && !timeUp.getAsBoolean()) {
            int n = (int) Math.min(BATCH, o.runs() - runs);
            List<Future<FuzzExplorer.RunReport>> futures = new ArrayList<>();
            boolean[] mutant = new boolean[n];
            for (int i = 0; i < n; i++) {
                long index = runs + i;
                SplittableRandom random = new SplittableRandom(runSeed(o.seed(), index));
                FuzzCase c;
                if (!kept.isEmpty() && random.nextBoolean()) {
                    // recent finds are mutated more often: half the picks among the last 16
                    int from = random.nextBoolean() ? Math.max(0, kept.size() - 16) : 0;
                    c = CaseGenerator.mutate(kept.get(from + random.nextInt(kept.size() - from)), o.cells(), random);
                    mutant[i] = true;
                } else {
                    c = CaseGenerator.generate(o.targets().get(random.nextInt(o.targets().size())), o.cells(), random);
                }
                FuzzCase input = c;
                futures.add(executor.submit(() -> FuzzExplorer.explore(input, o.budget())));
            }
            for (int i = 0; i < n; i++) {
                FuzzExplorer.RunReport r = join(futures.get(i));
                long index = runs + i;
                String target = FuzzTarget.of(r.fuzzCase().scenario().subject()).name();
                perTarget.merge(target, 1L, Long::sum);
                r.faultsFired().forEach(k -> fired.merge(k, 1L, Long::sum));
                states += r.states();
                findingStates += r.findingStates();
                if (r.error() != null) {
                    errorRuns++;
                    if (errors.size() < 5) {
                        errors.add("run " + index + " (" + r.fuzzCase().scenario().subject() + "): " + r.error());
                    }
                }
                for (FuzzExplorer.Failure f : r.findings()) {
                    findings.merge(target + " " + f.invariant(), r.statesByInvariant().getOrDefault(f.invariant(), 0L), Long::sum);
                    findingExamples.putIfAbsent(target + " " + f.invariant(), f);
                }
                if (r.failed()) {
                    failing++;
                    FuzzExplorer.Failure f = r.failures().getFirst(); // one per run: other checks failing there go with it
                    failures.putIfAbsent(target + " " + f.invariant(), new FoundFailure(index, f, null, 0, 0));
                }
                int fresh = 0;
                for (long sig : r.signatures()) {
                    fresh += seen.add(sig) ? 1 : 0;
                }
                if (fresh > 0) {
                    newCoverage++;
                    mutantNew += mutant[i] ? 1 : 0;
                    kept.add(r.fuzzCase());
                    if (kept.size() > POOL) {
                        kept.removeFirst();
                    }
                }
                mutants += mutant[i] ? 1 : 0;
            }
            runs += n;
            Progress now = new Progress(runs, states, findingStates, failing, newCoverage, seen.size(), errorRuns);
            growth.add(now);
            onBatch.accept(now);
        }
        List<FoundFailure> shrunk = stopped.getAsBoolean() ? new ArrayList<>(failures.values()) : shrink(new ArrayList<>(failures.values()), o, executor);
        return new Result(runs, states, findingStates, failing, findings, shrunk, seen.size(), newCoverage, mutants, mutantNew, perTarget, fired,
                errors, errorRuns, findingExamples, List.copyOf(growth));
    }

    /** Shrinks the first {@code shrinkLimit} failures, in parallel, reported in order. */
    private static List<FoundFailure> shrink(List<FoundFailure> found, Options o, ExecutorService executor) {
        List<Future<FoundFailure>> futures = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            FoundFailure f = found.get(i);
            if (i >= o.shrinkLimit()) {
                futures.add(null);
                continue;
            }
            futures.add(executor.submit(() -> {
                long start = o.wallNanos().getAsLong();
                FuzzShrinker.Shrunk s = FuzzShrinker.shrink(f.found(), o.budget());
                return new FoundFailure(f.run(), f.found(), s.failure(), s.explorations(), o.wallNanos().getAsLong() - start);
            }));
        }
        List<FoundFailure> out = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            out.add(futures.get(i) == null ? found.get(i) : join(futures.get(i)));
        }
        return out;
    }

    /**
     * The seed of shard {@code index} of a campaign of {@code count} shards seeded {@code seed}: the seed itself when
     * unsharded, otherwise a stream of its own (shards of one campaign never share runs).
     */
    public static long shardSeed(long seed, int index, int count) {
        return count == 1 ? seed : runSeed(seed ^ 0x5EED5EED5EED5EEDL * count, -1L - index);
    }

    /** The seed of run {@code index} of a campaign seeded {@code seed}. */
    static long runSeed(long seed, long index) {
        long z = seed * 0x9E3779B97F4A7C15L + index * 0xBF58476D1CE4E5B9L + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static <T> T join(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }
}
