/**
 * TH-DPMS's monitor (paper 002 §4.1.3) replicated by Apache Ratis on the real backends.
 * {@link io.rdasuite.hwreal.ratis.RatisLog} is the monitor's {@link io.rdasuite.store.thdpms.monitor.ReplicatedLog} as a
 * Raft group of three replicas reached over Netty: a command returns once committed and applied at the leader, and a
 * client retries at the new leader when the old one dies. {@code MonitorStateMachineAdapter} applies committed entries in
 * log order to the same {@link io.rdasuite.store.thdpms.monitor.StateMachine} the simulator's
 * {@link io.rdasuite.store.thdpms.monitor.SimulatedLog} drives, and snapshots it every
 * {@link io.rdasuite.hwreal.ratis.RatisReplicaMain#SNAPSHOT_EVERY} entries (MD5-checked, the log purged up to it, two kept):
 * a restarted replica loads the latest and replays only the log after it, and refuses a snapshot that fails its MD5.
 * {@link io.rdasuite.hwreal.ratis.RatisReplicaMain} runs one replica per process ({@code rda serve --role monitor}). The
 * process deployments of {@link io.rdasuite.hwreal.split} use it.
 */
package io.rdasuite.hwreal.ratis;
