/**
 * The built-in {@link io.rdasuite.crashsim.Subject}s: how the explorer drives the single-server protocols of
 * {@code store}. {@link io.rdasuite.crashsim.subjects.RemoteLogSubject} is REMOTELOG (paper 003 §4.1) under one recipe,
 * each PUT an append (GETs are skipped); {@link io.rdasuite.crashsim.subjects.InPlaceSubject} is the in-place store, the
 * negative control that claims atomic, durable puts and must be caught (DESIGN §4);
 * {@link io.rdasuite.crashsim.subjects.KvSubject} is any store of {@link io.rdasuite.store.protocol.KvProtocol}, with keys
 * padded to 8 bytes and 24-byte values derived from each operation's tag, DELETE mapped to the store's own delete, and,
 * after a crash, recovery and a read-back of every key.
 *
 * <p>{@link io.rdasuite.crashsim.Subjects#byName} builds them from the names replay tokens carry ({@code remotelog/...},
 * {@code inplace/...}, {@code kv/<protocol>}); the taxonomy, the fuzzer and the benchmarks of {@code stress} use them
 * too. Cluster subjects plug in through {@link io.rdasuite.crashsim.SubjectFactory} instead
 * ({@link io.rdasuite.crashsim.thdpms}).
 */
package io.rdasuite.crashsim.subjects;
