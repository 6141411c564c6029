/**
 * Nessie (paper 004 §6) measured on the simulator, in virtual time. {@link io.rdasuite.bench.nessie.NessieBench} runs
 * Nessie, NessieSD and NessieHY with every node both client and storage node (scaled down; background load as the fault
 * plan's CPU hogs); {@link io.rdasuite.bench.nessie.NessieClaims} sets §6's claims beside its figures, judged against
 * bands taken from the paper's words ({@code rda bench nessie}). Nessie's crash and client-fault checks are crashsim's
 * ({@code io.rdasuite.crashsim.nessie}).
 */
package io.rdasuite.bench.nessie;
