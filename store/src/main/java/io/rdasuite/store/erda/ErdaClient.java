package io.rdasuite.store.erda;

import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.kv.KeyHash;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * An Erda client (paper 000 §3.3, §4.2–4.3). Put/delete: request by WRITE_WITH_IMM, the server reserves and
 * flips, the client writes the object with one one-sided WRITE. Get: one READ of the key's hopscotch
 * neighbourhood, one READ of the newest object, CRC check; a torn object is re-read a few times (a writer
 * may still be writing it), then the old version is read and the server told to repair the entry.
 */
public final class ErdaClient implements KvClient {
    /**
     * Re-reads of a torn newest object before falling back to the old version (§4.3: "wait a moment"). Several
     * writers of a hot key can leave both offsets naming objects still being written; waiting rides that out.
     */
    static final int RETRIES = 16;
    static final long RETRY_BACKOFF_NS = 1_000;

    /** The mutation test's planted bug (DESIGN §5a), read once when this is built; NONE runs the code as written. */
    private final Plant planted = PlantedBugs.activePlant();
    private final Node node;
    private final QueuePair qp;
    private final ErdaServer.Handle server;
    private final KvShape shape;
    private final HopscotchTable hash;
    private final int clientId;
    private final MemoryRegion replies;
    private final LocalMemory replyMemory;
    private final List<List<long[]>> heads = new ArrayList<>();
    private final MemoryRegion control;
    private final LocalMemory controlMemory;
    private boolean registered;
    /** {@link #stallNextWrite}'s stall for the next put (0: none). */
    private long stallNextWriteNs;
    /**
     * Every get reads its neighbourhood and its objects into these two buffers (a client serves one thread at a time;
     * the parsed object copies its key and value out), instead of allocating and zeroing ~1.2 KB per get.
     */
    private final MemorySegment neighborhoodBuffer;
    private final byte[] objectBytes;
    private final MemorySegment objectBuffer;

    public ErdaClient(Node node, QueuePair qp, ErdaServer.Handle server, int clientId, String name) {
        this.node = node;
        this.qp = qp;
        this.server = server;
        this.shape = server.config().shape();
        this.hash = new HopscotchTable(shape, server.config().buckets(), true);
        this.neighborhoodBuffer = MemorySegment.ofArray(new byte[hash.neighborhoodBytes()]);
        this.objectBytes = new byte[ErdaObject.normalBytes(shape)];
        this.objectBuffer = MemorySegment.ofArray(objectBytes);
        this.clientId = clientId;
        this.replies = node.register(MemoryKind.DRAM, name + "-replies", ErdaMessages.replyBytes(shape));
        this.replyMemory = node.local(replies);
        this.control = node.register(MemoryKind.DRAM, name + "-control", 8L * (server.config().heads() + 1));
        this.controlMemory = node.local(control);
        for (List<MemoryRegion> chain : server.heads()) { // indexed by chain: 2 x head + half
            List<long[]> regions = new ArrayList<>();
            for (MemoryRegion r : chain) {
                regions.add(new long[] {r.baseAddress(), r.rkey()});
            }
            heads.add(regions);
        }
    }

