package io.rdasuite.store.erda;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.kv.KeyHash;
import io.rdasuite.store.kv.ServerLock;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Erda's server (paper 000 §3.3, §4.1–4.3): on a write request it finds or creates the key's hash entry,
 * reserves the object's place at the end of the key's head log (never across a segment; linking a new region
 * when one fills, §3.2.2), flips the entry's atomic region to the reserved offset, and replies with the
 * address. The client writes the object itself. The server never flushes: Erda's metadata and objects
 * reach PM by cache eviction (paper 001 §7.2), which is why it claims atomicity but not durability.
 *
 * <p>Invariant: an entry's new offset names the newest reserved object of its key and its old offset the
 * version before, so a reader that finds the new one torn can fall back to an intact one.
 */
public final class ErdaServer implements io.rdasuite.store.kv.AuditedRecovery {
    static final long FIRST_OFFSET = 64;

    /** What a client needs to talk to this server; {@code heads} is indexed by chain (2 × head + half). */
    public record Handle(ErdaConfig config, MemoryRegion table, MemoryRegion requests, List<List<MemoryRegion>> heads) {
    }

    /** The mutation test's planted bug (DESIGN §5a), read once when this is built; NONE runs the code as written. */
    private final Plant planted = PlantedBugs.activePlant();
    private final Node node;
    private final ErdaConfig config;
    private final HopscotchTable hash;
    private final MemoryRegion tableRegion;
    private final MemoryRegion requests;
    private final MemoryRegion superblockRegion;
    /** Chain {@code 2h + half}: the regions of half {@code half} of head {@code h}'s log. */
    private final List<List<MemoryRegion>> chains = new ArrayList<>();
    private final long[] tails;
    private final int[] currentHalf;
    private final ServerLock lock;
    private final boolean[] cleaning;
    /** Per client: its responder endpoint and, once it registered, its control word (address, rkey). */
    private final QueuePair[] responders;
    private final long[][] controls;
    private long readsServed;
    private List<String> recoveryErrors = List.of();
    /** Quiet time before cleaning moves objects: one-sided writes reserved before the switch land meanwhile (§4.4, "maximum RTT"). */
    static final long CLEAN_QUIESCE_NS = 50_000;

    /** Registers (or, on a restarted node, gets back) the table, the superblock, the request slots and each head's first region. */
    public ErdaServer(Node node, ErdaConfig config) {
        this.node = node;
        this.config = config;
        this.hash = new HopscotchTable(config.shape(), config.buckets(), true);
        this.tableRegion = node.register(MemoryKind.PM, "erda-table", hash.regionBytes());
        this.superblockRegion = node.register(MemoryKind.PM, "erda-super", 8L * (3 * (config.heads() + 1)));
        this.requests = node.register(MemoryKind.DRAM, "erda-requests", (long) config.maxClients() * ErdaMessages.requestBytes(config.shape()));
        this.tails = new long[config.heads() + 1];
        this.currentHalf = new int[config.heads() + 1];
        for (int c = 0; c < 2 * (config.heads() + 1); c++) {
            chains.add(new ArrayList<>());
        }
        for (int h = 1; h <= config.heads(); h++) {
            tails[h] = FIRST_OFFSET;
            chains.get(2 * h).add(node.register(MemoryKind.PM, regionName(2 * h, 0), config.regionBytes()));
        }
        this.lock = new ServerLock(node.clock());
        this.cleaning = new boolean[config.heads() + 1];
        this.responders = new QueuePair[config.maxClients()];
        this.controls = new long[config.maxClients()][];
    }

    static String regionName(int chain, int index) {
        return "erda-chain-" + chain + "-" + index;
    }

    /** Offset bit 30 says which half of a head's log an offset lies in; cleaning moves live objects to the other half. */
    static final long HALF = 1L << 30;

    static int chain(int head, long offset) {
        return 2 * head + (int) ((offset >>> 30) & 1);
    }

    static long within(long offset) {
        return offset & (HALF - 1);
    }

    private MemoryRegion regionOf(int head, long offset) {
        List<MemoryRegion> c = chains.get(chain(head, offset));
        int index = (int) (within(offset) / config.regionBytes());
        return offset <= 0 || index >= c.size() ? null : c.get(index);
    }

    /** The head array clients cache: for each chain (2 × head + half), its regions. */
    public Handle handle() {
        List<List<MemoryRegion>> copy = new ArrayList<>();
        for (List<MemoryRegion> c : chains) {
            copy.add(List.copyOf(c));
        }
        return new Handle(config, tableRegion, requests, copy);
    }

