/**
 * Crash-state exploration (DESIGN §5). A {@link io.rdasuite.crashsim.Subject} (a protocol as the explorer sees it)
 * runs a {@link io.rdasuite.crashsim.Program} on the simulator; the {@link io.rdasuite.crashsim.Explorer} cuts the run
 * at chosen events by a crash of the scenario's {@link io.rdasuite.crashsim.cluster.CrashTarget}, takes the post-crash
 * images the hardware model allows (bounded), recovers, reads back, and checks every
 * {@link io.rdasuite.crashsim.Invariant} against the subject's typed claims. Failures are shrunk
 * ({@link io.rdasuite.crashsim.Shrinker}) and printed with a replay token ({@link io.rdasuite.crashsim.ReplayToken}).
 *
 * <p>Deployments are clusters ({@link io.rdasuite.crashsim.cluster}): a subject names its nodes and their roles; a
 * crash cuts every PM server at once (the run stops; each comes back from its own image on a fresh fabric) or part of
 * the cluster while the rest runs on (failover; the crashed nodes may restart and rejoin; the read-back is made in the
 * same run). New protocols plug in through {@link io.rdasuite.crashsim.SubjectFactory}.
 */
package io.rdasuite.crashsim;
