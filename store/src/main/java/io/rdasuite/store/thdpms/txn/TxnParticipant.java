package io.rdasuite.store.thdpms.txn;

import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.kv.ServerLock;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.pm.LocalMemory;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Supplier;

/**
 * A PM server's side of pDSM's transactions (paper 002 §4.1.6, Fig. 6): it persists the log records coordinators write
 * into its slots, locks the write set it is primary of (LOCK: the record first, then the locks), persists a backup's
 * record synchronously before acknowledging (COMMIT-BACKUP, the paper's change to FaRM), installs and unlocks at the
 * primary (COMMIT-PRIMARY), applies a backup's copy lazily (TRUNCATE) and resolves what recovery decided (RESOLVE).
 * Every request and every configuration change run under one lock, so that once a server has learned a new epoch no
 * request of the old one changes its log: recovery reads a stable log.
 */
public final class TxnParticipant implements PdsmServer.Extension {
    private final PdsmServer server;
    private final PdsmConfig config;
    private final LocalMemory log;
    private final ServerLock lock;
    private final Plant planted;
    private final int items;
    private long knownEpoch;
    private boolean recovering;
    /**
     * Per coordinator, the last incarnation recovery declared dead (-1: none): requests of it and earlier lives are refused
     * (volatile state: a restart of this server breaks every queue pair, so nothing late arrives after it).
     */
    private final long[] fencedThrough;

    private final TxnCluster.StepListener onStep;

    TxnParticipant(PdsmServer server, PdsmConfig config, MemoryRegion logRegion, Plant planted, TxnCluster.StepListener onStep) {
        this.onStep = onStep;
        this.server = server;
        this.config = config;
        this.log = server.node().local(logRegion);
        this.lock = new ServerLock(server.node().clock());
        this.planted = planted;
        this.items = TxnLayout.items(config);
        this.fencedThrough = new long[(int) (logRegion.lengthBytes() / TxnLayout.SLOT_BYTES)];
        java.util.Arrays.fill(fencedThrough, -1);
    }

