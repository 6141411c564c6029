package io.rdasuite.store.efactory;

import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The server's RPC handlers (paper 001 §4.3, §5.3): one per client connection, answering PUT allocations,
 * deletes, GETs through the server, and SAW's and IMM's allocations and commits.
 */
final class Requests {
    private final EfServer server;
    private final Node node;
    private final EfConfig config;
    private final EfMode mode;
    /**
     * SAW and IMM: a reader must never see a version that a crash can still take back (they claim durability at the
     * ack, so durable linearizability). This is a deviation from paper 001 §5.3.1-2, whose server "persist[s] data and
     * update[s] metadata" and whose GET is two one-sided READs with no check: in DMP the entry switch is visible to a
     * READ as soon as it is stored, before its flush, so a GET can return a version whose entry a power failure then
     * rolls back to the previous one (found by rda check once three clients wrote one key; ImmVisibleBeforeDurableTest).
     * Here a version is published in two steps: its entry is stored and persisted, and only then is its durability
     * flag set, the readers' go-ahead; readers accept durable versions only, and the GET handler takes the key's lock,
     * so it waits for a publication in progress. Recovery must not ask for that flag in turn (it too is visible before
     * it is persistent): it keeps valid versions, see {@link EfServer#recoverable}.
     */
    private final boolean publishesDurable;
    private final HopscotchTable hash;

    Requests(EfServer server) {
        this.server = server;
        this.node = server.node;
        this.config = server.config;
        this.mode = server.mode;
        this.publishesDurable = mode.putPath() != EfMode.PutPath.CLIENT_ACTIVE;
        this.hash = server.hash;
    }

