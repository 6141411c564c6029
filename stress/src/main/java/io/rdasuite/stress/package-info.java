/**
 * JMH benchmarks, run by {@code ci/jmh.sh}. {@link io.rdasuite.stress.HotLoopBenchmarks} measures the hot loops: the
 * simulator's verb rate and the explorer's crash-state rate (what {@code rda sim-bench} and {@code rda check --json}
 * report end to end). {@link io.rdasuite.stress.LoopbackStoreBenchmarks} measures Erda's and eFactory's gets and puts on
 * the loopback fabric, one client node per JMH thread, beside a {@link java.util.concurrent.ConcurrentHashMap} as the
 * in-memory limit. {@link io.rdasuite.stress.TxnCheckBenchmarks} times the Elle-style transaction checker on a generated
 * list-append history ({@link io.rdasuite.linearizability.txn.SyntheticHistory}). The jcstress tests are in
 * {@link io.rdasuite.stress.jcstress}. This module uses every library module; nothing depends on it.
 */
package io.rdasuite.stress;
