package io.rdasuite.store.baseline;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.kv.ServerLock;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The server of Redo Logging and Read After Write (paper 000 §5.1). The hash entry holds the key and the
 * destination's address (K + 8 bytes); the destination holds the key-value pair (N bytes). Puts arrive in
 * the redo log (Redo Logging: a SEND into a PM receive buffer) or in a reserved ring-buffer slot (Read After
 * Write: the client's own WRITE, found by a poller); both are verified, persisted and applied under one lock,
 * so gets and deletes (RPCs) always see applied puts.
 */
public final class BaselineServer {
    /** Which baseline. */
    public enum Mode { REDO_LOGGING, READ_AFTER_WRITE }

    static final int RING_SLOTS = 16;
    static final int LOG_SLOTS = 8;
    static final int GET = 1;
    static final int DELETE = 2;
    static final int RESERVE = 3;
    static final int REPLY_BYTES = 16;

    /** What a client needs. */
    public record Handle(Mode mode, KvShape shape, MemoryRegion requests, MemoryRegion ring) {
    }

    private final Node node;
    private final Mode mode;
    private final KvShape shape;
    private final HopscotchTable hash;
    private final MemoryRegion table;
    private final MemoryRegion data;
    private final MemoryRegion log;
    private final MemoryRegion ring;
    private final MemoryRegion requests;
    private final int maxClients;
    private final ServerLock lock;
    private final ArrayDeque<Long> freeDestinations = new ArrayDeque<>();
    private final List<ArrayDeque<int[]>> reservedRing = new ArrayList<>();
    private final List<int[]> reservations = new ArrayList<>();
    private long nextDestination;

    public BaselineServer(Node node, Mode mode, KvShape shape, int buckets, int maxClients) {
        this.node = node;
        this.mode = mode;
        this.shape = shape;
        this.maxClients = maxClients;
        this.hash = new HopscotchTable(shape, buckets, false);
        this.table = node.register(MemoryKind.PM, "baseline-table", hash.regionBytes());
        this.data = node.register(MemoryKind.PM, "baseline-data", (long) hash.slots() * shape.pairBytes() + 8);
        this.log = node.register(MemoryKind.PM, "baseline-redo-log", (long) maxClients * LOG_SLOTS * recordSlotBytes());
        this.ring = node.register(MemoryKind.PM, "baseline-ring", (long) maxClients * RING_SLOTS * recordSlotBytes());
        this.requests = node.register(MemoryKind.DRAM, "baseline-requests", (long) maxClients * requestBytes(shape));
        this.lock = new ServerLock(node.clock());
        this.nextDestination = 8;
        for (int c = 0; c < maxClients; c++) {
            reservedRing.add(new ArrayDeque<>());
            reservations.add(new int[1]);
        }
    }

    int recordSlotBytes() {
        return (BaselineRecord.bytes(shape) + 7) & ~7;
    }

    static int requestBytes(KvShape shape) {
        return 8 + ((shape.keyBytes() + 7) & ~7);
    }

    public Handle handle() {
        return new Handle(mode, shape, requests, ring);
    }

    /** Starts the request handler for one client's connection (and, for Read After Write, its ring poller). */
    public void serve(QueuePair responder, int clientId, String name) {
        if (clientId < 0 || clientId >= maxClients) {
            throw new IllegalArgumentException("client id " + clientId + " outside 0.." + (maxClients - 1));
        }
        LocalMemory logMemory = node.local(log);
        LocalMemory requestMemory = node.local(requests);
        long logBase = (long) clientId * LOG_SLOTS * recordSlotBytes();
        node.spawnDaemon(name, () -> {
            for (int i = 0; i < LOG_SLOTS; i++) {
                responder.postReceive(log, logBase + (long) i * recordSlotBytes(), BaselineRecord.bytes(shape));
            }
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                MemorySegment reply = MemorySegment.ofArray(new long[REPLY_BYTES / 8 + shape.pairBytes() / 8 + 1]);
                if (r.opcode() == Opcode.SEND) {
                    byte[] record = new byte[BaselineRecord.bytes(shape)];
                    logMemory.load(r.offsetBytes(), MemorySegment.ofArray(record));
                    boolean ok = BaselineRecord.intact(record, shape, 0);
                    if (ok) {
                        logMemory.persist(r.offsetBytes(), record.length); // durable in the redo log before the ack
                    }
                    reply.set(ValueLayout.JAVA_LONG, 0, ok ? 1 : 0);
                    responder.post(WorkRequest.send(reply.asSlice(0, REPLY_BYTES)).unsignaled());
                    if (ok) {
                        lock.lock();
                        try {
                            apply(record);
                        } finally {
                            lock.unlock();
                        }
                    }
                } else {
                    MemorySegment request = MemorySegment.ofArray(new long[requestBytes(shape) / 8]);
                    requestMemory.load((long) clientId * requestBytes(shape), request);
                    int type = (int) request.get(ValueLayout.JAVA_LONG, 0);
                    byte[] key = request.asSlice(8, shape.keyBytes()).toArray(ValueLayout.JAVA_BYTE);
                    int length = handleRpc(clientId, type, key, reply);
                    responder.post(WorkRequest.send(reply.asSlice(0, length)).unsignaled());
                }
                responder.postReceive(log, r.offsetBytes(), BaselineRecord.bytes(shape));
            }
        });
        if (mode == Mode.READ_AFTER_WRITE) {
            node.spawnDaemon(name + "-poller", () -> {
                while (true) {
                    lock.lock();
                    try {
                        drainRing(clientId);
                    } finally {
                        lock.unlock();
                    }
                    node.clock().sleepNanos(1_000);
                }
            });
        }
    }

    private int handleRpc(int clientId, int type, byte[] key, MemorySegment reply) {
        lock.lock();
        try {
            for (int c = 0; c < maxClients; c++) {
                drainRing(c); // a get must see every put already persistent in a ring
            }
            LocalMemory tableMemory = node.local(table);
            switch (type) {
                case GET -> {
                    int slot = hash.lookup(tableMemory, key);
                    if (slot < 0) {
                        reply.set(ValueLayout.JAVA_LONG, 0, 2);
                        return REPLY_BYTES;
                    }
                    long destination = tableMemory.load8(hash.metaOffset(slot)) - data.baseAddress();
                    MemorySegment pair = MemorySegment.ofArray(new byte[shape.pairBytes()]);
                    node.local(data).load(destination, pair);
                    reply.set(ValueLayout.JAVA_LONG, 0, 1);
                    MemorySegment.copy(pair, shape.keyBytes(), reply, REPLY_BYTES, shape.valueBytes());
                    return REPLY_BYTES + ((shape.valueBytes() + 7) & ~7);
                }
                case DELETE -> {
                    int slot = hash.lookup(tableMemory, key);
                    if (slot >= 0) {
                        freeDestinations.add(tableMemory.load8(hash.metaOffset(slot)) - data.baseAddress());
                        hash.clear(tableMemory, slot); // "sets the metadata in a hash table to 0": K + 8 bytes
                    }
                    reply.set(ValueLayout.JAVA_LONG, 0, 1);
                    return REPLY_BYTES;
                }
                case RESERVE -> {
                    ArrayDeque<int[]> reserved = reservedRing.get(clientId);
                    if (reserved.size() == RING_SLOTS) {
                        reply.set(ValueLayout.JAVA_LONG, 0, 3);
                        return REPLY_BYTES;
                    }
                    int n = reservations.get(clientId)[0]++;
                    int slot = n % RING_SLOTS;
                    int lap = n / RING_SLOTS;
                    reserved.add(new int[] {slot, lap});
                    reply.set(ValueLayout.JAVA_LONG, 0, 1 | ((long) lap << 32));
                    reply.set(ValueLayout.JAVA_LONG, 8, ring.address(ringOffset(clientId, slot)));
                    return REPLY_BYTES;
                }
                default -> {
                    reply.set(ValueLayout.JAVA_LONG, 0, 0);
                    return REPLY_BYTES;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private long ringOffset(int clientId, int slot) {
        return ((long) clientId * RING_SLOTS + slot) * recordSlotBytes();
    }

    /** Read After Write: applies, in order, every reserved ring record that arrived intact (caller holds the lock). */
    private void drainRing(int clientId) {
        ArrayDeque<int[]> reserved = reservedRing.get(clientId);
        LocalMemory ringMemory = node.local(ring);
        while (!reserved.isEmpty()) {
            int[] next = reserved.peek();
            byte[] record = new byte[BaselineRecord.bytes(shape)];
            ringMemory.load(ringOffset(clientId, next[0]), MemorySegment.ofArray(record));
            if (!BaselineRecord.intact(record, shape, next[1])) {
                return;
            }
            reserved.poll();
            apply(record);
        }
    }

    /** Applies a verified record: entry (on create) and destination, persisted. */
    private void apply(byte[] record) {
        LocalMemory tableMemory = node.local(table);
        byte[] key = java.util.Arrays.copyOf(record, shape.keyBytes());
        int slot = hash.lookup(tableMemory, key);
        long destination;
        if (slot < 0) {
            destination = allocateDestination();
            slot = hash.insert(tableMemory, key, (byte) 0);
            tableMemory.store8(hash.metaOffset(slot), data.address(destination));
            tableMemory.persist(hash.slotOffset(slot), hash.entryBytes());
        } else {
            destination = tableMemory.load8(hash.metaOffset(slot)) - data.baseAddress();
        }
        LocalMemory dataMemory = node.local(data);
        dataMemory.store(destination, MemorySegment.ofArray(record).asSlice(0, shape.pairBytes()));
        dataMemory.persist(destination, shape.pairBytes());
    }

    private long allocateDestination() {
        if (!freeDestinations.isEmpty()) {
            return freeDestinations.poll();
        }
        if (nextDestination + shape.pairBytes() > data.lengthBytes()) {
            throw new StoreFullException("destination storage is full; stored keys stay readable");
        }
        long d = nextDestination;
        nextDestination += shape.pairBytes();
        return d;
    }
}
