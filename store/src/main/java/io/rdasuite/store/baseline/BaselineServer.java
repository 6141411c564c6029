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
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The server of Redo Logging and Read After Write (paper 000 §5.1). The hash entry holds the key and the
 * destination's address (K + 8 bytes); the destination holds the key-value pair (N bytes). Puts arrive in
 * the redo log (Redo Logging: a SEND into a PM receive buffer) or in a reserved ring-buffer slot (Read After
 * Write: the client's own WRITE, found by a poller); both are verified, persisted and applied under one lock,
 * so gets and deletes (RPCs) always see applied puts.
 *
 * <p>Two layouts. The <b>paper layout</b> is the one Table 1 counts (record N + 4 bytes, no order): Redo
 * Logging acks once the record is persistent and applies after. It cannot be recovered in general: two
 * clients' records for one key carry no order. The <b>recoverable layout</b> adds a global sequence to each
 * record (assigned by the server when it processes a Redo record, at reservation for Read After Write) and a
 * persistent checkpoint of the last applied sequence; Redo Logging then applies before it acks, and
 * {@link #recover} replays, in sequence order, every intact record past the checkpoint. Read After Write's
 * sequences are also covered by a persistent lease, so that none is handed out twice, not even across a crash
 * (see {@link #reserveSequence}).
 */
public final class BaselineServer {
    /** Which baseline. */
    public enum Mode { REDO_LOGGING, READ_AFTER_WRITE }

    static final int RING_SLOTS = 16;
    static final int LOG_SLOTS = 8;
    static final int GET = 1;
    static final int DELETE = 2;
    /** How often, and how long apart, a Read After Write delete looks again for its key's pending ring records. */
    static final int DELETE_WAIT_ATTEMPTS = 2_000;
    static final long DELETE_WAIT_NS = 5_000;
    static final int RESERVE = 3;
    static final int REPLY_BYTES = 24;
    /** Read After Write (recoverable layout): how many sequences one persistent lease covers (see {@link #reserveSequence}). */
    static final int SEQ_LEASE = 64;
    /** The control region: the checkpoint (the last applied sequence), then the sequence lease. */
    private static final long CHECKPOINT_OFFSET = 0;
    private static final long LEASE_OFFSET = 8;

    /** What a client needs. */
    public record Handle(Mode mode, KvShape shape, boolean recoverable, MemoryRegion requests, MemoryRegion ring) {
    }

    /** A reserved ring slot, in reservation order. */
    private record Reservation(int client, int slot, int lap, long seq) {
    }

    /** The mutation test's planted bug (DESIGN §5a), read once when this is built; NONE runs the code as written. */
    private final Plant planted = PlantedBugs.activePlant();
    private final Node node;
    private final Mode mode;
    private final KvShape shape;
    private final boolean recoverable;
    private final HopscotchTable hash;
    private final MemoryRegion table;
    private final MemoryRegion data;
    private final MemoryRegion log;
    private final MemoryRegion ring;
    private final MemoryRegion requests;
    private final MemoryRegion control;
    private final int maxClients;
    private final ServerLock lock;
    private final ArrayDeque<Long> freeDestinations = new ArrayDeque<>();
    private final ArrayDeque<Reservation> reserved = new ArrayDeque<>();
    private final int[] reservations;
    private long nextDestination = 8;
    private long nextSeq = 1;
    /** The highest sequence the persistent lease covers: {@link #reserveSequence} hands out none above it. */
    private long seqLease;
    private boolean pollerStarted;

    public BaselineServer(Node node, Mode mode, KvShape shape, int buckets, int maxClients, boolean recoverable) {
        this.node = node;
        this.mode = mode;
        this.shape = shape;
        this.recoverable = recoverable;
        this.maxClients = maxClients;
        this.hash = new HopscotchTable(shape, buckets, false);
        this.table = node.register(MemoryKind.PM, "baseline-table", hash.regionBytes());
        this.data = node.register(MemoryKind.PM, "baseline-data", (long) hash.slots() * shape.pairBytes() + 8);
        int slot = BaselineRecord.slotBytes(shape, recoverable);
        this.log = node.register(MemoryKind.PM, "baseline-redo-log", (long) maxClients * LOG_SLOTS * slot);
        this.ring = node.register(MemoryKind.PM, "baseline-ring", (long) maxClients * RING_SLOTS * slot);
        this.requests = node.register(MemoryKind.DRAM, "baseline-requests", (long) maxClients * requestBytes(shape));
        this.control = node.register(MemoryKind.PM, "baseline-control", 16);
        this.lock = new ServerLock(node.clock());
        this.reservations = new int[maxClients];
    }

    static int requestBytes(KvShape shape) {
        return 8 + ((shape.keyBytes() + 7) & ~7);
    }

    public Handle handle() {
        return new Handle(mode, shape, recoverable, requests, ring);
    }

    private int slotBytes() {
        return BaselineRecord.slotBytes(shape, recoverable);
    }

    private int recordBytes() {
        return BaselineRecord.bytes(shape, recoverable);
    }

    /** Starts the request handler for one client's connection (and, for Read After Write, the ring poller). */
    public void serve(QueuePair responder, int clientId, String name) {
        if (clientId < 0 || clientId >= maxClients) {
            throw new IllegalArgumentException("client id " + clientId + " outside 0.." + (maxClients - 1));
        }
        LocalMemory logMemory = node.local(log);
        LocalMemory requestMemory = node.local(requests);
        long logBase = (long) clientId * LOG_SLOTS * slotBytes();
        node.spawnDaemon(name, () -> {
            for (int i = 0; i < LOG_SLOTS; i++) {
                responder.postReceive(log, logBase + (long) i * slotBytes(), recordBytes());
            }
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                MemorySegment reply = MemorySegment.ofArray(new long[REPLY_BYTES / 8 + shape.pairBytes() / 8 + 1]);
                if (r.opcode() == Opcode.SEND) {
                    redo(logMemory, r.offsetBytes(), responder, reply);
                } else {
                    MemorySegment request = MemorySegment.ofArray(new long[requestBytes(shape) / 8]);
                    requestMemory.load((long) clientId * requestBytes(shape), request);
                    int type = (int) request.get(ValueLayout.JAVA_LONG, 0);
                    byte[] key = request.asSlice(8, shape.keyBytes()).toArray(ValueLayout.JAVA_BYTE);
                    int length = handleRpc(clientId, type, key, reply);
                    responder.post(WorkRequest.send(reply.asSlice(0, length)).unsignaled());
                }
                responder.postReceive(log, r.offsetBytes(), recordBytes());
            }
        });
        if (mode == Mode.READ_AFTER_WRITE && !pollerStarted) {
            pollerStarted = true;
            node.spawnDaemon("raw-poller", () -> {
                while (node.isUp()) {
                    lock.lock();
                    try {
                        drainRing();
                    } finally {
                        lock.unlock();
                    }
                    node.clock().sleepNanos(1_000);
                }
            });
        }
    }

    /**
     * Redo Logging: a record arrived in the log. Paper layout (§5.1): persist it, ack, apply. Recoverable
     * layout: stamp it with the next sequence, persist it, apply it, checkpoint, then ack.
     */
    private void redo(LocalMemory logMemory, long offset, QueuePair responder, MemorySegment reply) {
        byte[] record = new byte[recordBytes()];
        logMemory.load(offset, MemorySegment.ofArray(record));
        node.clock().chargeCrc(record.length);
        boolean ok = BaselineRecord.intact(record, shape, 0, 0);
        reply.set(ValueLayout.JAVA_LONG, 0, ok ? 1 : 0);
        if (!ok) {
            responder.post(WorkRequest.send(reply.asSlice(0, REPLY_BYTES)).unsignaled());
            return;
        }
        if (!recoverable) {
            logMemory.persist(offset, record.length); // durable in the redo log: ack, then apply (§5.1)
            responder.post(WorkRequest.send(reply.asSlice(0, REPLY_BYTES)).unsignaled());
            lock.lock();
            try {
                apply(record);
            } finally {
                lock.unlock();
            }
            return;
        }
        boolean earlyAck = (planted == BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST);
        if (earlyAck) {
            responder.post(WorkRequest.send(reply.asSlice(0, REPLY_BYTES)).unsignaled());
        }
        lock.lock();
        try {
            long seq = nextSeq++;
            logMemory.store8(offset + BaselineRecord.seqOffset(shape), seq);
            if (!(planted == BaselinePlantedBug.REDO_RECORD_UNPERSISTED)) {
                logMemory.persist(offset, record.length);
            }
            if ((planted == BaselinePlantedBug.REDO_CHECKPOINT_BEFORE_APPLY)) {
                checkpoint(seq);
                apply(record);
            } else {
                apply(record);
                checkpoint(seq);
            }
        } finally {
            lock.unlock();
        }
        if (!earlyAck) {
            responder.post(WorkRequest.send(reply.asSlice(0, REPLY_BYTES)).unsignaled());
        }
    }

    private void checkpoint(long seq) {
        LocalMemory c = node.local(control);
        c.store8(CHECKPOINT_OFFSET, seq);
        c.persist(CHECKPOINT_OFFSET, 8);
    }

    /**
     * Read After Write (recoverable layout): the sequence of a new reservation (caller holds the lock). No sequence is
     * handed out twice, not even across a crash. The client's CRC covers the sequence, as the paper's covers the ring
     * lap (paper 000 §5.1: a record left from an earlier lap never passes), and that is what tells a ring slot's new
     * record from an earlier one, but only while (slot, sequence) never repeats. Recovery learns the sequences of the
     * records it can read, not of every reservation handed out: a put pending at a power failure whose WRITE only
     * partly reached PM (key, value and CRC, not the stored sequence) is invisible to it. Restarting at the highest
     * sequence recovery saw, the server handed that put's sequence and slot out again, the poller took the stale
     * record for the new reservation's, applied the earlier life's put and checkpointed past the acknowledged one,
     * which a second power failure then lost (rda fuzz --protocols raw, seeds 2 and 3). So each sequence is first
     * covered by a persistent lease, taken {@value #SEQ_LEASE} at a time, and {@link #recover} starts past the lease.
     */
    private long reserveSequence() {
        long seq = nextSeq++;
        if (seq > seqLease) {
            seqLease = seq + SEQ_LEASE - 1;
            LocalMemory c = node.local(control);
            c.store8(LEASE_OFFSET, seqLease);
            c.persist(LEASE_OFFSET, 8);
        }
        return seq;
    }

    private int handleRpc(int clientId, int type, byte[] key, MemorySegment reply) {
        if (type == DELETE && mode == Mode.READ_AFTER_WRITE && !waitForPendingPuts(key)) {
            reply.set(ValueLayout.JAVA_LONG, 0, 4); // its puts still wait behind an unwritten reservation: not deleted
            return REPLY_BYTES;
        }
        lock.lock();
        try {
            drainRing(); // a get must see every put already persistent in the ring
            LocalMemory tableMemory = node.local(table);
            switch (type) {
                case GET -> {
                    byte[] pending = (planted == BaselinePlantedBug.RAW_GET_IGNORES_PENDING) ? null : newestPending(key);
                    if (pending != null) { // an intact ring record not yet applied, waiting behind another client's
                        reply.set(ValueLayout.JAVA_LONG, 0, 1);
                        MemorySegment.copy(MemorySegment.ofArray(pending), shape.keyBytes(), reply, REPLY_BYTES, shape.valueBytes());
                        return REPLY_BYTES + ((shape.valueBytes() + 7) & ~7);
                    }
                    int slot = hash.lookup(tableMemory, key);
                    if (slot < 0) {
                        reply.set(ValueLayout.JAVA_LONG, 0, 2);
                        return REPLY_BYTES;
                    }
                    long destination = tableMemory.load8(hash.metaOffset(slot));
                    MemorySegment pair = MemorySegment.ofArray(new byte[shape.pairBytes()]);
                    node.local(data).load(destination, pair);
                    reply.set(ValueLayout.JAVA_LONG, 0, 1);
                    MemorySegment.copy(pair, shape.keyBytes(), reply, REPLY_BYTES, shape.valueBytes());
                    return REPLY_BYTES + ((shape.valueBytes() + 7) & ~7);
                }
                case DELETE -> {
                    int slot = hash.lookup(tableMemory, key);
                    if (slot >= 0) {
                        freeDestinations.add(tableMemory.load8(hash.metaOffset(slot)));
                        hash.clear(tableMemory, slot); // "sets the metadata in a hash table to 0": K + 8 bytes
                        // persistent before the ack (rda fuzz found acknowledged deletes undone by a power failure)
                        tableMemory.persist(hash.slotOffset(slot), hash.entryBytes());
                    }
                    reply.set(ValueLayout.JAVA_LONG, 0, 1);
                    return REPLY_BYTES;
                }
                case RESERVE -> {
                    if (reserved.stream().filter(x -> x.client() == clientId).count() == RING_SLOTS) {
                        reply.set(ValueLayout.JAVA_LONG, 0, 3);
                        return REPLY_BYTES;
                    }
                    int n = reservations[clientId]++;
                    Reservation res = new Reservation(clientId, n % RING_SLOTS, recoverable ? 0 : n / RING_SLOTS, recoverable ? reserveSequence() : 0);
                    reserved.add(res);
                    reply.set(ValueLayout.JAVA_LONG, 0, 1 | ((long) res.lap() << 32));
                    reply.set(ValueLayout.JAVA_LONG, 8, ring.address(ringOffset(clientId, res.slot())));
                    reply.set(ValueLayout.JAVA_LONG, 16, res.seq());
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
        return ((long) clientId * RING_SLOTS + slot) * slotBytes();
    }

    /**
     * Read After Write: a delete takes effect after every put of its key already written to the ring. Deleting while
     * such a record still waits behind another client's unwritten reservation would let that put be applied after the
     * delete, undoing it (found by Lincheck on the loopback fabric). So the delete waits until the ring has drained
     * past the key's records; false when they are still waiting after {@link #DELETE_WAIT_ATTEMPTS} tries.
     */
    private boolean waitForPendingPuts(byte[] key) {
        for (int attempt = 0; attempt < DELETE_WAIT_ATTEMPTS; attempt++) {
            lock.lock();
            try {
                drainRing();
                if (newestPending(key) == null) {
                    return true;
                }
            } finally {
                lock.unlock();
            }
            node.clock().sleepNanos(DELETE_WAIT_NS);
        }
        return false;
    }

    /** Read After Write: applies, in reservation order, every reserved ring record that arrived intact (caller holds the lock). */
    private void drainRing() {
        LocalMemory ringMemory = node.local(ring);
        while (!reserved.isEmpty()) {
            Reservation next = reserved.peek();
            byte[] record = new byte[recordBytes()];
            ringMemory.load(ringOffset(next.client(), next.slot()), MemorySegment.ofArray(record));
            node.clock().chargeCrc(record.length);
            if (!arrived(record, next)) {
                return;
            }
            reserved.poll();
            boolean applyFirst = (planted == BaselinePlantedBug.RAW_APPLY_BEFORE_PERSIST);
            if (applyFirst) {
                apply(record);
            }
            if (recoverable) {
                // The client's READ made the record persistent only where placement is persistence; the server makes
                // sure before applying, so that recovery can redo an apply the crash tore.
                ringMemory.persist(ringOffset(next.client(), next.slot()), record.length);
            }
            if (!applyFirst) {
                apply(record);
            }
            if (recoverable) {
                checkpoint(next.seq());
            }
        }
    }

    /**
     * Read After Write: whether the ring record read for {@code r} is that reservation's, whole. Its CRC must match r's
     * lap and sequence and, in the recoverable layout, its stored sequence must be r's too: recovery knows a ring
     * record by its stored sequence only, so the poller applies only what recovery would replay (paper 000 §5.1: the
     * server verifies a record before it applies it). A WRITE that reached the ring only in part (key, value and CRC,
     * not yet the sequence) waits until the rest arrives.
     */
    private boolean arrived(byte[] record, Reservation r) {
        return BaselineRecord.intact(record, shape, r.lap(), r.seq()) && (!recoverable || BaselineRecord.storedSeq(record, shape) == r.seq());
    }

    /**
     * Read After Write: the newest intact ring record of {@code key} that {@link #drainRing} could not apply yet
     * because an earlier reservation of another client is still unwritten (caller holds the lock). Without it a
     * client's get could miss its own acknowledged put, which the loopback fabric's real threads showed.
     */
    private byte[] newestPending(byte[] key) {
        byte[] newest = null;
        LocalMemory ringMemory = node.local(ring);
        for (Reservation r : reserved) {
            byte[] record = new byte[recordBytes()];
            ringMemory.load(ringOffset(r.client(), r.slot()), MemorySegment.ofArray(record));
            if (Arrays.equals(record, 0, shape.keyBytes(), key, 0, key.length)) {
                node.clock().chargeCrc(record.length);
                if (arrived(record, r)) {
                    newest = record; // reservations are in sequence order: a later one supersedes
                }
            }
        }
        return newest;
    }

    /** Applies a verified record: entry (on create) and destination, persisted. Idempotent. */
    private void apply(byte[] record) {
        LocalMemory tableMemory = node.local(table);
        byte[] key = Arrays.copyOf(record, shape.keyBytes());
        int slot = hash.lookup(tableMemory, key);
        long destination;
        LocalMemory dataMemory = node.local(data);
        MemorySegment pair = MemorySegment.ofArray(record).asSlice(0, shape.pairBytes());
        if (slot < 0) {
            // A create writes the destination before the entry that names it: no entry ever points at a torn pair.
            destination = allocateDestination();
            dataMemory.store(destination, pair);
            dataMemory.persist(destination, shape.pairBytes());
            slot = hash.insert(tableMemory, key, (byte) 0);
            // the destination's offset in the data region (never 0: the region's first 8 bytes stay unused), not its address:
            // a restarted process maps the region elsewhere, and an address persisted by the last one names nothing there
            // (rda serve --protocol redo, killed and restarted over TCP, failed its first get so)
            tableMemory.store8(hash.metaOffset(slot), destination);
            tableMemory.persist(hash.slotOffset(slot), hash.entryBytes());
            return;
        }
        destination = tableMemory.load8(hash.metaOffset(slot));
        dataMemory.store(destination, pair);
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

    /**
     * Recovery (recoverable layout; call inside a thread of the restarted node before serving): finds the
     * destinations in use, then replays in sequence order every intact redo-log and ring record whose sequence
     * is past the persistent checkpoint, and continues the sequence past every one handed out before the crash
     * (the highest replayed, and the lease {@link #reserveSequence} persisted). Returns the records replayed.
     */
    public int recover() {
        if (!recoverable) {
            throw new UnsupportedOperationException("the paper layout carries no order to replay by; use the recoverable layout");
        }
        LocalMemory tableMemory = node.local(table);
        MemorySegment all = MemorySegment.ofArray(new byte[(int) hash.regionBytes()]);
        tableMemory.load(0, all);
        for (int s = 0; s < hash.slots(); s++) {
            long meta = all.get(ValueLayout.JAVA_LONG_UNALIGNED, hash.metaOffset(s));
            if (meta != 0) {
                nextDestination = Math.max(nextDestination, meta + shape.pairBytes());
            }
        }
        long checkpoint = node.local(control).load8(CHECKPOINT_OFFSET);
        seqLease = node.local(control).load8(LEASE_OFFSET);
        List<byte[]> pending = new ArrayList<>();
        long maxSeq = checkpoint;
        LocalMemory logMemory = node.local(log);
        LocalMemory ringMemory = node.local(ring);
        int firstSlot = (planted == BaselinePlantedBug.BASELINE_REPLAY_SKIPS_FIRST_SLOT) ? 1 : 0;
        for (int c = 0; c < maxClients; c++) {
            for (int i = firstSlot; i < LOG_SLOTS; i++) {
                byte[] r = new byte[recordBytes()];
                logMemory.load(((long) c * LOG_SLOTS + i) * slotBytes(), MemorySegment.ofArray(r));
                long seq = BaselineRecord.storedSeq(r, shape);
                if (BaselineRecord.intact(r, shape, 0, 0) && seq > checkpoint) {
                    pending.add(r);
                }
                maxSeq = Math.max(maxSeq, BaselineRecord.intact(r, shape, 0, 0) ? seq : 0);
            }
            for (int i = firstSlot; i < RING_SLOTS; i++) {
                byte[] r = new byte[recordBytes()];
                ringMemory.load(ringOffset(c, i), MemorySegment.ofArray(r));
                long seq = BaselineRecord.storedSeq(r, shape);
                if (seq > 0 && (BaselineRecord.intact(r, shape, 0, seq) || (planted == BaselinePlantedBug.RAW_RECOVERY_SKIPS_RING_CRC))) {
                    maxSeq = Math.max(maxSeq, seq);
                    if (seq > checkpoint) {
                        pending.add(r);
                    }
                }
            }
        }
        if (!(planted == BaselinePlantedBug.BASELINE_REPLAY_SLOT_ORDER)) {
            pending.sort(Comparator.comparingLong(r -> BaselineRecord.storedSeq(r, shape)));
        }
        for (byte[] r : pending) {
            apply(r);
            checkpoint(BaselineRecord.storedSeq(r, shape));
        }
        nextSeq = Math.max(maxSeq, seqLease) + 1;
        return pending.size();
    }
}