    /** Starts the handler of one client's connection (and, on the first call, the server.background thread). */
    void serve(QueuePair responder, int clientId, String name) {
        if (clientId < 0 || clientId >= config.maxClients()) {
            throw new IllegalArgumentException("client id " + clientId + " outside 0.." + (config.maxClients() - 1));
        }
        if (mode.background() && !server.backgroundStarted) {
            server.backgroundStarted = true;
            node.spawnDaemon("ef-server.background", server.background::run);
        }
        server.responders[clientId] = responder;
        int slotBytes = EfMessages.requestBytes(config.shape());
        long base = (long) clientId * config.receiveBuffers() * slotBytes;
        LocalMemory slots = node.local(server.requests);
        node.spawnDaemon(name, () -> {
            for (int i = 0; i < config.receiveBuffers(); i++) {
                responder.postReceive(server.requests, base + (long) i * slotBytes, slotBytes);
            }
            MemorySegment request = MemorySegment.ofArray(new long[slotBytes / 8]);
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                MemorySegment reply;
                if (r.opcode() == Opcode.WRITE_IMM && (server.planted == EfPlantedBug.IMM_ACK_BEFORE_PERSIST)) {
                    long global = Integer.toUnsignedLong(r.immediate()); // the reply leaves first, then the data is persisted
                    reply = EfMessages.reply(EfMessages.OK, global, 0, 0);
                    reply.set(ValueLayout.JAVA_LONG, 32, server.cleaningEpoch);
                    responder.post(WorkRequest.send(reply).unsignaled());
                    commit(global);
                    responder.postReceive(server.requests, r.offsetBytes(), slotBytes);
                    continue;
                }
                if (r.opcode() == Opcode.WRITE_IMM) {
                    reply = commit(Integer.toUnsignedLong(r.immediate())); // IMM: the immediate carries the offset (§5.3.2)
                } else {
                    slots.load(r.offsetBytes(), request);
                    reply = handle(clientId, request);
                }
                reply.set(ValueLayout.JAVA_LONG, 32, server.cleaningEpoch);
                responder.postReceive(server.requests, r.offsetBytes(), slotBytes);
                responder.post(WorkRequest.send(reply).unsignaled());
            }
        });
    }

    private MemorySegment handle(int clientId, MemorySegment request) {
        int type = (int) request.get(ValueLayout.JAVA_LONG, 0);
        long argument = request.get(ValueLayout.JAVA_LONG, 8);
        long crc = request.get(ValueLayout.JAVA_LONG, 16);
        byte[] key = request.asSlice(24, config.shape().keyBytes()).toArray(ValueLayout.JAVA_BYTE);
        try {
            return switch (type) {
                case EfMessages.PUT -> publishClientActive(key, (int) crc);
                case EfMessages.DELETE -> delete(key);
                case EfMessages.GET -> get(key);
                case EfMessages.ALLOCATE -> allocateOnly();
                case EfMessages.COMMIT -> commit(argument);
                case EfMessages.REGISTER -> {
                    server.controls[clientId] = new long[] {argument, crc};
                    yield EfMessages.reply(EfMessages.OK, 0, 0, 0);
                }
                default -> EfMessages.reply(0, 0, 0, 0);
            };
        } catch (StoreFullException e) {
            return EfMessages.reply(EfMessages.FULL, 0, 0, 0);
        }
    }

    private MemorySegment okAt(long global) {
        MemoryRegion pool = server.pools[EfObject.pool(global)];
        return EfMessages.reply(EfMessages.OK, global, pool.address(EfObject.within(global) + EfObject.HEADER), pool.rkey());
    }

    /** §4.3.1 steps 2-4: allocate, fill and persist the metadata (PrePTR to the previous version), publish. */
    private MemorySegment publishClientActive(byte[] key, int crc) {
        long global = server.reserve(EfObject.bytes(config.shape(), false), true);
        try {
            publish(global, EfObject.VALID, crc, key);
            return okAt(global);
        } finally {
            server.allocationLock.lock();
            server.inflight[EfObject.pool(global)]--;
            server.allocationLock.unlock();
        }
    }

    /**
     * Holding the key's stripe: finds the previous version, writes and persists the metadata pointing to it,
     * then switches the entry (a second persist). A new key needs the table exclusively, as its insert may
     * move entries. Writers of different keys proceed in parallel.
     */
    private void publish(long global, long flags, int crc, byte[] key) {
        int home = hash.home(key);
        server.locks.lockKey(home);
        int slot = hash.lookup(server.tableMemory(), key);
        boolean exclusive = slot < 0;
        if (exclusive) {
            server.locks.unlockKey(home);
            server.locks.lockExclusive();
            slot = hash.lookup(server.tableMemory(), key);
        }
        try {
            long previous = slot < 0 ? 0 : server.head(server.tableMemory().load8(hash.metaOffset(slot)));
            server.writeHeader(global, flags, config.shape().valueBytes(), previous, crc);
            server.link(slot, key, previous, global);
            if (publishesDurable) {
                markDurableAndPersist(global);
            }
        } finally {
            if (exclusive) {
                server.locks.unlockExclusive();
            } else {
                server.locks.unlockKey(home);
            }
        }
    }

    /** A delete writes a tombstone (the key, no value) itself, persists it and marks it durable before publishing. */
    private MemorySegment delete(byte[] key) {
        int home = hash.home(key);
        server.locks.lockKey(home);
        try {
            int slot = hash.lookup(server.tableMemory(), key);
            if (slot < 0) {
                return EfMessages.reply(EfMessages.ABSENT, 0, 0, 0);
            }
            long previous = server.head(server.tableMemory().load8(hash.metaOffset(slot)));
            long global = server.reserve(EfObject.bytes(config.shape(), true), false);
            LocalMemory pool = server.poolMemory(global);
            long at = EfObject.within(global);
            pool.store(at + EfObject.HEADER, EfObject.data(key, null));
            server.writeHeader(global, EfObject.VALID | EfObject.DELETED, 0, previous, EfObject.crcOf(key, null));
            pool.persist(at + EfObject.HEADER, EfObject.dataBytes(config.shape(), true));
            if (publishesDurable) {
                server.link(slot, key, previous, global); // durable only once its entry is: see publishesDurable
                markDurableAndPersist(global);
            } else {
                markDurableAndPersist(global);
                server.link(slot, key, previous, global);
            }
            return EfMessages.reply(EfMessages.OK, global, 0, 0);
        } finally {
            server.locks.unlockKey(home);
        }
    }

    /**
     * Sets a version's durability flag and persists it. For SAW and IMM the flag is the readers' go-ahead; recovery
     * keeps their valid versions whether or not it reached PM ({@link EfServer#recoverable}), and sets it again.
     */
    private void markDurableAndPersist(long global) {
        LocalMemory pool = server.poolMemory(global);
        long at = EfObject.within(global);
        server.markDurable(global, pool.load8(at));
        pool.persist(at, 8);
    }

    /** SAW and IMM (§5.3.1-2): space only; nothing is published until the data is persistent. */
    private MemorySegment allocateOnly() {
        return okAt(server.reserve(EfObject.bytes(config.shape(), false), false));
    }

    /**
     * SAW's commit SEND or IMM's receive completion: persist the data, publish the version with its entry persisted,
     * then mark it durable (see {@link #publishesDurable}).
     */
    private MemorySegment commit(long global) {
        LocalMemory pool = server.poolMemory(global);
        long at = EfObject.within(global);
        if (!(mode == EfMode.SAW && (server.planted == EfPlantedBug.SAW_COMMIT_WITHOUT_PERSIST))) {
            pool.persist(at + EfObject.HEADER, EfObject.dataBytes(config.shape(), false));
        }
        byte[] key = new byte[config.shape().keyBytes()];
        pool.load(at + EfObject.HEADER, MemorySegment.ofArray(key));
        publish(global, EfObject.VALID, 0, key);
        return EfMessages.reply(EfMessages.OK, global, 0, 0);
    }

    /** §4.3.3 steps 6-8 (and Forca's read path): the newest version that is durable or verifies, made durable. */
    private MemorySegment get(byte[] key) {
        if (!publishesDurable) {
            return getUnlocked(key);
        }
        int home = hash.home(key);
        server.locks.lockKey(home); // wait for a publication in progress (see publishesDurable)
        try {
            return getUnlocked(key);
        } finally {
            server.locks.unlockKey(home);
        }
    }

    private MemorySegment getUnlocked(byte[] key) {
        server.rpcGets++;
        LocalMemory table = server.tableMemory();
        int slot = hash.lookup(table, key);
        if (slot < 0) {
            return EfMessages.reply(EfMessages.ABSENT, 0, 0, 0);
        }
        if (server.forcaMetadata != null) {
            node.local(server.forcaMetadata).load8(8L * slot);
        }
        long global = server.head(table.load8(hash.metaOffset(slot)));
        for (int hops = 0; global != 0 && hops < EfServer.MAX_HOPS; hops++) {
            MemorySegment header = MemorySegment.ofArray(new byte[EfObject.HEADER]);
            server.poolMemory(global).load(EfObject.within(global), header); // the durability check reads the metadata only
            long state = header.get(ValueLayout.JAVA_LONG_UNALIGNED, EfObject.STATE);
            boolean trusted = mode.durabilityCheck() && EfObject.has(state, EfObject.VALID) && EfObject.has(state, EfObject.DURABLE);
            boolean verify = !(server.planted == EfPlantedBug.EF_GET_HANDLER_SKIPS_CRC);
            boolean persist = !(mode == EfMode.FORCA && (server.planted == EfPlantedBug.FORCA_REPLY_BEFORE_PERSIST));
            if (EfObject.has(state, EfObject.VALID) && !trusted && server.verifyAndPersist(global, server.loadObject(global), verify, persist)) {
                server.durableByHandler++;
                trusted = true;
            }
            if (trusted) {
                return EfObject.has(state, EfObject.DELETED) ? EfMessages.reply(EfMessages.ABSENT, 0, 0, 0) : okAt(global);
            }
            global = header.get(ValueLayout.JAVA_LONG_UNALIGNED, EfObject.PRE);
        }
        return EfMessages.reply(EfMessages.ABSENT, 0, 0, 0);
    }

}
