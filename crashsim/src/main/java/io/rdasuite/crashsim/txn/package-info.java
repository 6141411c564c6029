/**
 * Crash exploration of TH-DPMS's transactions (paper 002 §4.1.6): {@link io.rdasuite.crashsim.txn.TxnExplorer} runs a
 * seeded {@link io.rdasuite.crashsim.txn.TxnProgram} (writers that open with a write-skew pair, and a poller that reads
 * one key at a time while they run) on three PM servers, a monitor and the clients, and crashes it under each
 * {@link io.rdasuite.crashsim.txn.TxnCrashTarget}: every server (restart from each server's post-crash image), every
 * server with server 0 never coming back (failover after a restart), server 0 alone and a coordinator alone (the
 * cluster runs on). Crash points are evenly spread, plus points aimed a few events before and after each COMMIT-BACKUP
 * and COMMIT-PRIMARY of the uncut run: the windows an ordering bug opens are a few microseconds wide. After recovery a
 * checker client reads every key in one transaction; the history goes to a {@link io.rdasuite.crashsim.txn.TxnHistoryCheck}
 * (the Elle-style checker of {@code linearizability}: strict serializability, a transaction cut by the crash all or
 * nothing), and the explorer itself checks that the read-back commits (recovery released every lock: {@code STUCK}
 * otherwise) and that every segment's live copies agree ({@code REPLICAS}). A finding carries a checksummed
 * {@code rdat1.} token for {@code rda replay}; {@link io.rdasuite.crashsim.txn.TxnShrinker} shrinks it to a smaller
 * program (whose token carries it) that fails the same claim, the crash re-located at the same protocol step.
 */
package io.rdasuite.crashsim.txn;
