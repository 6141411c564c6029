package io.rdasuite.store.efactory;

import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.pm.LocalMemory;

/**
 * Two-stage log cleaning (paper 001 §4.4, Fig. 7). Clients are told by a one-sided WRITE into their control
 * word and read through the server until it is over; writes stay client-active throughout.
 * <ol>
 * <li><b>Compress.</b> Writes still go to the old pool. For each key, the newest version written before
 *     cleaning began is verified, copied durable into the new pool, and either the entry's second offset
 *     (when it is still the newest version) or the PrePTR of the version after it (with the transfer flag)
 *     is pointed at the copy. Older versions are left behind.</li>
 * <li><b>Merge.</b> Writes now go to the new pool. For each key, the versions written during compression
 *     are merged: when a version in the new pool already is or can be made durable, nothing older is kept;
 *     otherwise the newest intact older version is copied over and linked in. An old-pool version whose
 *     writer has not finished is waited for, up to its timeout, so that no completed write is left behind.</li>
 * <li><b>Finish.</b> Every entry drops its old offset and is marked for the new pool, transfer flags are
 *     cleared, a key whose only version is a tombstone loses its entry, and clients go back to hybrid reads.</li>
 * </ol>
 * The stage is persisted; {@link Recovery} completes a cleaning a crash interrupted.
 *
 * <p>Deviation: the paper scans the log backwards from its tail; this walks the hash table, which reaches
 * the same newest versions without parsing the log backwards. The background thread pauses meanwhile.
 */
final class LogCleaner {
    /** Time for reads and writes issued before a switch to finish (the paper's round-trip wait). */
    static final long QUIESCE_NS = 50_000;
    static final long WAIT_NS = 5_000;

    private final EfServer server;

    LogCleaner(EfServer server) {
        this.server = server;
    }

    int run() {
        int[] old = new int[1];
        long[] compressEnd = new long[1];
        boolean[] started = new boolean[1];
        whole(() -> {
            if (server.stage == EfServer.Stage.IDLE) {
                started[0] = true;
                old[0] = server.working;
                server.tails[1 - old[0]] = EfObject.FIRST;
                compressEnd[0] = server.tails[old[0]];
                server.stage = EfServer.Stage.COMPRESS;
                server.persistState();
            }
        });
        if (!started[0]) {
            return 0;
        }
        int fresh = 1 - old[0];
        pauseBackground();
        server.notifyClients();
        server.node.clock().sleepNanos(QUIESCE_NS);
        int copied = 0;
        int slots = server.hash.slots();
        for (int slot = 0; slot < slots; slot++) {
            server.locks.lockExclusive();
            try {
                copied += compress(slot, old[0], fresh, compressEnd[0]);
            } finally {
                server.locks.unlockExclusive();
            }
        }
        whole(() -> {
            server.working = fresh;
            server.stage = EfServer.Stage.MERGE;
            server.persistState();
        });
        server.node.clock().sleepNanos(QUIESCE_NS);
        while (inflight(old[0]) > 0 && !(server.planted == EfPlantedBug.EF_MERGE_SKIPS_WRITER_WAIT)) { // PUTs allocated in the old pool are published before merging
            server.node.clock().sleepNanos(WAIT_NS);
        }
        for (int slot = 0; slot < slots; slot++) {
            copied += merge(slot, fresh);
        }
        for (int slot = 0; slot < slots; slot++) {
            server.locks.lockExclusive();
            try {
                finish(slot, fresh);
            } finally {
                server.locks.unlockExclusive();
            }
        }
        whole(() -> {
            server.marked = fresh;
            server.stage = EfServer.Stage.IDLE;
            server.tails[old[0]] = EfObject.FIRST;
            server.persistState();
            server.background.restart(fresh, EfObject.FIRST);
        });
        server.background.pauseRequested = false;
        server.notifyClients();
        return copied;
    }

    /** Runs a stage switch with the table held exclusively and allocation stopped. */
    private void whole(Runnable step) {
        server.locks.lockExclusive();
        server.allocationLock.lock();
        try {
            step.run();
        } finally {
            server.allocationLock.unlock();
            server.locks.unlockExclusive();
        }
    }

    private int inflight(int pool) {
        server.allocationLock.lock();
        try {
            return server.inflight[pool];
        } finally {
            server.allocationLock.unlock();
        }
    }

    private void pauseBackground() {
        if (!server.mode.background()) {
            return;
        }
        server.background.pauseRequested = true;
        while (!server.background.paused) {
            server.node.clock().sleepNanos(server.config.backgroundIdleNs());
        }
    }

    private long word(int slot) {
        return server.tableMemory().load8(server.hash.metaOffset(slot));
    }

    private boolean occupied(int slot) {
        return server.occupied(slot);
    }

    private long previous(long global) {
        return server.poolMemory(global).load8(EfObject.within(global) + EfObject.PRE);
    }

