package com.example.acme;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.kv.ServerLock;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * The server of the Acme table: a table of entries in persistent memory, changed only by the server's CPU under one
 * lock. Clients SEND a request (type, key, value) and wait for the reply the server SENDs back.
 *
 * <p>An entry is an 8-byte state word (0: empty, 1: value A is current, 2: value B is current), the key, and two
 * value slots. A put writes the value into the slot that is not current and persists it, then stores the other
 * state word and persists that (an 8-byte store is atomic), and only then replies: a crash at any point leaves the
 * old value or the new one, and an acknowledged put is persistent. {@link AcmeTablePlant#EARLY_ACK}, planted, is the mistake the example's
 * test catches: a server that groups its flushes, flushing a put's lines when the client's next request comes (fewer
 * flushes under load), but replies at once, so the acknowledgement comes before the flush.
 */
final class AcmeTableServer {
    static final int PUT = 1;
    static final int GET = 2;
    static final int DELETE = 3;

    private final Node node;
    private final KvShape shape;
    private final int capacity;
    private final boolean earlyAck;
    private final MemoryRegion table;
    private final MemoryRegion requests;
    private final ServerLock lock;

    AcmeTableServer(Node node, KvShape shape, int capacity, int maxClients, boolean earlyAck) {
        this.node = node;
        this.shape = shape;
        this.capacity = capacity;
        this.earlyAck = earlyAck;
        this.table = node.register(MemoryKind.PM, "acme-table", (long) capacity * entryBytes(shape)); // a restart gets it back
        this.requests = node.register(MemoryKind.DRAM, "acme-requests", (long) maxClients * requestBytes(shape));
        this.lock = new ServerLock(node.clock());
    }

    static int padded(int bytes) {
        return (bytes + 7) & ~7;
    }

    static int entryBytes(KvShape shape) {
        return 8 + padded(shape.keyBytes()) + 2 * padded(shape.valueBytes());
    }

    static int requestBytes(KvShape shape) {
        return 8 + padded(shape.keyBytes()) + padded(shape.valueBytes());
    }

    static int replyBytes(KvShape shape) {
        return 8 + padded(shape.valueBytes());
    }

    /** Nothing to repair: every entry holds a whole old value or a whole new one. */
    int recover() {
        return 0;
    }

    // tag::serve[]
    /** Answers one client's requests on its own server thread. */
    void serve(QueuePair responder, int clientId, String threadName) {
        LocalMemory requestMemory = node.local(requests);
        LocalMemory tableMemory = node.local(table);
        long slot = (long) clientId * requestBytes(shape);
        node.spawnDaemon(threadName, () -> {
            responder.postReceive(requests, slot, requestBytes(shape));
            long[] unflushed = new long[4]; // the mistake's pending flushes: offset and length of a value, then of a state word
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return; // the connection broke
                }
                if (unflushed[1] > 0) {
                    tableMemory.persist(unflushed[0], unflushed[1]);
                    tableMemory.persist(unflushed[2], unflushed[3]);
                    unflushed[1] = 0;
                }
                byte[] request = new byte[requestBytes(shape)];
                requestMemory.load(slot, MemorySegment.ofArray(request));
                responder.postReceive(requests, slot, requestBytes(shape)); // ready for the next before this one is answered
                // end::serve[]
                MemorySegment req = MemorySegment.ofArray(request);
                int type = (int) req.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                byte[] key = Arrays.copyOfRange(request, 8, 8 + shape.keyBytes());
                byte[] value = Arrays.copyOfRange(request, 8 + padded(shape.keyBytes()), 8 + padded(shape.keyBytes()) + shape.valueBytes());
                MemorySegment reply = MemorySegment.ofArray(new byte[replyBytes(shape)]);
                lock.lock();
                try {
                    switch (type) {
                        case PUT -> put(tableMemory, key, value, responder, reply, unflushed);
                        case GET -> get(tableMemory, key, responder, reply);
                        case DELETE -> delete(tableMemory, key, responder, reply);
                        default -> responder.post(WorkRequest.send(reply).unsignaled()); // status 0: not understood
                    }
                } finally {
                    lock.unlock();
                }
            }
        });
    }

    private void put(LocalMemory m, byte[] key, byte[] value, QueuePair responder, MemorySegment reply, long[] unflushed) {
        int e = find(m, key);
        if (e < 0) {
            e = firstEmpty(m);
            if (e < 0) {
                responder.post(WorkRequest.send(reply).unsignaled()); // full: status 0
                return;
            }
            m.store(keyOffset(e), MemorySegment.ofArray(Arrays.copyOf(key, padded(shape.keyBytes()))));
            m.persist(keyOffset(e), padded(shape.keyBytes())); // the key first: the entry is empty until its state word says otherwise
        }
        long state = m.load8(entryOffset(e));
        long next = state == 1 ? 2 : 1;
        long valueAt = valueOffset(e, next);
        m.store(valueAt, MemorySegment.ofArray(Arrays.copyOf(value, padded(shape.valueBytes()))));
        if (earlyAck) {
            m.store8(entryOffset(e), next);
            reply.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 1);
            // tag::mistake[]
            responder.post(WorkRequest.send(reply).unsignaled()); // the mistake: acknowledged while still in the cache
            unflushed[0] = valueAt; // flushed when this client's next request comes
            unflushed[1] = padded(shape.valueBytes());
            unflushed[2] = entryOffset(e);
            unflushed[3] = 8;
            // end::mistake[]
            return;
        }
        // tag::put[]
        m.persist(valueAt, padded(shape.valueBytes()));
        m.store8(entryOffset(e), next);
        m.persist(entryOffset(e), 8);
        reply.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 1);
        responder.post(WorkRequest.send(reply).unsignaled());
        // end::put[]
    }

    private void get(LocalMemory m, byte[] key, QueuePair responder, MemorySegment reply) {
        int e = find(m, key);
        if (e >= 0) {
            byte[] value = new byte[padded(shape.valueBytes())];
            m.load(valueOffset(e, m.load8(entryOffset(e))), MemorySegment.ofArray(value));
            reply.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 1);
            MemorySegment.copy(MemorySegment.ofArray(value), 0, reply, 8, value.length);
        } else {
            reply.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 2); // absent
        }
        responder.post(WorkRequest.send(reply).unsignaled());
    }

    private void delete(LocalMemory m, byte[] key, QueuePair responder, MemorySegment reply) {
        int e = find(m, key);
        if (e >= 0) {
            m.store8(entryOffset(e), 0);
            m.persist(entryOffset(e), 8);
        }
        reply.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 1);
        responder.post(WorkRequest.send(reply).unsignaled());
    }

    /** The entry holding {@code key}, or -1. Every entry is looked at: a small table, and no probe chain to break. */
    private int find(LocalMemory m, byte[] key) {
        byte[] stored = new byte[padded(shape.keyBytes())];
        byte[] wanted = Arrays.copyOf(key, stored.length);
        for (int e = 0; e < capacity; e++) {
            if (m.load8(entryOffset(e)) != 0) {
                m.load(keyOffset(e), MemorySegment.ofArray(stored));
                if (Arrays.equals(stored, wanted)) {
                    return e;
                }
            }
        }
        return -1;
    }

    private int firstEmpty(LocalMemory m) {
        for (int e = 0; e < capacity; e++) {
            if (m.load8(entryOffset(e)) == 0) {
                return e;
            }
        }
        return -1;
    }

    private long entryOffset(int e) {
        return (long) e * entryBytes(shape);
    }

    private long keyOffset(int e) {
        return entryOffset(e) + 8;
    }

    private long valueOffset(int e, long state) {
        return keyOffset(e) + padded(shape.keyBytes()) + (state == 2 ? padded(shape.valueBytes()) : 0);
    }
}