    @Override
    public void stallNextWrite(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a stall lasts 0 ns or more, not " + nanos);
        }
        stallNextWriteNs = nanos;
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        shape.check(key, value);
        register();
        node.clock().chargeCrc(key.length + value.length + 1); // the client computes the object's CRC (§3.2.1)
        return write(ErdaMessages.PUT, ErdaMessages.PUT_DATA, key, ErdaObject.normal(key, value));
    }

    @Override
    public boolean delete(byte[] key) {
        shape.check(key, null);
        register();
        return write(ErdaMessages.DELETE, ErdaMessages.DELETE_DATA, key, ErdaObject.deleted(key));
    }

    private boolean write(int type, int rpcType, byte[] key, MemorySegment object) {
        long stall = stallNextWriteNs; // for this put only, whichever path it takes
        stallNextWriteNs = 0;
        MemorySegment reply = call(type, 0, key);
        if (reply == null) {
            return false;
        }
        long status = reply.get(ValueLayout.JAVA_LONG, 0);
        if (status == ErdaMessages.CLEANING) {
            // §4.4: while the key's head is cleaned, writes go through the server.
            reply = call(rpcType, 0, object.toArray(ValueLayout.JAVA_BYTE));
            if (reply == null) {
                return false;
            }
            status = reply.get(ValueLayout.JAVA_LONG, 0);
            if (status == ErdaMessages.FULL) {
                throw new StoreFullException("Erda's log or table is full; stored keys stay readable");
            }
            return status == ErdaMessages.OK || status == ErdaMessages.ABSENT;
        }
        if (status == ErdaMessages.ABSENT) {
            return true;
        }
        if (status == ErdaMessages.FULL) {
            throw new StoreFullException("Erda's log or table is full; stored keys stay readable");
        }
        long address = reply.get(ValueLayout.JAVA_LONG, 8);
        int rkey = (int) reply.get(ValueLayout.JAVA_LONG, 16);
        if (stall > 0) {
            node.clock().sleepNanos(stall); // stallNextWrite: the place is reserved, the data not yet written
        }
        return qp.execute(WorkRequest.write(object, address, rkey)).ok();
    }

    /** One RPC: the request into this client's slot by WRITE_WITH_IMM, the reply by SEND; null when the connection broke. */
    private MemorySegment call(int type, long argument, byte[] keyOrObject) {
        int requestBytes = ErdaMessages.requestBytes(shape);
        qp.postReceive(replies, 0, (int) replies.lengthBytes());
        MemorySegment request = ErdaMessages.request(type, argument, keyOrObject);
        Completion sent = qp.execute(WorkRequest.writeImm(request, server.requests().address((long) clientId * requestBytes),
                server.requests().rkey(), clientId));
        if (!sent.ok()) {
            return null;
        }
        Received r = qp.awaitReceive();
        if (!r.ok()) {
            return null;
        }
        MemorySegment reply = MemorySegment.ofArray(new long[(int) (replies.lengthBytes() / 8)]);
        replyMemory.load(0, reply);
        return reply;
    }

    /** Once per client: tells the server where its control word is, so that cleaning can switch it to RPC reads. */
    private void register() {
        if (registered) {
            return;
        }
        registered = true;
        byte[] rkey = new byte[Math.max(8, shape.keyBytes())];
        MemorySegment.ofArray(rkey).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, control.rkey());
        call(ErdaMessages.REGISTER, control.baseAddress(), rkey);
    }

    @Override
    public byte[] get(byte[] key) {
        shape.check(key, null);
        register();
        long keyHash = KeyHash.of(key); // hashed once: the head and the neighbourhood both come from it
        if (controlMemory.load8(8L * ErdaServer.headOfHash(keyHash, server.config().heads())) != 0) {
            return getThroughServer(key); // §4.4: the key's head is being cleaned
        }
        MemorySegment neighborhood = neighborhoodBuffer;
        long neighborhoodAddress = server.table().address(hash.neighborhoodOffsetOfHash(keyHash));
        for (int attempt = 0; ; attempt++) {
            if (!qp.execute(WorkRequest.read(neighborhood, neighborhoodAddress, server.table().rkey())).ok()) {
                throw new KvReadException("connection broke while reading key");
            }
            int index = hash.find(neighborhood, key);
            if (index < 0) {
                return null;
            }
            int head = hash.tag(neighborhood, index);
            long word = hash.meta(neighborhood, index);
            int newOffset = AtomicRegion.newOffset(word);
            ErdaObject.Parsed newest = readObject(head, newOffset, key);
            if (newest.intact() || ((planted == ErdaPlantedBug.ERDA_GET_SKIPS_CRC) && newest.key() != null)) {
                return newest.deleted() ? null : newest.value();
            }
            if (attempt < RETRIES) {
                node.clock().sleepNanos(RETRY_BACKOFF_NS);
                continue;
            }
            int oldOffset = AtomicRegion.oldOffset(word);
            if (oldOffset == 0) {
                return null; // the first version is not written (yet): the key does not exist
            }
            ErdaObject.Parsed old = readObject(head, oldOffset, key);
            if (!old.intact()) {
                throw new KvReadException("neither version of the key is intact (offsets " + newOffset + ", " + oldOffset + ")");
            }
            call(ErdaMessages.REPAIR, newOffset, key);
            return old.deleted() ? null : old.value();
        }
    }

    private byte[] getThroughServer(byte[] key) {
        MemorySegment reply = call(ErdaMessages.GET_RPC, 0, key);
        if (reply == null) {
            throw new KvReadException("connection broke during a get");
        }
        long status = reply.get(ValueLayout.JAVA_LONG, 0);
        if (status == ErdaMessages.UNREADABLE) {
            throw new KvReadException("neither version of the key is intact (read through the server)");
        }
        return status == ErdaMessages.OK ? reply.asSlice(16, shape.valueBytes()).toArray(ValueLayout.JAVA_BYTE) : null;
    }

    private ErdaObject.Parsed readObject(int head, long offset, byte[] key) {
        long regionBytes = server.config().regionBytes();
        if (offset <= 0 || head < 1 || 2 * head + 1 >= heads.size()) {
            return new ErdaObject.Parsed(false, false, null, null);
        }
        int chain = ErdaServer.chain(head, offset);
        long within = ErdaServer.within(offset);
        int index = (int) (within / regionBytes);
        if (index >= heads.get(chain).size() || heads.get(chain).get(index) == null) {
            refreshHeads();
            if (index >= heads.get(chain).size() || heads.get(chain).get(index) == null) {
                return new ErdaObject.Parsed(false, false, null, null);
            }
        }
        long[] region = heads.get(chain).get(index);
        long inRegion = within % regionBytes;
        int length = (int) Math.min(ErdaObject.normalBytes(shape), regionBytes - inRegion);
        if (!qp.execute(WorkRequest.read(objectBuffer.asSlice(0, length), region[0] + inRegion, (int) region[1])).ok()) {
            throw new KvReadException("connection broke while reading an object");
        }
        node.clock().chargeCrc(length); // paper 001 §3: the CRC is on Erda's read critical path
        return ErdaObject.parse(objectBytes, length, shape, key);
    }

    /** Learns regions linked since connecting (§3.3: the server sends the head array). */
    private void refreshHeads() {
        long from = 0;
        while (true) {
            MemorySegment reply = call(ErdaMessages.HEADS, from, new byte[shape.keyBytes()]);
            if (reply == null) {
                return;
            }
            long n = reply.get(ValueLayout.JAVA_LONG, 8);
            learn(reply, n);
            from += n;
            if (n < ErdaMessages.HEADS_PER_REPLY) {
                return;
            }
        }
    }

    private void learn(MemorySegment reply, long n) {
        for (int i = 0; i < n; i++) {
            long at = 16 + 32L * i;
            int h = (int) reply.get(ValueLayout.JAVA_LONG, at);
            int r = (int) reply.get(ValueLayout.JAVA_LONG, at + 8);
            List<long[]> regions = heads.get(h);
            while (regions.size() <= r) {
                regions.add(null);
            }
            regions.set(r, new long[] {reply.get(ValueLayout.JAVA_LONG, at + 16), reply.get(ValueLayout.JAVA_LONG, at + 24)});
        }
    }
}
