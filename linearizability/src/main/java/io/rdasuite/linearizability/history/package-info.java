/**
 * Histories: immutable {@link io.rdasuite.linearizability.history.Event}s paired into
 * {@link io.rdasuite.linearizability.history.Operation}s (an invoke is completed by the next ok/fail/info of
 * the same process, or by a crash of its node) and {@link io.rdasuite.linearizability.history.CrashPoint}s.
 */
package io.rdasuite.linearizability.history;
