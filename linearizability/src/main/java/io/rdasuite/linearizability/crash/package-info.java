/**
 * This module's checkers applied to the crash explorer's runs (issue 7, DESIGN §5).
 * {@link io.rdasuite.linearizability.crash.CrashHistories} turns a crash state into a history: the clients' operations in
 * the simulator's event order, the crash, the recovery, and a read of every key by a fresh process (an operation that
 * failed because the server went down is {@code info}; torn bytes read as a value no put wrote).
 * {@link io.rdasuite.linearizability.crash.CrashHistoryCheck} is the {@link io.rdasuite.crashsim.HistoryCheck} that
 * {@code rda check} finds through {@link java.util.ServiceLoader}: per key, durable linearizability for a protocol durable
 * at its acknowledgement, buffered durable linearizability for one that is not.
 * {@link io.rdasuite.linearizability.crash.TxnCrashHistoryCheck} checks the histories of
 * {@link io.rdasuite.crashsim.txn.TxnExplorer} with the Elle-style checker (list-append, strict serializability; a
 * transaction cut by the crash is all or nothing). {@link io.rdasuite.linearizability.crash.CrashTimelines},
 * {@link io.rdasuite.linearizability.crash.TxnTimelines} and {@link io.rdasuite.linearizability.crash.FsTimelines} draw a
 * store, transaction or pDFS finding as an HTML timeline. {@code crashsim} does not depend on this module: it knows these
 * checks only through its own interfaces.
 */
package io.rdasuite.linearizability.crash;
