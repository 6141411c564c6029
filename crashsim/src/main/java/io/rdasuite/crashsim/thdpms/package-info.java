/**
 * TH-DPMS (paper 002) in crashsim: its pDSM-based key-value stores as cluster subjects of the explorer. {@link
 * io.rdasuite.crashsim.thdpms.PdsmSubject} (the object store, §4.1.5, §4.1.7; {@code pdsm/objects}, and {@code
 * pdsm/second-failure} for re-replication) and {@link io.rdasuite.crashsim.thdpms.PdkvsSubject} (pDKVS over its CCEH
 * index, §4.3; {@code pdkvs/cceh}), each optionally with a planted bug, deploy three PM servers, a monitor and the
 * program's clients and claim every property. What they share is in {@code PdsmClusterSubject}: after a partial crash
 * the cluster fails over and runs on and the read-back is made in the same run; after a crash of every server each
 * restarts from its image, the structure is checked, then the read-back. Both plug in through {@link
 * io.rdasuite.crashsim.SubjectFactory} ({@code META-INF/services}).
 *
 * <p>§5's figures are measured in the bench module ({@code io.rdasuite.bench.thdpms}). Transactions and pDFS have
 * explorers of their own: {@link io.rdasuite.crashsim.txn}, {@link io.rdasuite.crashsim.fs}.
 */
package io.rdasuite.crashsim.thdpms;
