/**
 * TH-DPMS (paper 002), part 2: transactions over pDSM (§4.1.6), FaRM's optimistic protocol with the paper's change —
 * the commit at the backups is a synchronous RPC that persists the record before it answers. The pieces:
 * {@link io.rdasuite.store.thdpms.txn.TxnCoordinator} (one per client: execute, lock, validate, commit-backup,
 * commit-primary, lazy truncate), {@link io.rdasuite.store.thdpms.txn.TxnParticipant} (a PM server's side, an extension
 * of {@link io.rdasuite.store.thdpms.pdsm.PdsmServer}'s RPC), {@link io.rdasuite.store.thdpms.txn.TxnRecovery} (on the
 * monitor node), {@link io.rdasuite.store.thdpms.txn.TxnCluster} (the deployment) and
 * {@link io.rdasuite.store.thdpms.txn.TxnLayout} (items and log records in PM).
 *
 * <p>Decisions where the paper (and FaRM as it cites it) leaves room:
 * <ul>
 *   <li><b>Items</b>: list-append registers, one 64-byte line each (a lock bit, the owner, a 48-bit version; a length
 *       and up to six elements) in a segment's item area; key {@code k} is item {@code k / n} of the {@code (k mod n)}-th
 *       of the {@code n} mapped segments, so consecutive keys lie on different primaries.</li>
 *   <li><b>Log records</b>: every participant's record holds the <i>whole</i> write set (FaRM's records at a primary
 *       hold only its own objects). One record per coordinator slot per server (a coordinator runs one transaction at
 *       a time), written one-sided by the coordinator and made durable by the server (a READ on the same queue pair
 *       before the RPC places it first). The header word is written only by the server: epoch, transaction number,
 *       flags LOCK / COMMIT_BACKUP / COMMIT_PRIMARY / TRUNCATED / ABORTED.</li>
 *   <li><b>Commit point</b>: a transaction is committed once any live record of it carries COMMIT_BACKUP,
 *       COMMIT_PRIMARY or TRUNCATED with a whole body. The coordinator reaches COMMIT-PRIMARY only after every backup
 *       acknowledged a persisted record, and reports the commit after the primaries installed; truncation is lazy
 *       (before the coordinator's next transaction, or when its client finishes), as in FaRM.</li>
 *   <li><b>Recovery</b> runs on the monitor after the bootstrap (every server restarted), after every failover, and
 *       for one coordinator when the monitor's RDMA-READ probes of the clients' heartbeat words find it dead. It reads
 *       that coordinator's slot at every live server one-sided, decides commit or abort by the rule above, writes the
 *       body into every live server's slot and sends RESOLVE; the servers install at whichever copy they hold
 *       (primary or backup) and release the coordinator's locks. Fencing: a server that learned a new epoch answers
 *       NOT_READY to every request until recovery's RESOLVE_DONE, and refuses requests of older epochs, so recovery
 *       reads a stable log. A backup promoted to primary keeps its items recovery-locked until then.</li>
 *   <li><b>Installation</b> persists an item's words before its version word, so a crash between leaves the old
 *       version and recovery installs again (installation is idempotent by version).</li>
 *   <li>Read-only transactions validate their read set when they read more than one item, and need no record.</li>
 * </ul>
 * {@link io.rdasuite.store.thdpms.txn.TxnPlantedBug} switches off one step each, for the checks to catch; the crash
 * explorer ({@code crashsim}'s {@code txn} package) with the serializability checker catches and names all three.
 */
package io.rdasuite.store.thdpms.txn;
