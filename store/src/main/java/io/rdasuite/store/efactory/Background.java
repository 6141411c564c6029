package io.rdasuite.store.efactory;

import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.pm.LocalMemory;
import java.util.ArrayDeque;

/**
 * eFactory's single background thread (paper 001 §4.3.2): it walks each pool from where it stopped to the
 * allocation tail, object by object; an object whose CRC matches is persisted and gets its durability
 * flag; one that does not match is invalidated once its timeout has passed since allocation, and is
 * otherwise revisited on the next pass. It takes no lock: the flag changes by compare-and-swap, so the
 * GET handler may verify the same object at the same time. It pauses while the log is cleaned.
 */
final class Background {
    private final EfServer server;
    /** Per pool: every object before this offset has been looked at once. */
    private final long[] scanned = {EfObject.FIRST, EfObject.FIRST};
    /** Objects that were incomplete and not yet timed out, oldest first. */
    private final ArrayDeque<Long> pending = new ArrayDeque<>();
    volatile boolean pauseRequested;
    volatile boolean paused;
    private volatile boolean cleanerRunning;
    private long cleanings;
    private long verified;
    private long invalidated;

    Background(EfServer server) {
        this.server = server;
    }

    /** Objects this thread made durable, and objects it invalidated after their timeout. */
    long verified() {
        return verified;
    }

    long invalidated() {
        return invalidated;
    }

    /** After recovery or cleaning: start over at {@code from} in a pool, forgetting pending objects of either pool. */
    void restart(int pool, long from) {
        scanned[pool] = from;
        scanned[1 - pool] = server.tails[1 - pool];
        pending.clear();
    }

    /** Runs until the node goes down (a real backend's fabric closing; the simulator never returns here otherwise). */
    void run() {
        while (server.node.isUp()) {
            if (pauseRequested) {
                paused = true;
                server.node.clock().sleepNanos(server.config.backgroundIdleNs());
                continue;
            }
            paused = false;
            maybeStartCleaning();
            if (!pass()) {
                server.node.clock().sleepNanos(server.config.backgroundIdleNs());
            }
        }
    }

    /** §4.4: starts log cleaning (on its own server thread) once the working pool passes the configured fill level. */
    private void maybeStartCleaning() {
        double fraction = server.config.cleanAtFraction();
        if (fraction > 0 && !cleanerRunning && server.stage == EfServer.Stage.IDLE
                && server.tails[server.working] > fraction * server.config.poolBytes()) {
            cleanerRunning = true;
            cleanings++;
            server.node.spawnDaemon("ef-cleaner-" + cleanings, () -> {
                server.clean();
                cleanerRunning = false;
            });
        }
    }

    /** Cleanings this thread started because the pool filled up. */
    long cleanings() {
        return cleanings;
    }

    /** One pass: the pending objects, then each pool's new objects. True when it changed something. */
    private boolean pass() {
        boolean worked = false;
        for (int n = pending.size(); n > 0 && !pauseRequested; n--) {
            long global = pending.poll();
            worked |= resolve(global);
        }
        for (int pool = 0; pool < 2 && !pauseRequested; pool++) {
            long tail;
            server.allocationLock.lock();
            try {
                tail = server.tails[pool];
            } finally {
                server.allocationLock.unlock();
            }
            while (scanned[pool] < tail && !pauseRequested) {
                long global = EfObject.global(pool, scanned[pool]);
                long state = server.poolMemory(global).loadAcquire8(scanned[pool]);
                if (!EfObject.wellFormed(state)) {
                    break; // SAW/IMM space not yet committed: look again next pass
                }
                scanned[pool] += EfObject.bytes(server.config.shape(), EfObject.has(state, EfObject.DELETED));
                worked |= resolve(global);
            }
        }
        return worked;
    }

    /** Verifies one object; an incomplete one is invalidated after its timeout or queued again. */
    private boolean resolve(long global) {
        LocalMemory pool = server.poolMemory(global);
        long at = EfObject.within(global);
        long state = pool.load8(at);
        if (!EfObject.has(state, EfObject.VALID) || EfObject.has(state, EfObject.DURABLE)) {
            return false;
        }
        boolean durable = (server.planted == EfPlantedBug.EF_BACKGROUND_FLAG_WITHOUT_PERSIST)
                ? server.verifyAndPersist(global, server.loadObject(global), true, false) : server.verifyAndPersist(global, state);
        if (durable) {
            verified++;
            return true;
        }
        long age = server.node.clock().nowNanos() - pool.load8(at + EfObject.TIME);
        if (age > server.config.timeoutNs()) {
            if (pool.cas8(at, state, state & ~EfObject.VALID)) {
                pool.persist(at, 8);
                invalidated++;
            }
            return true;
        }
        pending.add(global);
        return false;
    }
}
