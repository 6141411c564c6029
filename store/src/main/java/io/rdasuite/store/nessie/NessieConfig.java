package io.rdasuite.store.nessie;

import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Sizes and timings of a Nessie deployment (§4, §5: hash functions, table sizes, key and value sizes are
 * configurable there; the defaults below are ours unless a section is named).
 *
 * @param shape                key and value sizes
 * @param hashFunctions        N of N-way cuckoo hashing (§4.1.1; 3 by default)
 * @param filterBits           filter bits per ITE (§4.3.2; 7 by default)
 * @param indexSlotsPerNode    ITEs in each node's index table
 * @param dataEntriesPerNode   DTEs in each node's data table
 * @param cacheEntries         entries of each node's LRU cache (§4.1.3); 0 disables it
 * @param expirationNs         how long a replaced DTE waits before re-use (§4.3.1; the paper's example is 1 s)
 * @param maxClockSkewNs       how far apart node clocks may be (§4.3.1, "loosely synchronized"); added to every
 *                             expiration before a DTE is re-used
 * @param operationTimeoutNs   an operation attempt older than this fails and is retried (§4.3.1); must be below
 *                             the expiration period, which is what makes re-used DTEs and ABA unobservable
 * @param migrateDepth         the recursion bound of MIGRATE (§4.2.3); beyond it a PUT fails as full
 * @param backoffBaseNs        first back-off after a concurrent-operation error (§4.3.2, exponential)
 * @param backoffMaxNs         the back-off's ceiling
 * @param maxAttempts          attempts of one operation before it gives up
 * @param recycleWithoutExpiry THE PLANTED BUG: re-use a replaced DTE at once instead of after its expiration
 *                             (for the ABA test only)
 * @param plantedBug           a {@link NessiePlantedBug} of the protocol, for tests only ({@link Plant#NONE} in
 *                             every real configuration)
 * @param mode                 Nessie, NessieSD or NessieHY (§5)
 * @param serverWorkers        NessieSD/NessieHY: polling server threads per node (§6 tunes 1 to 3; 1 by default)
 * @param serverSpinNs         NessieSD/NessieHY: CPU a server thread burns per empty sweep of its request slots,
 *                             and a waiting client per empty look at its reply slot (busy polling)
 * @param optimizations        which of Nessie's GET/PUT optimizations are on (Fig. 13; all by default); the cache is on
 *                             only with {@link NessieOptimization#CACHE} and {@code cacheEntries > 0}
 */
public record NessieConfig(KvShape shape, int hashFunctions, int filterBits, int indexSlotsPerNode, int dataEntriesPerNode,
                           int cacheEntries, long expirationNs, long maxClockSkewNs, long operationTimeoutNs, int migrateDepth,
                           long backoffBaseNs, long backoffMaxNs, int maxAttempts, boolean recycleWithoutExpiry,
                           Plant plantedBug, NessieMode mode, int serverWorkers, long serverSpinNs, Set<NessieOptimization> optimizations) {
    public NessieConfig {
        if (hashFunctions < 1 || hashFunctions > 8) {
            throw new IllegalArgumentException("hash functions must be 1..8: " + hashFunctions);
        }
        new IndexEntry(filterBits); // checks the range
        if (indexSlotsPerNode < 1 || dataEntriesPerNode < 1 || cacheEntries < 0) {
            throw new IllegalArgumentException("table sizes must be positive and the cache non-negative");
        }
        if (dataEntriesPerNode > new IndexEntry(filterBits).dteLimit()) {
            throw new IllegalArgumentException("an ITE with " + filterBits + " filter bits names at most " + new IndexEntry(filterBits).dteLimit() + " DTEs");
        }
        if (expirationNs < 1 || maxClockSkewNs < 0 || operationTimeoutNs < 1 || operationTimeoutNs >= expirationNs) {
            throw new IllegalArgumentException("need 0 < operation timeout < expiration period and a non-negative skew: "
                    + operationTimeoutNs + ", " + expirationNs + ", " + maxClockSkewNs);
        }
        if (migrateDepth < 1 || backoffBaseNs < 1 || backoffMaxNs < backoffBaseNs || maxAttempts < 1) {
            throw new IllegalArgumentException("migrate depth, back-off and attempts must be positive (ceiling >= base)");
        }
        if (plantedBug == null) {
            throw new IllegalArgumentException("need a planted bug, Plant.NONE for none");
        }
        if (mode == null || serverWorkers < 1 || serverSpinNs < 1) {
            throw new IllegalArgumentException("need a mode, at least one server worker and a positive spin: " + mode + ", " + serverWorkers + ", " + serverSpinNs);
        }
        if (optimizations == null) {
            throw new IllegalArgumentException("need a set of optimizations (NessieOptimization.all() for the paper's Nessie)");
        }
        optimizations = optimizations.isEmpty() ? NessieOptimization.none() : Collections.unmodifiableSet(EnumSet.copyOf(optimizations));
    }

    /** Simulator sizes: virtual time is free of scheduling stalls, so the periods can be microseconds. */
    public static NessieConfig small(KvShape shape, int indexSlotsPerNode, int dataEntriesPerNode) {
        return new NessieConfig(shape, 3, 7, indexSlotsPerNode, dataEntriesPerNode, 64, 2_000_000, 50_000, 1_000_000, 3,
                2_000, 200_000, 10_000, false, Plant.NONE, NessieMode.NESSIE, 1, 100, NessieOptimization.all());
    }

    /** Real threads: periods long enough to outlast a descheduled thread (the paper's expiration is 1 s). */
    public static NessieConfig realThreads(KvShape shape, int indexSlotsPerNode, int dataEntriesPerNode) {
        return new NessieConfig(shape, 3, 7, indexSlotsPerNode, dataEntriesPerNode, 64, 1_000_000_000L, 10_000_000, 500_000_000L, 3,
                1_000, 1_000_000, 100_000, false, Plant.NONE, NessieMode.NESSIE, 1, 100, NessieOptimization.all());
    }

    public NessieConfig withCacheEntries(int entries) {
        return edit(e -> e.cacheEntries = entries);
    }

    /** The lease's expiration, the clocks' skew bound and an operation's timeout, all in nanoseconds. */
    public NessieConfig withExpiration(long expirationNs, long maxClockSkewNs, long operationTimeoutNs) {
        return edit(e -> {
            e.expirationNs = expirationNs;
            e.maxClockSkewNs = maxClockSkewNs;
            e.operationTimeoutNs = operationTimeoutNs;
        });
    }

    public NessieConfig withMigrateDepth(int depth) {
        return edit(e -> e.migrateDepth = depth);
    }

    /** The same configuration with the planted ABA bug switched on or off. */
    public NessieConfig withRecycleWithoutExpiry(boolean bug) {
        return edit(e -> e.recycleWithoutExpiry = bug);
    }

    /** The same configuration with planted bug {@code bug} of the protocol, for tests only. */
    public NessieConfig withPlantedBug(Plant bug) {
        return edit(e -> e.plantedBug = bug);
    }

    /** The same configuration deployed as {@code m} (§5). */
    public NessieConfig withMode(NessieMode m) {
        return edit(e -> e.mode = m);
    }

    /** The same configuration with {@code workers} polling server threads per node (NessieSD, NessieHY). */
    public NessieConfig withServerWorkers(int workers) {
        return edit(e -> e.serverWorkers = workers);
    }

    /** The same configuration with only {@code on} of Nessie's optimizations (Fig. 13's ladder). */
    public NessieConfig withOptimizations(Set<NessieOptimization> on) {
        return edit(e -> e.optimizations = on);
    }

    /**
     * The planted bug this configuration's code runs with: {@link #plantedBug} when set, else the JVM-wide mutation switch
     * ({@link PlantedBugs}, {@code rda ... --plant}); the client's code tests it for the {@link NessiePlantedBug}s.
     */
    public Plant activePlantedBug() {
        return plantedBug != Plant.NONE ? plantedBug : PlantedBugs.activePlant();
    }

    /** Whether replaced DTEs are re-used at once: {@link #recycleWithoutExpiry}, or the planted ABA bug. */
    public boolean recyclesWithoutExpiry() {
        return recycleWithoutExpiry || plantedBug == NessiePlantedBug.RECYCLE_WITHOUT_EXPIRY || PlantedBugs.on(NessiePlantedBug.RECYCLE_WITHOUT_EXPIRY);
    }

    /** True when {@code o} is switched on. */
    public boolean uses(NessieOptimization o) {
        return optimizations.contains(o);
    }

    private NessieConfig edit(java.util.function.Consumer<Fields> change) {
        Fields f = new Fields(this);
        change.accept(f);
        return f.build();
    }

    /** A mutable copy of the components, so that each {@code with} method names only what it changes. */
    private static final class Fields {
        KvShape shape;
        int hashFunctions;
        int filterBits;
        int indexSlotsPerNode;
        int dataEntriesPerNode;
        int cacheEntries;
        long expirationNs;
        long maxClockSkewNs;
        long operationTimeoutNs;
        int migrateDepth;
        long backoffBaseNs;
        long backoffMaxNs;
        int maxAttempts;
        boolean recycleWithoutExpiry;
        Plant plantedBug;
        NessieMode mode;
        int serverWorkers;
        long serverSpinNs;
        Set<NessieOptimization> optimizations;

        Fields(NessieConfig c) {
            shape = c.shape;
            hashFunctions = c.hashFunctions;
            filterBits = c.filterBits;
            indexSlotsPerNode = c.indexSlotsPerNode;
            dataEntriesPerNode = c.dataEntriesPerNode;
            cacheEntries = c.cacheEntries;
            expirationNs = c.expirationNs;
            maxClockSkewNs = c.maxClockSkewNs;
            operationTimeoutNs = c.operationTimeoutNs;
            migrateDepth = c.migrateDepth;
            backoffBaseNs = c.backoffBaseNs;
            backoffMaxNs = c.backoffMaxNs;
            maxAttempts = c.maxAttempts;
            recycleWithoutExpiry = c.recycleWithoutExpiry;
            plantedBug = c.plantedBug;
            mode = c.mode;
            serverWorkers = c.serverWorkers;
            serverSpinNs = c.serverSpinNs;
            optimizations = c.optimizations;
        }

        NessieConfig build() {
            return new NessieConfig(shape, hashFunctions, filterBits, indexSlotsPerNode, dataEntriesPerNode, cacheEntries, expirationNs,
                    maxClockSkewNs, operationTimeoutNs, migrateDepth, backoffBaseNs, backoffMaxNs, maxAttempts, recycleWithoutExpiry, plantedBug,
                    mode, serverWorkers, serverSpinNs, optimizations);
        }
    }
}
