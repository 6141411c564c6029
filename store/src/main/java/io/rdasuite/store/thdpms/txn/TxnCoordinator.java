package io.rdasuite.store.thdpms.txn;

import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A coordinator of pDSM transactions (paper 002 §4.1.6, Fig. 6; FaRM's protocol with the paper's persisting commit):
 * <ol>
 *   <li><b>Execute</b>: one-sided READs of every item at its primary; a locked item aborts.</li>
 *   <li><b>Lock</b>: per primary of the write set, the log record (the whole write set) is written one-sided into the
 *       coordinator's slot there and a LOCK RPC makes the primary persist it and lock its items at the versions read.</li>
 *   <li><b>Validate</b>: one-sided READs of the read set's version words; a change or a foreign lock aborts.</li>
 *   <li><b>Commit backup</b>: per backup, the record is written and a COMMIT-BACKUP RPC returns once it persisted
 *       (synchronous, unlike the asynchronous remote-persistence primitive: §4.1.6).</li>
 *   <li><b>Commit primary</b>: a COMMIT-PRIMARY RPC per primary installs and unlocks.</li>
 *   <li><b>Truncate</b>, lazily (as FaRM): the commit is reported once the primaries committed; before the
 *       coordinator's next transaction (or at {@link #finish()}) the backups apply their copies and every record is
 *       done.</li>
 * </ol>
 * Every request carries the client's epoch. A conflict before the commit point aborts (and retries, up to
 * {@link #ATTEMPTS}); any other failure leaves the outcome to recovery ({@link TxnOutcome.Unknown}), and the next
 * transaction first waits for that recovery. Not thread-safe: one coordinator per client thread.
 */
public final class TxnCoordinator {
    static final int ATTEMPTS = 5;
    /** How many probe periods a coordinator waits for recovery of a configuration change before it stops for good. */
    static final int RECOVERY_WAIT_PROBES = 1000;
    private final PdsmClient client;
    private final TxnCluster cluster;
    private final PdsmConfig config;
    private final Plant planted;
    private final int items;
    private long txnSeq;
    /** This life's incarnation (0 on the simulator; see {@link TxnLayout#TXN_SEQ_BITS}). */
    private long incarnation;
    /** After an unknown outcome: the epoch whose recovery the next transaction waits for. */
    private long awaitAfter = -1;
    /** What the last look of {@link #awaitRecovery} saw (the monitor's epoch, the recovered one): a stopped coordinator reports them. */
    private long epochSeen = -1;
    private long recoveredSeen = -1;
    private boolean blocked;
    /** The last committed transaction, not yet truncated: {epoch, txn}, or null. */
    private long[] pendingTruncate;
    private TreeSet<Integer> pendingParticipants;

    TxnCoordinator(PdsmClient client, TxnCluster cluster, PdsmConfig config, Plant planted) {
        this.client = client;
        this.cluster = cluster;
        this.config = config;
        this.planted = planted;
        this.items = TxnLayout.items(config);
    }

    /**
     * The keys this deployment holds: {@code 0 … keys()-1}. Key {@code k} is item {@code k / n} of the
     * {@code (k mod n)}-th mapped segment ({@code n} segments, ascending): consecutive keys lie on different segments and
     * so, as the monitor spreads primaries, on different servers (a transaction's own placement, like FaRM's objects
     * addressed by region; pDKVS hashes its keys instead).
     */
    public int keys() {
        return items * client.segments().size();
    }

    /** The segment holding key {@code key}. */
    public long segmentOfKey(int key) {
        List<Long> segments = client.segments();
        return segments.get(key % segments.size());
    }

    /** Key {@code key}'s item within its segment. */
    public int slotOfKey(int key) {
        return key / client.segments().size();
    }

    /**
     * A restartable deployment's coordinator process starts life {@code incarnation} (higher than every earlier life of
     * this coordinator: the process keeps a counter): its transaction ids carry it, and its heartbeat word shows it to the
     * monitor node. Call once, before {@link #awaitAdmission}.
     */
    public void startIncarnation(long incarnation) {
        if (!cluster.restartable()) {
            throw new IllegalStateException("a coordinator has incarnations only in a deployment with restartable coordinators");
        }
        if (incarnation < 1 || incarnation > TxnLayout.MAX_INCARNATION) {
            throw new IllegalArgumentException("a coordinator process's incarnation is 1.." + TxnLayout.MAX_INCARNATION + ": " + incarnation);
        }
        this.incarnation = incarnation;
        this.txnSeq = TxnLayout.firstTxnOf(incarnation);
        cluster.heartbeat(client.clientId()).store8(TxnCluster.HEARTBEAT_INCARNATION, incarnation);
    }

    /**
     * Waits until the monitor node admitted this life (every earlier life fenced and its transaction in flight resolved),
     * up to {@code timeoutNanos}; returns whether it did. Only then may the coordinator (and its client) act.
     */
    public boolean awaitAdmission(long timeoutNanos) {
        long waited = 0;
        while (cluster.heartbeat(client.clientId()).load8(TxnCluster.HEARTBEAT_ADMITTED) != incarnation) {
            if (waited >= timeoutNanos) {
                return false;
            }
            client.node().clock().sleepNanos(config.probeNanos());
            waited += config.probeNanos();
        }
        return true;
    }

    private final List<java.util.function.LongConsumer> afterLock = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * Runs {@code hook} with the transaction's id once every primary of its write set has locked it, before validation:
     * where a test kills a coordinator that holds locks (its recovery must release them). Install before the run.
     */
    public void afterLock(java.util.function.LongConsumer hook) {
        afterLock.add(hook);
    }

    /** This life's incarnation. */
    public long incarnation() {
        return incarnation;
    }

    /** The id the next transaction attempt will have. */
    public long nextTxn() {
        return txnSeq + 1;
    }

    /** Runs one transaction, retrying it (after a back-off) when it aborts on a conflict. */
    public TxnOutcome execute(List<TxnOp> ops) {
        return execute(ops, ATTEMPTS);
    }

    /** Runs one transaction once: a conflict aborts it (a poller's read does not wait for a lock). */
    public TxnOutcome executeOnce(List<TxnOp> ops) {
        return execute(ops, 1);
    }

    private TxnOutcome execute(List<TxnOp> ops, int attempts) {
        for (TxnOp op : ops) {
            if (op.key() < 0 || op.key() >= keys()) {
                throw new IllegalArgumentException("transactional keys are 0.." + (keys() - 1) + ": " + op.key());
            }
        }
        client.begin();
        truncatePending();
        if (!awaitRecovery()) {
            return new TxnOutcome.Aborted("no recovery of the last configuration change came: the coordinator stopped (last seen: the monitor's epoch "
                    + epochSeen + ", recovered epoch " + recoveredSeen + ", waiting for an epoch after " + awaitAfter + ")");
        }
        TxnOutcome last = null;
        for (int attempt = 0; attempt < attempts; attempt++) {
            last = attempt(ops);
            if (!(last instanceof TxnOutcome.Aborted a) || !a.why().startsWith("conflict") || attempt + 1 == attempts) {
                return last;
            }
            client.node().clock().sleepNanos((4_000L << attempt) * (client.clientId() + 1)); // back off, staggered by client
        }
        return last;
    }

    /** Waits until the cluster's recovery caught up with the epoch this client must not act in before it. */
    private boolean awaitRecovery() {
        if (blocked) {
            return false;
        }
        for (int i = 0; i < RECOVERY_WAIT_PROBES; i++) {
            long epoch = cluster.pdsm.monitor.epoch();
            epochSeen = epoch;
            boolean resolved = false;
            if (resolveAsked != 0) { // asked the monitor node to resolve this slot: nothing is sent before its answer
                if (cluster.heartbeat(client.clientId()).load8(TxnCluster.HEARTBEAT_RESOLVED) != resolveAsked) {
                    client.node().clock().sleepNanos(config.probeNanos());
                    continue;
                }
                resolveAsked = 0;
                resolved = true;
            }
            if (epoch > awaitAfter && (recoveredSeen = cluster.recoveredEpochFor(client.clientId())) >= epoch) {
                if (awaitAfter >= 0 || client.epoch() < epoch) {
                    client.reload();
                }
                awaitAfter = -1;
                return true;
            }
            if (cluster.restartable() && epoch == awaitAfter && (recoveredSeen = cluster.recoveredEpochFor(client.clientId())) >= epoch) {
                if (resolved) {
                    client.reload();
                    awaitAfter = -1;
                    return true;
                }
                askToResolveOwnSlot();
            }
            client.node().clock().sleepNanos(config.probeNanos());
        }
        blocked = true;
        return false;
    }

    private long resolveRequests;
    /** The resolution request written and not yet answered (0: none). */
    private long resolveAsked;

    /**
     * A request failed in an epoch that is recovered and that no configuration change followed: in the split deployment a
     * rejoined server's connections are re-opened a moment after its join, and a request in that moment fails with no
     * server dead, so no recovery of a newer epoch would ever resolve this coordinator's transaction (the 2026-11-27
     * campaigns stopped at cycles 219, 349 and 211 so, waiting for an epoch after the one they failed in). It asks the
     * monitor node to resolve its slot ({@link TxnCluster#HEARTBEAT_RESOLVE_REQUEST}) and sends nothing until the
     * answer. No fence is needed: its failed request went over a connection that broke (gone with it, or received and
     * handled by the server's handler thread at once, while the monitor node reads the request a probe period later) or
     * was refused (no effect).
     */
    private void askToResolveOwnSlot() {
        resolveAsked = incarnation << 24 | ++resolveRequests;
        cluster.heartbeat(client.clientId()).store8(TxnCluster.HEARTBEAT_RESOLVE_REQUEST, resolveAsked);
    }

    /** An item as read in the execution phase. */
    private static final class Item {
        final long segment;
        final int slot;
        final Replica primary;
        final List<Replica> backups;
        final long version;
        final long[] line; // words 1-7
        boolean written;

        Item(long segment, int slot, MappingItem mapping, long version, long[] line) {
            this.segment = segment;
            this.slot = slot;
            this.primary = mapping.primary();
            this.backups = mapping.backups();
            this.version = version;
            this.line = line;
        }
    }

    private TxnOutcome attempt(List<TxnOp> ops) {
        long txn = ++txnSeq;
        long epoch = client.epoch();
        int c = client.clientId();
        TreeMap<Integer, Item> cache = new TreeMap<>();
        List<long[]> reads = new ArrayList<>();
        for (TxnOp op : ops) { // 1. execute
            Item it = cache.get(op.key());
            if (it == null) {
                long segment = segmentOfKey(op.key());
                int slot = slotOfKey(op.key());
                MappingItem mapping = client.mapping(segment);
                if (mapping == null) {
                    return new TxnOutcome.Aborted("every replica of key " + op.key() + "'s segment is lost");
                }
                long[] words = new long[8];
                Replica p = mapping.primary();
                boolean ok = client.reader(p.nodeId()).execute(WorkRequest.read(MemorySegment.ofArray(words),
                        p.baseAddress() + TxnLayout.itemAt(config, slot), p.rkey())).ok();
                if (!ok) {
                    return unknownAfterFailure(epoch, "the read of key " + op.key() + " failed", false);
                }
                if (TxnLayout.locked(words[0])) {
                    return new TxnOutcome.Aborted("conflict: key " + op.key() + " is locked");
                }
                it = new Item(segment, slot, mapping, TxnLayout.version(words[0]), java.util.Arrays.copyOfRange(words, 1, 8));
                cache.put(op.key(), it);
            }
            if (op.kind() == TxnOp.Kind.READ) {
                reads.add(java.util.Arrays.copyOfRange(it.line, 1, 1 + (int) it.line[0]));
            } else if (op.kind() == TxnOp.Kind.WRITE) {
                java.util.Arrays.fill(it.line, 0);
                it.line[0] = 1;
                it.line[1] = op.value();
                it.written = true;
                reads.add(null);
            } else {
                if (it.line[0] >= TxnLayout.MAX_ELEMENTS) {
                    return new TxnOutcome.Aborted("key " + op.key() + "'s list is full (" + TxnLayout.MAX_ELEMENTS + " elements)");
                }
                it.line[1 + (int) it.line[0]] = op.value();
                it.line[0]++;
                it.written = true;
                reads.add(null);
            }
        }
        List<WriteEntry> writes = new ArrayList<>();
        TreeSet<Integer> primaries = new TreeSet<>();
        TreeSet<Integer> backups = new TreeSet<>();
        for (Item it : cache.values()) {
            if (it.written) {
                writes.add(new WriteEntry(it.segment, it.slot, it.version + 1, it.line));
                primaries.add(it.primary.nodeId());
                it.backups.forEach(b -> backups.add(b.nodeId()));
            }
        }
        if (writes.size() > TxnLayout.MAX_WRITES) {
            return new TxnOutcome.Aborted("more than " + TxnLayout.MAX_WRITES + " written keys");
        }
        if (writes.isEmpty()) { // read-only: validate when more than one item was read
            if (cache.size() > 1 && planted != TxnPlantedBug.VALIDATION_SKIPPED) {
                String v = validate(cache);
                if (v != null) {
                    return v.startsWith("conflict") ? new TxnOutcome.Aborted(v) : unknownAfterFailure(epoch, v, false);
                }
            }
            return new TxnOutcome.Committed(reads);
        }
        long[] body = TxnLayout.body(txn, writes);
        List<Integer> locked = new ArrayList<>();
        for (int p : primaries) { // 2. lock
            if (!writeRecord(p, c, body)) {
                return abortAll(locked, epoch, txn, "the record write to server " + p + " failed", false, false);
            }
            long[] r = client.rpc(p).call(TxnMessages.of(TxnMessages.LOCK, epoch, c, txn));
            if (r != null && r[0] == TxnMessages.CONFLICT) {
                return abortAll(locked, epoch, txn, "conflict: a write-set item at server " + p + " changed or is locked", true, false);
            }
            if (r == null || r[0] != TxnMessages.OK) {
                return abortAll(locked, epoch, txn, "LOCK at server " + p + ": " + TxnMessages.status(r), false, r == null);
            }
            locked.add(p);
        }
        afterLock.forEach(r -> r.accept(txn)); // tests: a coordinator that dies holding its locks
        if (planted != TxnPlantedBug.VALIDATION_SKIPPED) { // 3. validate
            String v = validate(cache);
            if (v != null) {
                return abortAll(locked, epoch, txn, v, v.startsWith("conflict"), false);
            }
        }
        boolean primaryFirst = planted == TxnPlantedBug.COMMIT_PRIMARY_BEFORE_BACKUP_ACK;
        String failed = primaryFirst ? commitPrimaries(primaries, epoch, txn) : null;
        for (int b : backups) { // 4. commit backup
            if (failed != null) {
                break;
            }
            if (!writeRecord(b, c, body)) {
                failed = "the record write to backup " + b + " failed";
                break;
            }
            long[] r = client.rpc(b).call(TxnMessages.of(TxnMessages.COMMIT_BACKUP, epoch, c, txn));
            if (r == null || r[0] != TxnMessages.OK) {
                failed = "COMMIT-BACKUP at server " + b + ": " + TxnMessages.status(r);
            }
        }
        if (failed == null && !primaryFirst) { // 5. commit primary
            failed = commitPrimaries(primaries, epoch, txn);
        }
        if (failed != null) {
            return unknownAfterFailure(epoch, failed, true);
        }
        TreeSet<Integer> participants = new TreeSet<>(primaries);
        participants.addAll(backups);
        pendingTruncate = new long[] {epoch, txn};
        pendingParticipants = participants;
        return new TxnOutcome.Committed(reads); // 6. truncate: lazily, before this coordinator's next transaction
    }

    /**
     * Step 6, FaRM's lazy truncation: the backups apply the last committed transaction and every participant marks its
     * record done. A coordinator does it before its next transaction (its slot is reused then) and when its client
     * finishes ({@link #finish()}); until then the backups' persisted records are what keeps the commit.
     */
    private void truncatePending() {
        if (pendingTruncate == null) {
            return;
        }
        long epoch = pendingTruncate[0];
        long txn = pendingTruncate[1];
        pendingTruncate = null;
        for (int s : pendingParticipants) {
            long[] r = client.rpc(s).call(TxnMessages.of(TxnMessages.TRUNCATE, epoch, client.clientId(), txn));
            if (r == null || r[0] != TxnMessages.OK) {
                awaitAfter = Math.max(awaitAfter, epoch); // recovery finishes it; the next transaction waits for that
            }
        }
    }

    /** The client is done: truncates the last committed transaction. */
    public void finish() {
        truncatePending();
    }

    private String commitPrimaries(TreeSet<Integer> primaries, long epoch, long txn) {
        for (int p : primaries) {
            long[] r = client.rpc(p).call(TxnMessages.of(TxnMessages.COMMIT_PRIMARY, epoch, client.clientId(), txn));
            if (r == null || r[0] != TxnMessages.OK) {
                return "COMMIT-PRIMARY at server " + p + ": " + TxnMessages.status(r);
            }
        }
        return null;
    }

    /** Re-reads every item's version word at its primary: null when none changed and none is locked by another. */
    private String validate(TreeMap<Integer, Item> cache) {
        int owner = TxnLayout.ownerOf(client.clientId());
        for (var e : cache.entrySet()) {
            Item it = e.getValue();
            long[] word = new long[1];
            QueuePair qp = client.reader(it.primary.nodeId());
            if (!qp.execute(WorkRequest.read(MemorySegment.ofArray(word), it.primary.baseAddress() + TxnLayout.itemAt(config, it.slot),
                    it.primary.rkey())).ok()) {
                return "the validation read of key " + e.getKey() + " failed";
            }
            boolean mine = it.written && TxnLayout.locked(word[0]) && TxnLayout.owner(word[0]) == owner;
            if (!mine && (TxnLayout.locked(word[0]) || TxnLayout.version(word[0]) != it.version)) {
                return "conflict: key " + e.getKey() + " changed since it was read";
            }
        }
        return null;
    }

    /** Writes the record one-sided into this coordinator's slot at {@code node}; a READ on the same QP places it first. */
    private boolean writeRecord(int node, int c, long[] body) {
        MemoryRegion log = cluster.log(node);
        QueuePair qp = client.reader(node);
        long at = log.address(TxnLayout.slotOffset(c) + 8);
        qp.post(WorkRequest.write(MemorySegment.ofArray(body.clone()), at, log.rkey()).unsignaled());
        MemorySegment probe = MemorySegment.ofArray(new long[1]);
        return qp.execute(WorkRequest.read(probe, at, log.rkey())).ok() && probe.get(ValueLayout.JAVA_LONG, 0) == body[0];
    }

    /**
     * Before the commit point: unlocks at the primaries locked so far. The transaction is known aborted when every
     * unlock answered and the failed request surely did nothing ({@code maybeApplied} false: a refusal, not a broken
     * connection); otherwise recovery decides.
     */
    private TxnOutcome abortAll(List<Integer> locked, long epoch, long txn, String why, boolean conflict, boolean maybeApplied) {
        boolean all = true;
        for (int p : locked) {
            long[] r = client.rpc(p).call(TxnMessages.of(TxnMessages.ABORT, epoch, client.clientId(), txn));
            all &= r != null && r[0] == TxnMessages.OK;
        }
        if (all && !maybeApplied) {
            if (!conflict) {
                awaitAfter = epoch;
            }
            return new TxnOutcome.Aborted(why);
        }
        return unknownAfterFailure(epoch, why, true);
    }

    /**
     * A failure other than a conflict: the next transaction waits for the recovery of a newer epoch. With
     * {@code effects} false nothing of this transaction reached a log, so it is reported aborted.
     */
    private TxnOutcome unknownAfterFailure(long epoch, String why, boolean effects) {
        awaitAfter = epoch;
        return effects ? new TxnOutcome.Unknown(why) : new TxnOutcome.Aborted(why);
    }
}
