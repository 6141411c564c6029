/**
 * Workloads that measure the simulator itself rather than a protocol.
 * {@link io.rdasuite.hwsim.bench.VerbThroughputWorkload} has clients stream WRITEs into one server's PM, signalling and
 * awaiting one per window (so at most a window is outstanding) and reading after each window; the caller times its run.
 * It is behind {@code rda sim-bench} and the verb-rate benchmark of the {@code stress} module's {@code HotLoopBenchmarks}.
 */
package io.rdasuite.hwsim.bench;
