/**
 * Nessie (paper 004) under client faults (its measurements are in the bench module, {@code io.rdasuite.bench.nessie}).
 * Nessie is fully client-driven: no server finishes or undoes a half-done operation, so the fault that matters is a
 * client dying or stopping mid-operation. {@link io.rdasuite.crashsim.nessie.NessieFaultSearch} kills, stalls or pauses
 * ({@link io.rdasuite.crashsim.nessie.NessieFault}) a victim client at each step of each of its operations in a {@link
 * io.rdasuite.crashsim.nessie.NessieFaultCase} (programs in {@link io.rdasuite.crashsim.nessie.NessieFaultPrograms})
 * while the others run on; {@link io.rdasuite.crashsim.nessie.NessieFaultRun} checks each run: liveness within the
 * bounded attempts (keys a dead client left blocked are expected, §4.3.1), then RDA, durability, monotonic reads and
 * linearizability of the history, through {@link io.rdasuite.crashsim.nessie.NessieHistorySubject}. These are {@code
 * rda check}'s Nessie cells.
 */
package io.rdasuite.crashsim.nessie;