    private boolean readable(long global) {
        long state = server.poolMemory(global).load8(EfObject.within(global));
        return EfObject.has(state, EfObject.VALID) && (EfObject.has(state, EfObject.DURABLE) || server.verifyAndPersist(global, state));
    }

    private void setEntryOffset(int slot, int pool, long global) {
        LocalMemory table = server.tableMemory();
        table.store8(server.hash.metaOffset(slot), EntryWord.withOffset(word(slot), pool, global));
        table.persist(server.hash.metaOffset(slot), 8);
    }

    /** Stage 1 for one entry: move the newest version written before cleaning began. */
    private int compress(int slot, int old, int fresh, long compressEnd) {
        if (!occupied(slot)) {
            return 0;
        }
        long successor = 0;
        long global = server.head(word(slot));
        while (global != 0 && EfObject.pool(global) == old && EfObject.within(global) >= compressEnd) {
            successor = global; // written during compression
            global = previous(global);
        }
        if (global == 0 || EfObject.pool(global) != old || !readable(global)) {
            return 0; // nothing older, already moved, or incomplete: the merge stage decides
        }
        boolean early = server.planted == EfPlantedBug.EF_CLEAN_PUBLISH_BEFORE_COPY;
        long copy = early ? server.copySpace(global, fresh) : server.copyTo(global, fresh);
        if (successor == 0) {
            setEntryOffset(slot, fresh, copy);
        } else {
            server.setPrevious(successor, copy, true);
        }
        if (early) {
            server.copyInto(global, copy); // named before it is written
        }
        return 1;
    }

    /** Stage 2 for one entry; waits (lock released) while an old-pool version is still being written. */
    private int merge(int slot, int fresh) {
        while (true) {
            server.locks.lockExclusive();
            try {
                int result = mergeOnce(slot, fresh);
                if (result >= 0) {
                    return result;
                }
            } finally {
                server.locks.unlockExclusive();
            }
            server.node.clock().sleepNanos(WAIT_NS);
        }
    }

    /** Returns the versions copied, or -1 when an old-pool version must be waited for. */
    private int mergeOnce(int slot, int fresh) {
        if (!occupied(slot)) {
            return 0;
        }
        long global = server.head(word(slot));
        long lastFresh = 0; // the oldest version of the new-pool run the chain starts with
        boolean inFreshRun = true;
        long found = 0;
        for (int hops = 0; global != 0 && hops < EfServer.MAX_HOPS; hops++) {
            boolean isFresh = EfObject.pool(global) == fresh;
            if (readable(global)) {
                found = global;
                break;
            }
            if (!isFresh && EfObject.has(server.poolMemory(global).load8(EfObject.within(global)), EfObject.VALID) && !timedOut(global)
                    && !(server.planted == EfPlantedBug.EF_MERGE_SKIPS_WRITER_WAIT)) {
                return -1;
            }
            if (isFresh && inFreshRun) {
                lastFresh = global;
            } else {
                inFreshRun = false;
            }
            global = previous(global);
        }
        if (found != 0 && EfObject.pool(found) == fresh) {
            server.setPrevious(found, 0, false); // durable: nothing older is needed
            if (inFreshRun) {
                return 0;
            }
        }
        long target = found == 0 || EfObject.pool(found) == fresh ? found : server.copyTo(found, fresh);
        if (lastFresh != 0) {
            server.setPrevious(lastFresh, target, true);
        } else if (target != 0) {
            setEntryOffset(slot, fresh, target);
        } else {
            server.hash.clear(server.tableMemory(), slot); // no version of the key was ever complete
            server.tableMemory().persist(server.hash.slotOffset(slot), server.hash.entryBytes());
        }
        return target != found ? 1 : 0;
    }

    private boolean timedOut(long global) {
        long time = server.poolMemory(global).load8(EfObject.within(global) + EfObject.TIME);
        return server.node.clock().nowNanos() - time > server.config.timeoutNs();
    }

    /** Stage 3 for one entry: only the new pool's offset, marked; transfer flags cleared. */
    private void finish(int slot, int fresh) {
        if (!occupied(slot)) {
            return;
        }
        LocalMemory table = server.tableMemory();
        long head = server.head(word(slot));
        for (long g = head; g != 0; g = previous(g)) {
            LocalMemory pool = server.poolMemory(g);
            long state;
            do {
                state = pool.load8(EfObject.within(g));
            } while (EfObject.has(state, EfObject.TRANS) && !pool.cas8(EfObject.within(g), state, state & ~EfObject.TRANS));
        }
        long state = head == 0 ? 0 : server.poolMemory(head).load8(EfObject.within(head));
        if (head == 0 || (EfObject.has(state, EfObject.DELETED) && EfObject.has(state, EfObject.DURABLE) && previous(head) == 0)) {
            server.hash.clear(table, slot);
        } else {
            table.store8(server.hash.metaOffset(slot), EntryWord.of(head));
        }
        table.persist(server.hash.slotOffset(slot), server.hash.entryBytes());
    }
}
