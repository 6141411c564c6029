/**
 * Deployments as clusters (DESIGN §5a). A {@link io.rdasuite.crashsim.cluster.Topology} names each node and its
 * {@link io.rdasuite.crashsim.cluster.Role} (PM server, client, monitor); a
 * {@link io.rdasuite.crashsim.cluster.CrashTarget} says which nodes a crash cuts and how (power failure, or a killed
 * process with {@code /kill}); a {@link io.rdasuite.crashsim.cluster.CrashState} says which post-crash image each
 * crashed node came back with, and is what a replay token carries.
 *
 * <p>Decisions. Single-server stores keep node 0 as the server and nodes 1..n as clients, and their tokens keep
 * their nine fields, so {@code rda check}'s results for the same seed are unchanged. When several nodes lose power at
 * one event, the explorer enumerates each node's frontier with its own seed and combines them index by index
 * (state k takes each node's k-th image, cycling the shorter lists): the bound on states per crash point stays the
 * budget's, not its power. A partial crash needs a subject that keeps serving
 * ({@link io.rdasuite.crashsim.Subject#runsOnAfterPartialCrash}); a single-server store given one is refused by name.
 */
package io.rdasuite.crashsim.cluster;
