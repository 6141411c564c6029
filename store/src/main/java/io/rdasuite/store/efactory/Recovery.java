package io.rdasuite.store.efactory;

import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.pm.LocalMemory;

/**
 * Recovery after a crash (paper 001 §4: "previous intact objects can be found by traversing the version
 * list"; the paper does not spell the procedure out, so this is ours). For every entry it walks the version
 * list from the head to the newest version that is valid and intact (its CRC matches; SAW and IMM publish
 * only persistent data, so for them valid is enough: {@link EfServer#recoverable}), makes that version durable
 * and the key's only version, and points the entry at it.
 * A key with no intact version loses its entry. When a crash interrupted log cleaning, versions still in the
 * old pool are copied into the new one, which finishes the cleaning. Allocation resumes past the last kept
 * version and past every newer version the walks discarded; everything else is garbage for the next cleaning.
 * Crashing during recovery is safe: each step persists a copy before anything points to it, and no copy lands
 * on a version an entry not yet settled still names, so the next recovery walks the same lists to the same
 * versions.
 */
final class Recovery {
    private final EfServer server;
    /** Past the last version in the target pool that {@link #newestIntact} passed over, not kept (see there). */
    private long discardedEnd = EfObject.FIRST;

    Recovery(EfServer server) {
        this.server = server;
    }

    int run() {
        server.loadState(); // a superblock never written means: no cleaning ever ran, pool 0 is the working pool
        int target = server.stage == EfServer.Stage.COMPRESS ? 1 - server.working : server.working;
        int slots = server.hash.slots();
        long[] keep = new long[slots];
        long tail = EfObject.FIRST;
        for (int slot = 0; slot < slots; slot++) {
            if (!server.occupied(slot)) {
                continue;
            }
            keep[slot] = newestIntact(server.head(server.tableMemory().load8(server.hash.metaOffset(slot))), target);
            if (keep[slot] != 0 && EfObject.pool(keep[slot]) == target) {
                long state = server.poolMemory(keep[slot]).load8(EfObject.within(keep[slot]));
                tail = Math.max(tail, EfObject.within(keep[slot]) + EfObject.bytes(server.config.shape(), EfObject.has(state, EfObject.DELETED)));
            }
        }
        server.tails[target] = server.planted == EfPlantedBug.EF_RECOVERY_TAIL_BEFORE_DISCARDED ? tail : Math.max(tail, discardedEnd);
        server.tails[1 - target] = EfObject.FIRST;
        int changed = 0;
        LocalMemory table = server.tableMemory();
        for (int slot = 0; slot < slots; slot++) {
            if (!server.occupied(slot)) {
                continue;
            }
            long word = table.load8(server.hash.metaOffset(slot));
            if (keep[slot] == 0) {
                server.hash.clear(table, slot);
                table.persist(server.hash.slotOffset(slot), server.hash.entryBytes());
                changed++;
                continue;
            }
            long version = EfObject.pool(keep[slot]) == target ? settle(keep[slot]) : server.copyTo(keep[slot], target);
            long settled = EntryWord.of(version);
            if (settled != word) {
                table.store8(server.hash.metaOffset(slot), settled);
                table.persist(server.hash.metaOffset(slot), 8);
                changed++;
            }
        }
        server.working = target;
        server.marked = target;
        server.stage = EfServer.Stage.IDLE;
        server.persistState();
        server.background.restart(target, server.tails[target]);
        return changed;
    }

    /**
     * The newest version the list from {@code global} holds intact (0: none). A version it passes over in
     * {@code target} moves {@link #discardedEnd} past it: the entry names it until this pass clears or re-points
     * the entry, and a crash before then has the next recovery walk the same list. A copy placed on it would be
     * found there, intact, under another key: finishing a merge (§4.4) after a power failure, the copy of key 4's
     * version once landed on key 10's unfinished one, a second power failure struck before key 10's entry was
     * cleared, and the next recovery kept key 4's object for key 10 ({@code EfactoryRecoveryCopyOverwriteTest}).
     */
    private long newestIntact(long global, int target) {
        for (int hops = 0; global != 0 && hops < EfServer.MAX_HOPS; hops++) {
            LocalMemory pool = server.poolMemory(global);
            long state = pool.load8(EfObject.within(global));
            boolean keep = (server.planted == EfPlantedBug.EF_RECOVERY_TRUSTS_VALID_BIT) ? EfObject.has(state, EfObject.VALID) : server.recoverable(global, state);
            if (keep) {
                return global;
            }
            if (EfObject.pool(global) == target) {
                discardedEnd = Math.max(discardedEnd, EfObject.within(global) + EfObject.bytes(server.config.shape(), EfObject.has(state, EfObject.DELETED)));
            }
            global = pool.load8(EfObject.within(global) + EfObject.PRE);
        }
        return 0;
    }

    /** Makes a kept version durable and alone: no older version, no newer one, flags settled. */
    private long settle(long global) {
        LocalMemory pool = server.poolMemory(global);
        long at = EfObject.within(global);
        long state = pool.load8(at);
        long settled = (state & ~EfObject.TRANS) | EfObject.DURABLE;
        if (state == settled && pool.load8(at + EfObject.PRE) == 0 && pool.load8(at + EfObject.NEXT) == 0) {
            return global;
        }
        pool.persist(at + EfObject.HEADER, EfObject.dataBytes(server.config.shape(), EfObject.has(state, EfObject.DELETED)));
        pool.store8(at + EfObject.PRE, 0);
        pool.store8(at + EfObject.NEXT, 0);
        pool.store8(at, settled);
        pool.persist(at, EfObject.HEADER);
        return global;
    }
}