    @Override
    public void learning(MonitorView view, Supplier<List<Long>> update) {
        lock.lock();
        try {
            List<Long> promoted = update.get();
            if (view.epoch() > knownEpoch) {
                knownEpoch = view.epoch();
                recovering = true; // until recovery resolved what was in flight at the change
            }
            for (long segment : promoted) { // a promoted backup's items stay locked until recovery is done
                LocalMemory m = server.segmentMemory(server.primaryLocal(segment));
                for (int slot = 0; slot < items; slot++) {
                    long at = TxnLayout.itemAt(config, slot);
                    m.store8(at, TxnLayout.lockedBy(TxnLayout.RECOVERY, TxnLayout.version(m.load8(at))));
                }
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long[] handle(long[] request) {
        lock.lock();
        try {
            long op = request[0];
            if (op == TxnMessages.RESOLVE) {
                return resolve((int) request[2], request[3], request[4] == 1);
            }
            if (op == TxnMessages.RESOLVE_DONE) {
                return done();
            }
            if (op == TxnMessages.FENCE) {
                return fence((int) request[2], request[3]);
            }
            if (request[1] < server.epoch()) {
                return reply(TxnMessages.STALE_EPOCH);
            }
            if (recovering) {
                return reply(TxnMessages.NOT_READY);
            }
            int c = (int) request[2];
            long txn = request[3];
            if (c < 0 || c >= fencedThrough.length) {
                return reply(TxnMessages.MALFORMED);
            }
            if (TxnLayout.incarnation(txn) <= fencedThrough[c]) {
                return reply(TxnMessages.FENCED);
            }
            List<WriteEntry> writes = TxnLayout.parse(slot(c), txn);
            if (writes == null) {
                return reply(TxnMessages.MALFORMED);
            }
            return switch ((int) (op - TxnMessages.LOCK)) {
                case 0 -> lock(c, request[1], txn, writes);
                case 1 -> commitBackup(c, request[1], txn);
                case 2 -> commitPrimary(c, request[1], txn, writes);
                case 3 -> abort(c, request[1], txn, writes);
                case 4 -> truncate(c, request[1], txn, writes);
                default -> reply(TxnMessages.MALFORMED);
            };
        } finally {
            lock.unlock();
        }
    }

    /** Step 2: the record persists, then each item this server is primary of is locked if still at the version read. */
    private long[] lock(int c, long epoch, long txn, List<WriteEntry> writes) {
        persistBody(c);
        setFlags(c, epoch, txn, TxnLayout.LOCK);
        int owner = TxnLayout.ownerOf(c);
        for (int i = 0; i < writes.size(); i++) {
            WriteEntry w = writes.get(i);
            Integer local = server.primaryLocal(w.segmentNo());
            if (local == null) {
                continue;
            }
            LocalMemory m = server.segmentMemory(local);
            long at = TxnLayout.itemAt(config, w.slot());
            long word = m.load8(at);
            if (TxnLayout.locked(word) || TxnLayout.version(word) != w.newVersion() - 1) {
                unlock(owner, writes);
                setFlags(c, epoch, txn, TxnLayout.ABORTED);
                onStep.step("LOCK-CONFLICT", server.node().id(), c, txn);
                return reply(TxnMessages.CONFLICT);
            }
            m.store8(at, TxnLayout.lockedBy(owner, TxnLayout.version(word)));
        }
        onStep.step("LOCK", server.node().id(), c, txn);
        return reply(TxnMessages.OK);
    }

    /** Step 4: the backup's record persists before the reply (unless the planted bug acknowledges first). */
    private long[] commitBackup(int c, long epoch, long txn) {
        boolean persist = planted != TxnPlantedBug.COMMIT_BACKUP_NOT_PERSISTED;
        if (persist) {
            persistBody(c);
        }
        long at = TxnLayout.slotOffset(c);
        long old = log.load8(at);
        int flags = TxnLayout.headerTxn(old) == txn ? TxnLayout.headerFlags(old) : 0;
        log.store8(at, TxnLayout.header(epoch, txn, flags | TxnLayout.COMMIT_BACKUP));
        if (persist) {
            log.persist(at, 8);
        }
        onStep.step("COMMIT-BACKUP", server.node().id(), c, txn);
        return reply(TxnMessages.OK);
    }

    /** Step 5: the decision is logged, then each locked item gets its new words and version, unlocked. */
    private long[] commitPrimary(int c, long epoch, long txn, List<WriteEntry> writes) {
        setFlags(c, epoch, txn, TxnLayout.COMMIT_PRIMARY);
        for (WriteEntry w : writes) {
            Integer local = server.primaryLocal(w.segmentNo());
            if (local != null) {
                installAtPrimary(local, w);
            }
        }
        onStep.step("COMMIT-PRIMARY", server.node().id(), c, txn);
        return reply(TxnMessages.OK);
    }

    private long[] abort(int c, long epoch, long txn, List<WriteEntry> writes) {
        unlock(TxnLayout.ownerOf(c), writes);
        setFlags(c, epoch, txn, TxnLayout.ABORTED);
        onStep.step("ABORT", server.node().id(), c, txn);
        return reply(TxnMessages.OK);
    }

    /** After the commit: a backup applies its copy (FaRM's lazy apply at truncation); the record is done. */
    private long[] truncate(int c, long epoch, long txn, List<WriteEntry> writes) {
        for (WriteEntry w : writes) {
            Integer local = server.backupLocal(w.segmentNo());
            if (local != null) {
                install(server.segmentMemory(local), w);
            }
        }
        setFlags(c, epoch, txn, TxnLayout.TRUNCATED);
        onStep.step("TRUNCATE", server.node().id(), c, txn);
        return reply(TxnMessages.OK);
    }

    /** Recovery's decision: on commit every copy here gets the record's values; then the coordinator's locks go. */
    private long[] resolve(int c, long txn, boolean commit) {
        if (c < 0 || c >= fencedThrough.length) {
            return reply(TxnMessages.MALFORMED);
        }
        List<WriteEntry> writes = TxnLayout.parse(slot(c), txn);
        if (commit) {
            if (writes == null) {
                return reply(TxnMessages.MALFORMED);
            }
            persistBody(c);
            for (WriteEntry w : writes) {
                Integer primary = server.primaryLocal(w.segmentNo());
                Integer backup = server.backupLocal(w.segmentNo());
                if (primary != null) {
                    installAtPrimary(primary, w);
                } else if (backup != null) {
                    install(server.segmentMemory(backup), w);
                }
            }
        }
        int owner = TxnLayout.ownerOf(c);
        for (long segment : server.primarySegments()) {
            LocalMemory m = server.segmentMemory(server.primaryLocal(segment));
            for (int slot = 0; slot < items; slot++) {
                long at = TxnLayout.itemAt(config, slot);
                long word = m.load8(at);
                if (TxnLayout.locked(word) && TxnLayout.owner(word) == owner) {
                    m.store8(at, TxnLayout.version(word));
                }
            }
        }
        setFlags(c, server.epoch(), txn, commit ? TxnLayout.TRUNCATED : TxnLayout.ABORTED);
        return reply(TxnMessages.OK);
    }

    /**
     * A dead coordinator: requests of its lives up to {@code through} are refused from here on, so the slot recovery reads
     * next stays as it is (a later life, a restarted coordinator process, is served).
     */
    private long[] fence(int c, long through) {
        if (c < 0 || c >= fencedThrough.length) {
            return reply(TxnMessages.MALFORMED);
        }
        fencedThrough[c] = Math.max(fencedThrough[c], through);
        return reply(TxnMessages.OK);
    }

    /** Every transaction in flight at the change is resolved: no lock remains legitimately held; the server opens. */
    private long[] done() {
        for (long segment : server.primarySegments()) {
            LocalMemory m = server.segmentMemory(server.primaryLocal(segment));
            for (int slot = 0; slot < items; slot++) {
                long at = TxnLayout.itemAt(config, slot);
                long word = m.load8(at);
                if (TxnLayout.locked(word)) {
                    m.store8(at, TxnLayout.version(word));
                }
            }
        }
        recovering = false;
        return reply(TxnMessages.OK);
    }

    /**
     * Installs {@code w} at this primary's copy of its segment, under the segment's lock, which a re-replication holds
     * while it copies the segment to a new place (§4.1.7); when such a copy waits to be mapped (the segment's
     * {@link PdsmServer#requiredEpoch} is out of reach), the installed item is mirrored to it too. Without this the copy,
     * taken before the install and mapped after it, missed a committed write for good: the transaction was complete, no
     * recovery touched it, and once the primary failed the promoted copy served the value before it (the kill campaign
     * of 2026-11-27, cycle 82: a key read back at its previous version, NOT_STRICT_SERIALIZABLE).
     */
    private void installAtPrimary(int local, WriteEntry w) {
        if (planted == TxnPlantedBug.COMMIT_MISSES_PENDING_COPY) {
            install(server.segmentMemory(local), w);
            return;
        }
        ServerLock segmentLock = server.lock(local);
        segmentLock.lock();
        try {
            install(server.segmentMemory(local), w);
            if (server.requiredEpoch(w.segmentNo()) == Long.MAX_VALUE) {
                server.mirrorRange(w.segmentNo(), TxnLayout.itemAt(config, w.slot()), TxnLayout.ITEM_BYTES);
            }
        } finally {
            segmentLock.unlock();
        }
    }

    /**
     * Installs {@code w} unless the item already has its version: the new words persist first, then the version word
     * (so a crash between leaves the old version, and recovery installs again). A recovery lock stays on.
     */
    private void install(LocalMemory m, WriteEntry w) {
        long at = TxnLayout.itemAt(config, w.slot());
        long word = m.load8(at);
        if (TxnLayout.version(word) >= w.newVersion()) {
            return;
        }
        m.store(at + 8, MemorySegment.ofArray(w.line()));
        m.persist(at + 8, TxnLayout.ITEM_BYTES - 8);
        boolean keepRecoveryLock = TxnLayout.locked(word) && TxnLayout.owner(word) == TxnLayout.RECOVERY;
        m.store8(at, keepRecoveryLock ? TxnLayout.lockedBy(TxnLayout.RECOVERY, w.newVersion()) : w.newVersion());
        m.persist(at, 8);
    }

    private void unlock(int owner, List<WriteEntry> writes) {
        for (WriteEntry w : writes) {
            Integer local = server.primaryLocal(w.segmentNo());
            if (local == null) {
                continue;
            }
            LocalMemory m = server.segmentMemory(local);
            long at = TxnLayout.itemAt(config, w.slot());
            long word = m.load8(at);
            if (TxnLayout.locked(word) && TxnLayout.owner(word) == owner) {
                m.store8(at, TxnLayout.version(word));
            }
        }
    }

    private long[] slot(int c) {
        long[] words = new long[TxnLayout.SLOT_BYTES / 8];
        log.load(TxnLayout.slotOffset(c), MemorySegment.ofArray(words));
        return words;
    }

    private void persistBody(int c) {
        log.persist(TxnLayout.slotOffset(c) + 8, TxnLayout.SLOT_BYTES - 8);
    }

    /** Adds {@code flag} to the slot's header for {@code txn} (a new transaction starts from no flags) and persists it. */
    private void setFlags(int c, long epoch, long txn, int flag) {
        long at = TxnLayout.slotOffset(c);
        long old = log.load8(at);
        int flags = TxnLayout.headerTxn(old) == txn ? TxnLayout.headerFlags(old) : 0;
        log.store8(at, TxnLayout.header(epoch, txn, flags | flag));
        log.persist(at, 8);
    }

    private long[] reply(long status) {
        return TxnMessages.of(status, server.epoch());
    }
}
