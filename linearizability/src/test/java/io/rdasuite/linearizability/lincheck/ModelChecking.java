package io.rdasuite.linearizability.lincheck;

import static org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt.forClasses;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * Lincheck model-checking options shared by the model-checked tests.
 *
 * <p>Pure code that touches no shared memory (hashing, object encoding and CRCs, the atomic region's bit
 * arithmetic, parsing a neighbourhood already copied) is left out of the analysis: the model checker then places
 * no thread switches in it and records no events for it, which makes an invocation several times cheaper and
 * loses no interleaving, because every shared access goes through {@link WordMemory} or the stores' locks, which
 * are analysed.
 *
 * <p>Copies of a neighbourhood are loops of about 25 word reads. With Lincheck's defaults (a thread switch after
 * 10 iterations of one loop, a loop of more than 50 iterations counted as non-terminating) it would take them for
 * spin loops and report a lock waiter as livelocked while the holder is still copying.
 */
final class ModelChecking {
    private ModelChecking() {
    }

    /** Scenarios to generate, and interleavings to explore per scenario: small by default (see docs/LINCHECK.md), larger by -D. */
    static final int ITERATIONS = Integer.getInteger("rda.lincheck.iterations", 8);
    static final int INVOCATIONS = Integer.getInteger("rda.lincheck.invocations", 100);

    /** The wall-clock time one invocation may take before Lincheck calls it hung. */
    static final long INVOCATION_TIMEOUT_MS = 120_000;

    static ModelCheckingOptions options() {
        return new ModelCheckingOptions()
                .iterations(ITERATIONS)
                .invocationsPerIteration(INVOCATIONS)
                .loopIterationsBeforeThreadSwitch(100)
                .loopBound(1000)
                // Lincheck reports "the execution has hung" when one invocation takes longer than this in wall-clock time
                // (10 s by default). A Nessie invocation took longer at a load of 20 beside a kill campaign, and a planted
                // bug's test failed on the hang report instead of its finding. Livelocks are still caught by the loop
                // bound above, at any speed. (Kotlin-internal in Lincheck 3.7, hence the mangled name.)
                .invocationTimeout$lincheck(INVOCATION_TIMEOUT_MS)
                .addGuarantee(forClasses("io.rdasuite.store.kv.KeyHash", "io.rdasuite.store.erda.ErdaObject",
                        "io.rdasuite.store.erda.AtomicRegion", "io.rdasuite.store.erda.ErdaMessages",
                        "io.rdasuite.store.efactory.EfObject", "io.rdasuite.store.efactory.EfObject$View",
                        "io.rdasuite.store.efactory.EntryWord", "io.rdasuite.store.efactory.EfMessages",
                        "io.rdasuite.store.kv.KvShape", "io.rdasuite.linearizability.lincheck.Findings").allMethods().ignore())
                // Nessie's bit and byte layouts, its hash functions, its immutable configuration, a client's own
                // counters, and the verbs' request, completion and region records
                .addGuarantee(forClasses("io.rdasuite.store.nessie.CuckooHashes", "io.rdasuite.store.nessie.IndexEntry",
                        "io.rdasuite.store.nessie.DataEntry", "io.rdasuite.store.nessie.DataEntry$View",
                        "io.rdasuite.store.nessie.NessieConfig", "io.rdasuite.store.nessie.NessieClient$Stats",
                        "io.rdasuite.store.fabric.WorkRequest", "io.rdasuite.store.fabric.Completion",
                        "io.rdasuite.store.fabric.MemoryRegion").allMethods().ignore())
                .addGuarantee(forClasses("io.rdasuite.store.kv.HopscotchTable")
                        .methods("find", "meta", "tag", "home", "slotOffset", "metaOffset", "tagOffset", "neighborhoodOffset",
                                "neighborhoodBytes", "entryBytes", "slots", "occupied", "keyEquals")
                        .ignore());
    }
}