    /** Reads clients made through the server because a head was being cleaned. */
    public long readsServed() {
        return readsServed;
    }

    public HopscotchTable table() {
        return hash;
    }

    static int headOf(byte[] key, int heads) {
        return headOfHash(KeyHash.of(key), heads);
    }

    /** {@link #headOf} of a key whose {@link KeyHash} the caller already has. */
    static int headOfHash(long keyHash, int heads) {
        return 1 + (int) Long.remainderUnsigned(Long.rotateLeft(keyHash, 17), heads);
    }

    /** Starts a request handler for one client's connection. */
    public void serve(QueuePair responder, int clientId, String name) {
        if (clientId < 0 || clientId >= config.maxClients()) {
            throw new IllegalArgumentException("client id " + clientId + " outside 0.." + (config.maxClients() - 1));
        }
        int requestBytes = ErdaMessages.requestBytes(config.shape());
        LocalMemory slots = node.local(requests);
        LocalMemory table = node.local(tableRegion);
        responders[clientId] = responder;
        node.spawnDaemon(name, () -> {
            for (int i = 0; i < 4; i++) {
                responder.postReceive(requests, 0, 0);
            }
            MemorySegment request = MemorySegment.ofArray(new long[requestBytes / 8]);
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                slots.load((long) r.immediate() * requestBytes, request);
                int type = (int) request.get(ValueLayout.JAVA_LONG, 0);
                long argument = request.get(ValueLayout.JAVA_LONG, 8);
                boolean data = type == ErdaMessages.PUT_DATA || type == ErdaMessages.DELETE_DATA;
                int keyAt = 16 + (data ? ErdaObject.HEADER_BYTES : 0);
                byte[] key = request.asSlice(keyAt, config.shape().keyBytes()).toArray(ValueLayout.JAVA_BYTE);
                byte[] object = null;
                if (data) {
                    int length = type == ErdaMessages.PUT_DATA ? ErdaObject.normalBytes(config.shape()) : ErdaObject.deletedBytes(config.shape());
                    object = request.asSlice(16, length).toArray(ValueLayout.JAVA_BYTE);
                }
                if (type == ErdaMessages.REGISTER) {
                    controls[r.immediate()] = new long[] {argument, request.get(ValueLayout.JAVA_LONG, 16)};
                }
                MemorySegment reply = handle(table, type, argument, key, object);
                responder.postReceive(requests, 0, 0);
                responder.post(WorkRequest.send(reply).unsignaled());
            }
        });
    }

    private MemorySegment handle(LocalMemory table, int type, long argument, byte[] key, byte[] object) {
        MemorySegment reply = MemorySegment.ofArray(new long[ErdaMessages.replyBytes(config.shape()) / 8]);
        lock.lock();
        try {
            switch (type) {
                case ErdaMessages.PUT, ErdaMessages.DELETE -> {
                    if (cleaning[headOf(key, config.heads())]) {
                        reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.CLEANING);
                    } else {
                        reserve(table, type == ErdaMessages.DELETE, key, reply);
                    }
                }
                case ErdaMessages.PUT_DATA, ErdaMessages.DELETE_DATA -> {
                    reserve(table, type == ErdaMessages.DELETE_DATA, key, reply);
                    if (reply.get(ValueLayout.JAVA_LONG, 0) == ErdaMessages.OK) {
                        // RPC write during cleaning: the server writes the object itself (§4.4).
                        writeObject(reply.get(ValueLayout.JAVA_LONG, 24), reply.get(ValueLayout.JAVA_LONG, 32), object, false);
                    }
                }
                case ErdaMessages.REPAIR -> {
                    int slot = hash.lookup(table, key);
                    if (slot >= 0) {
                        long word = table.load8(hash.metaOffset(slot));
                        if (AtomicRegion.newOffset(word) == argument && AtomicRegion.oldOffset(word) != 0) {
                            storeHalf(table, slot, word, AtomicRegion.repair(word));
                        }
                    }
                    reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.OK);
                }
                case ErdaMessages.HEADS -> describeHeads(reply, argument);
                case ErdaMessages.REGISTER -> reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.OK);
                case ErdaMessages.GET_RPC -> {
                    readsServed++;
                    readForClient(table, key, reply);
                }
                default -> reply.set(ValueLayout.JAVA_LONG, 0, 0);
            }
        } catch (StoreFullException e) {
            reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.FULL);
        } finally {
            lock.unlock();
        }
        return reply;
    }

    /** The write path of §3.3: entry (create or flip), reservation, reply with the address. */
    private void reserve(LocalMemory table, boolean delete, byte[] key, MemorySegment reply) {
        int head = headOf(key, config.heads());
        int slot = hash.lookup(table, key);
        if (slot < 0) {
            if (delete) {
                reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.ABSENT);
                return;
            }
            long offset = allocate(head, ErdaObject.normalBytes(config.shape())); // before the entry: a full log leaves no half-made entry
            finishReserve(table, hash.insert(table, key, (byte) head), AtomicRegion.EMPTY, head, offset, reply);
            return;
        }
        long word = table.load8(hash.metaOffset(slot));
        long size = delete ? ErdaObject.deletedBytes(config.shape()) : ErdaObject.normalBytes(config.shape());
        finishReserve(table, slot, word, head, allocate(head, size), reply);
    }

    private void finishReserve(LocalMemory table, int slot, long word, int head, long offset, MemorySegment reply) {
        storeHalf(table, slot, word, (planted == ErdaPlantedBug.ERDA_FLIP_KEEPS_TAG) ? AtomicRegion.overwriteNew(word, (int) offset)
                : AtomicRegion.flip(word, (int) offset));
        MemoryRegion region = regionOf(head, offset);
        reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.OK);
        reply.set(ValueLayout.JAVA_LONG, 8, region.address(within(offset) % config.regionBytes()));
        reply.set(ValueLayout.JAVA_LONG, 16, region.rkey());
        reply.set(ValueLayout.JAVA_LONG, 24, head);
        reply.set(ValueLayout.JAVA_LONG, 32, offset);
    }

    /** Writes the one 4-byte half a flip or a repair changed (the bytes paper 000's Table 1 counts). */
    private void storeHalf(LocalMemory table, int slot, long before, long after) {
        int half = AtomicRegion.changedHalfByteOffset(before, after);
        if (half < 0) {
            table.store8(hash.metaOffset(slot), after);
            return;
        }
        int value = (int) (half == 4 ? after >>> 32 : after);
        table.store(hash.metaOffset(slot) + half, MemorySegment.ofArray(new int[] {value}));
    }

    /** Reserves {@code size} bytes at the end of the current half of a head's log: never across a segment, linking regions as needed. */
    private long allocate(int head, long size) {
        long segment = config.segmentBytes();
        long half = tails[head] & HALF;
        long w = within(tails[head]);
        if (w % segment + size > segment) {
            w = (w / segment + 1) * segment;
        }
        if (w + size > HALF - 1) {
            throw new StoreFullException("head " + head + " is full (half a 31-bit offset space); clean it; stored keys stay readable");
        }
        int c = chain(head, half);
        while (w / config.regionBytes() >= chains.get(c).size()) {
            linkRegion(c);
        }
        tails[head] = half | (w + size);
        assert inOneSegment(w, size) : "head " + head + " allocated " + size + " bytes at " + w + ", across a segment";
        return half | w;
    }

    /** Whether {@code size} bytes at offset {@code w} (within a half) lie in one segment: what {@link #allocate} keeps, and recovery assumes. */
    private boolean inOneSegment(long w, long size) {
        return w / config.segmentBytes() == (w + size - 1) / config.segmentBytes();
    }

    /** §3.2.2: a new region joins a chain; the superblock records the count (persisted: recovery needs it). */
    private void linkRegion(int chain) {
        int index = chains.get(chain).size();
        chains.get(chain).add(node.register(MemoryKind.PM, regionName(chain, index), config.regionBytes()));
        LocalMemory superblock = node.local(superblockRegion);
        superblock.store8(8L * chain, index + 1);
        superblock.persist(8L * chain, 8);
    }

    /** Persists a head's current half and whether it is being cleaned (recovery finishes an interrupted cleaning). */
    private void persistState(int head, int half, boolean cleaningNow) {
        LocalMemory superblock = node.local(superblockRegion);
        long at = 8L * (2 * (config.heads() + 1) + head);
        superblock.store8(at, half | (cleaningNow ? 2 : 0));
        superblock.persist(at, 8);
    }

    /** Describes the regions of all chains, skipping the first {@code from} (a reply holds 15: clients page). */
    private void describeHeads(MemorySegment reply, long from) {
        int n = 0;
        long seen = 0;
        for (int c = 2; c < chains.size(); c++) {
            for (int r = 0; r < chains.get(c).size() && n < ErdaMessages.HEADS_PER_REPLY; r++) {
                if (seen++ < from) {
                    continue;
                }
                MemoryRegion region = chains.get(c).get(r);
                long at = 16 + 32L * n;
                reply.set(ValueLayout.JAVA_LONG, at, c);
                reply.set(ValueLayout.JAVA_LONG, at + 8, r);
                reply.set(ValueLayout.JAVA_LONG, at + 16, region.baseAddress());
                reply.set(ValueLayout.JAVA_LONG, at + 24, region.rkey());
                n++;
            }
        }
        reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.OK);
        reply.set(ValueLayout.JAVA_LONG, 8, n);
    }

    /** Writes an object at a head offset with the CPU (cleaning's copies and RPC writes); persists it when asked. */
    private void writeObject(long head, long offset, byte[] object, boolean persist) {
        LocalMemory log = node.local(regionOf((int) head, offset));
        long within = within(offset) % config.regionBytes();
        log.store(within, MemorySegment.ofArray(object));
        if (persist) {
            log.persist(within, object.length);
        }
    }

    /**
     * Log cleaning of one head (§4.4; call from a server thread). The head's log has two halves, like the
     * paper's Region 1 and Region 2. Cleaning switches allocation to the other half and clients to RPC writes
     * for the head (write requests get {@code CLEANING} and resend with the object, which the server writes);
     * after a quiet period for one-sided writes already reserved, the cleaner walks the head's entries, copies
     * the newest intact version of every object still in the old half to the new one, persists it and flips
     * the entry to it (deleted objects lose their entry), then makes the old slot name the new version too.
     * When it is done no entry names the old half, and the next cleaning reuses it. The lock is taken per
     * entry, so requests keep being served. The head's half and a cleaning flag are persisted, and recovery
     * finishes a cleaning a crash interrupted. Returns the objects moved.
     *
     * <p>Clients learn that the head is being cleaned (and, later, that it is done) by a one-sided WRITE of the
     * server into their control word, and read through the server meanwhile. Deviation from the paper: writes
     * made during cleaning go straight to the new half, so there is no separate replication phase.
     */
    public int clean(int head) {
        if (head < 1 || head > config.heads()) {
            throw new IllegalArgumentException("head " + head + " outside 1.." + config.heads());
        }
        int oldHalf;
        lock.lock();
        try {
            if (cleaning[head]) {
                return 0;
            }
            cleaning[head] = true;
            oldHalf = currentHalf[head];
            currentHalf[head] = 1 - oldHalf;
            tails[head] = ((long) currentHalf[head] << 30) | FIRST_OFFSET;
            persistState(head, currentHalf[head], true);
        } finally {
            lock.unlock();
        }
        notifyClients(head, 1);
        if (!(planted == ErdaPlantedBug.ERDA_CLEAN_NO_QUIESCE)) {
            node.clock().sleepNanos(CLEAN_QUIESCE_NS);
        }
        int moved = moveOutOf(head, oldHalf);
        lock.lock();
        try {
            cleaning[head] = false;
            persistState(head, currentHalf[head], false);
        } finally {
            lock.unlock();
        }
        notifyClients(head, 0);
        return moved;
    }

    /** §4.4: tells every registered client, by a one-sided WRITE into its control word, whether the head is being cleaned. */
    private void notifyClients(int head, long cleaningNow) {
        for (int c = 0; c < responders.length; c++) {
            long[] control = controls[c];
            if (control != null && responders[c] != null) {
                responders[c].execute(WorkRequest.write(MemorySegment.ofArray(new long[] {cleaningNow}), control[0] + 8L * head, (int) control[1]));
            }
        }
    }

    /** A read through the server (§4.4, during cleaning): the newest intact version, or the old one. */
    private void readForClient(LocalMemory table, byte[] key, MemorySegment reply) {
        int slot = hash.lookup(table, key);
        if (slot < 0) {
            reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.ABSENT);
            return;
        }
        int head = headOf(key, config.heads());
        long word = table.load8(hash.metaOffset(slot));
        byte[] live = readIntact(head, AtomicRegion.newOffset(word), key);
        if (live == null) {
            live = readIntact(head, AtomicRegion.oldOffset(word), key);
        }
        if (live == null) {
            reply.set(ValueLayout.JAVA_LONG, 0, AtomicRegion.newOffset(word) == 0 ? ErdaMessages.ABSENT : ErdaMessages.UNREADABLE);
            return;
        }
        if (live[0] == ErdaObject.DELETED) {
            reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.ABSENT);
            return;
        }
        reply.set(ValueLayout.JAVA_LONG, 0, ErdaMessages.OK);
        MemorySegment.copy(MemorySegment.ofArray(live), ErdaObject.HEADER_BYTES + config.shape().keyBytes(), reply, 16, config.shape().valueBytes());
    }

    private int moveOutOf(int head, int oldHalf) {
        LocalMemory table = node.local(tableRegion);
        int moved = 0;
        for (int slot = 0; slot < hash.slots(); slot++) {
            lock.lock();
            try {
                moved += cleanEntry(table, slot, head, oldHalf) ? 1 : 0;
            } finally {
                lock.unlock();
            }
        }
        return moved;
    }

    private static boolean inHalf(long offset, int half) {
        return offset > 0 && ((offset >>> 30) & 1) == half;
    }

    private boolean cleanEntry(LocalMemory table, int slot, int head, int oldHalf) {
        MemorySegment entry = MemorySegment.ofArray(new byte[hash.entryBytes()]);
        table.load(hash.slotOffset(slot), entry);
        if (entry.get(ValueLayout.JAVA_BYTE, config.shape().keyBytes()) != head) {
            return false;
        }
        long word = entry.get(ValueLayout.JAVA_LONG_UNALIGNED, hash.metaOffset(slot) - hash.slotOffset(slot));
        boolean moved = false;
        if (inHalf(AtomicRegion.newOffset(word), oldHalf)) {
            byte[] key = entry.asSlice(0, config.shape().keyBytes()).toArray(ValueLayout.JAVA_BYTE);
            byte[] newest = readIntact(head, AtomicRegion.newOffset(word), key);
            byte[] live = newest != null ? newest : readIntact(head, AtomicRegion.oldOffset(word), key);
            if ((planted == ErdaPlantedBug.ERDA_CLEAN_MOVES_OLDER)) {
                byte[] old = readIntact(head, AtomicRegion.oldOffset(word), key);
                live = old != null ? old : newest;
            }
            if (live == null) {
                return false; // nothing intact to keep: the key stays unreadable, as it was
            }
            if (live[0] == ErdaObject.DELETED) {
                hash.clear(table, slot);
                return true;
            }
            long offset = allocate(head, live.length);
            long flipped = AtomicRegion.flip(word, (int) offset);
            if (planted == ErdaPlantedBug.ERDA_CLEAN_PUBLISH_BEFORE_COPY) {
                storeHalf(table, slot, word, flipped); // the entry names the copy before it is there
            }
            writeObject(head, offset, live, !(planted == ErdaPlantedBug.ERDA_CLEAN_COPY_UNPERSISTED));
            if (!(planted == ErdaPlantedBug.ERDA_CLEAN_PUBLISH_BEFORE_COPY)) {
                storeHalf(table, slot, word, flipped);
            }
            word = flipped;
            moved = true;
        }
        if (inHalf(AtomicRegion.oldOffset(word), oldHalf)) {
            storeHalf(table, slot, word, AtomicRegion.collapse(word));
        }
        return moved;
    }

    private byte[] readIntact(int head, long offset, byte[] key) {
        return readIntact(head, offset, key, true);
    }

    /** The intact object at {@code offset}, or null; {@code charge}: count the CRC's cost (the audit's check is free). */
    private byte[] readIntact(int head, long offset, byte[] key, boolean charge) {
        MemoryRegion region = regionOf(head, offset);
        if (region == null) {
            return null;
        }
        LocalMemory log = node.local(region);
        long within = within(offset) % config.regionBytes();
        byte[] bytes = new byte[(int) Math.min(ErdaObject.normalBytes(config.shape()), config.regionBytes() - within)];
        log.load(within, MemorySegment.ofArray(bytes));
        if (charge) {
            node.clock().chargeCrc(bytes.length);
        }
        ErdaObject.Parsed p = ErdaObject.parse(bytes, config.shape(), key);
        if (!p.intact()) {
            return null;
        }
        return java.util.Arrays.copyOf(bytes, p.deleted() ? ErdaObject.deletedBytes(config.shape()) : ErdaObject.normalBytes(config.shape()));
    }

    /**
     * Recovery after a crash (§4.2; call inside a thread of the restarted node before serving): links the
     * regions the superblock records, finds each head's last segment from the entries, checks the objects
     * entries name there, repairs entries whose new object is torn, and sets each head's tail past every
     * object an entry names. Returns the entries repaired.
     */
    public int recover() {
        LocalMemory superblock = node.local(superblockRegion);
        for (int c = 2; c < chains.size(); c++) {
            long count = superblock.load8(8L * c);
            while (chains.get(c).size() < count) {
                int index = chains.get(c).size();
                chains.get(c).add(node.register(MemoryKind.PM, regionName(c, index), config.regionBytes()));
            }
        }
        boolean[] interrupted = new boolean[config.heads() + 1];
        for (int h = 1; h <= config.heads(); h++) {
            long state = superblock.load8(8L * (2 * (config.heads() + 1) + h));
            currentHalf[h] = (int) (state & 1);
            interrupted[h] = (state & 2) != 0;
            tails[h] = ((long) currentHalf[h] << 30) | FIRST_OFFSET;
        }
        LocalMemory table = node.local(tableRegion);
        MemorySegment all = MemorySegment.ofArray(new byte[(int) hash.regionBytes()]);
        table.load(0, all);
        long[] lastNew = new long[config.heads() + 1];
        for (int s = 0; s < hash.slots(); s++) {
            byte head = all.get(ValueLayout.JAVA_BYTE, hash.tagOffset(s));
            if (head > 0 && head <= config.heads()) {
                long word = all.get(ValueLayout.JAVA_LONG_UNALIGNED, hash.metaOffset(s));
                for (long offset : new long[] {AtomicRegion.newOffset(word), AtomicRegion.oldOffset(word)}) {
                    if (inHalf(offset, currentHalf[head])) {
                        tails[head] = Math.max(tails[head], offset + ErdaObject.normalBytes(config.shape()));
                    }
                }
                if (inHalf(AtomicRegion.newOffset(word), currentHalf[head])) {
                    lastNew[head] = Math.max(lastNew[head], AtomicRegion.newOffset(word));
                }
            }
        }
        RecoveryAudit audit = new RecoveryAudit(config, hash, currentHalf, this::auditIntact);
        int repaired = 0;
        for (int s = 0; s < hash.slots(); s++) {
            byte head = all.get(ValueLayout.JAVA_BYTE, hash.tagOffset(s));
            if (head <= 0 || head > config.heads()) {
                continue;
            }
            long word = all.get(ValueLayout.JAVA_LONG_UNALIGNED, hash.metaOffset(s));
            int newOffset = AtomicRegion.newOffset(word);
            long segment = config.segmentBytes();
            long lastSegment = lastNew[head] / segment - ((planted == ErdaPlantedBug.ERDA_RECOVERY_WRONG_SEGMENT) ? 1 : 0);
            if (!inHalf(newOffset, currentHalf[head]) || newOffset / segment != lastSegment) {
                continue; // only the last segment can hold objects torn by the crash (§4.2)
            }
            if ((planted == ErdaPlantedBug.ERDA_RECOVERY_PARTIAL_SCAN) && newOffset != lastNew[head]) {
                continue; // only the newest object is checked
            }
            // the pair of allocate's assert: an object that starts in the last segment ends in it, so no torn object hides beyond it
            assert inOneSegment(within(newOffset), ErdaObject.deletedBytes(config.shape()))
                    : "an entry names an object across a segment at " + newOffset;
            byte[] key = all.asSlice(hash.slotOffset(s), config.shape().keyBytes()).toArray(ValueLayout.JAVA_BYTE);
            if (!objectIntact(head, newOffset, key) && AtomicRegion.oldOffset(word) != 0) {
                storeHalf(table, s, word, AtomicRegion.repair(word));
                repaired++;
            }
        }
        recoveryErrors = audit.check(all, table);
        for (int h = 1; h <= config.heads(); h++) {
            if (interrupted[h]) {
                moveOutOf(h, 1 - currentHalf[h]); // finish the cleaning the crash interrupted
                persistState(h, currentHalf[h], false);
            }
        }
        return repaired;
    }

    /**
     * What the last {@link #recover()} left that §4.2 says it must not (the store's own structural check, which crash
     * exploration reports as STRUCTURE): empty before any recovery.
     */
    @Override
    public List<String> recoveryErrors() {
        return recoveryErrors;
    }

    private boolean objectIntact(int head, long offset, byte[] key) {
        return readIntact(head, offset, key) != null;
    }

    /** Whether the object at {@code offset} is intact, without charging its CRC (for {@link RecoveryAudit}). */
    private boolean auditIntact(int head, long offset, byte[] key) {
        return readIntact(head, offset, key, false) != null;
    }
}
