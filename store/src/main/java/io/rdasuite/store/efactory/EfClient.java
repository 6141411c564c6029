package io.rdasuite.store.efactory;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.HopscotchTable;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A client of the eFactory family (paper 001 §4.3, §5.3).
 * <ul>
 * <li>PUT, client-active (eFactory, Forca; §4.3.1): an allocation RPC, then one WRITE of key and value.
 *     Acknowledged when the WRITE completes; durability is asynchronous.</li>
 * <li>PUT, SAW: allocation RPC, WRITE, then a commit RPC after which the object is persistent and published.</li>
 * <li>PUT, IMM: allocation RPC, then WRITE_WITH_IMM carrying the offset; the server's reply says it is persistent.</li>
 * <li>GET, hybrid (§4.3.3): READ the entry, READ the object, accept it when its durability flag is set;
 *     otherwise (and always for eFactory w/o hr and Forca, and during log cleaning) ask the server for the
 *     offset of the newest durable version and READ that.</li>
 * </ul>
 */
public final class EfClient implements KvClient {
    /** RPC GETs retried when a version the server named changed under the client (log cleaning). */
    static final int RPC_RETRIES = 8;

    /** The mutation test's planted bug (DESIGN §5a), read once when this is built; NONE runs the code as written. */
    private final Plant planted = PlantedBugs.activePlant();
    private final Node node;
    private final QueuePair qp;
    /** {@link #stallNextWrite}'s stall for the next put (0: none). */
    private long stallNextWriteNs;
    private final EfServer.Handle server;
    private final KvShape shape;
    private final HopscotchTable hash;
    private final MemoryRegion replies;
    private final LocalMemory replyMemory;
    private final MemoryRegion control;
    private final LocalMemory controlMemory;
    private boolean registered;
    /**
     * Every get reads its neighbourhood and its object into these buffers (a client serves one thread at a time; the
     * view copies the value out), instead of allocating and zeroing ~1.2 KB per get.
     */
    private final MemorySegment neighborhoodBuffer;
    private final MemorySegment objectBuffer;
    private long pureReads;
    private long rpcReads;

    public EfClient(Node node, QueuePair qp, EfServer.Handle server, String name) {
        this.node = node;
        this.qp = qp;
        this.server = server;
        this.shape = server.config().shape();
        this.hash = new HopscotchTable(shape, server.config().buckets(), true);
        this.neighborhoodBuffer = MemorySegment.ofArray(new byte[hash.neighborhoodBytes()]);
        this.objectBuffer = MemorySegment.ofArray(new byte[EfObject.bytes(shape, false)]);
        this.replies = node.register(MemoryKind.DRAM, name + "-replies", EfMessages.REPLY_BYTES);
        this.replyMemory = node.local(replies);
        this.control = node.register(MemoryKind.DRAM, name + "-control", 8);
        this.controlMemory = node.local(control);
    }

    /** GETs answered by the pure RDMA read, and GETs that went through the server. */
    public long pureReads() {
        return pureReads;
    }

    public long rpcReads() {
        return rpcReads;
    }

    @Override
    public void stallNextWrite(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a stall lasts 0 ns or more, not " + nanos);
        }
        stallNextWriteNs = nanos;
    }

    /** {@link #stallNextWrite}: the place is allocated and published, the data not yet written. Always true. */
    private boolean stalled(long nanos) {
        if (nanos > 0) {
            node.clock().sleepNanos(nanos);
        }
        return true;
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        shape.check(key, value);
        register();
        MemorySegment data = EfObject.data(key, value);
        long stall = stallNextWriteNs; // for this put only
        stallNextWriteNs = 0;
        return switch (server.mode().putPath()) {
            case CLIENT_ACTIVE -> {
                node.clock().chargeCrc(key.length + value.length);
                MemorySegment reply = checked(call(EfMessages.PUT, 0, Integer.toUnsignedLong(EfObject.crcOf(key, value)), key));
                yield reply != null && stalled(stall) && qp.execute(WorkRequest.write(data, reply.get(ValueLayout.JAVA_LONG, 16),
                        (int) reply.get(ValueLayout.JAVA_LONG, 24))).ok();
            }
            case SEND_AFTER_WRITE -> {
                MemorySegment reply = checked(call(EfMessages.ALLOCATE, 0, 0, key));
                if (reply == null) {
                    yield false;
                }
                stalled(stall);
                qp.post(WorkRequest.write(data, reply.get(ValueLayout.JAVA_LONG, 16), (int) reply.get(ValueLayout.JAVA_LONG, 24)).unsignaled());
                yield checked(call(EfMessages.COMMIT, reply.get(ValueLayout.JAVA_LONG, 8), 0, key)) != null;
            }
            case WRITE_WITH_IMM -> {
                MemorySegment reply = checked(call(EfMessages.ALLOCATE, 0, 0, key));
                if (reply == null) {
                    yield false;
                }
                stalled(stall);
                qp.postReceive(replies, 0, EfMessages.REPLY_BYTES);
                qp.post(WorkRequest.writeImm(data, reply.get(ValueLayout.JAVA_LONG, 16), (int) reply.get(ValueLayout.JAVA_LONG, 24),
                        (int) reply.get(ValueLayout.JAVA_LONG, 8)).unsignaled());
                yield checked(awaitReply()) != null;
            }
        };
    }

    @Override
    public boolean delete(byte[] key) {
        shape.check(key, null);
        register();
        MemorySegment reply = call(EfMessages.DELETE, 0, 0, key);
        if (reply != null && reply.get(ValueLayout.JAVA_LONG, 0) == EfMessages.FULL) {
            throw new StoreFullException("the data pool is full; clean the log; stored keys stay readable");
        }
        return reply != null;
    }

    @Override
    public byte[] get(byte[] key) {
        shape.check(key, null);
        register();
        if (server.mode().pureReadFirst() && controlMemory.load8(0) % 2 == 0) { // even epoch: no cleaning
            MemorySegment neighborhood = neighborhoodBuffer;
            if (!qp.execute(WorkRequest.read(neighborhood, server.table().address(hash.neighborhoodOffset(key)), server.table().rkey())).ok()) {
                throw new KvReadException("connection broke while reading the hash entry");
            }
            int index = hash.find(neighborhood, key);
            if (index < 0) {
                pureReads++;
                return null;
            }
            long head = EntryWord.marked(hash.meta(neighborhood, index));
            EfObject.View view = head == 0 ? null : readObject(head, key, !(planted == EfPlantedBug.EF_HYBRID_READ_IGNORES_FLAG));
            if (view != null && view.usable()) {
                pureReads++;
                return view.deleted() ? null : view.value();
            }
        }
        return getThroughServer(key);
    }

    /** §4.3.3 steps 5-9: the server names the newest durable version; one READ fetches it. */
    private byte[] getThroughServer(byte[] key) {
        rpcReads++;
        for (int attempt = 0; attempt < RPC_RETRIES; attempt++) {
            MemorySegment reply = call(EfMessages.GET, 0, 0, key);
            if (reply == null) {
                throw new KvReadException("connection broke during a get");
            }
            if (reply.get(ValueLayout.JAVA_LONG, 0) != EfMessages.OK) {
                return null;
            }
            EfObject.View view = readObject(reply.get(ValueLayout.JAVA_LONG, 8), key);
            if (view.usable()) {
                return view.deleted() ? null : view.value();
            }
        }
        throw new KvReadException("the server kept naming versions that changed before they could be read");
    }

    private EfObject.View readObject(long global, byte[] key) {
        return readObject(global, key, true);
    }

    /** {@code requireDurable} false only for a planted bug: a valid object is accepted without its durability flag. */
    private EfObject.View readObject(long global, byte[] key, boolean requireDurable) {
        MemoryRegion pool = server.pools().get(EfObject.pool(global));
        long at = EfObject.within(global);
        int length = (int) Math.min(EfObject.bytes(shape, false), pool.lengthBytes() - at);
        MemorySegment bytes = objectBuffer.asSlice(0, length);
        if (!qp.execute(WorkRequest.read(bytes, pool.address(at), pool.rkey())).ok()) {
            throw new KvReadException("connection broke while reading an object");
        }
        return length < EfObject.HEADER + shape.keyBytes() ? new EfObject.View(false, false, null) : EfObject.View.of(bytes, shape, key, requireDurable);
    }

    private MemorySegment checked(MemorySegment reply) {
        if (reply != null && reply.get(ValueLayout.JAVA_LONG, 0) == EfMessages.FULL) {
            throw new StoreFullException("the data pool is full; clean the log; stored keys stay readable");
        }
        return reply;
    }

    /** One RPC: the request by SEND, the reply by SEND into this client's buffer; null when the connection broke. */
    private MemorySegment call(int type, long argument, long crc, byte[] key) {
        qp.postReceive(replies, 0, EfMessages.REPLY_BYTES);
        qp.post(WorkRequest.send(EfMessages.request(shape, type, argument, crc, key)).unsignaled());
        return awaitReply();
    }

    private MemorySegment awaitReply() {
        Received r = qp.awaitReceive();
        if (!r.ok()) {
            return null;
        }
        MemorySegment reply = MemorySegment.ofArray(new long[EfMessages.REPLY_BYTES / 8]);
        replyMemory.load(0, reply);
        long epoch = reply.get(ValueLayout.JAVA_LONG, 32);
        for (long seen = controlMemory.load8(0); epoch > seen && !controlMemory.cas8(0, seen, epoch); seen = controlMemory.load8(0)) {
            // the server's one-sided notification raced this update: keep the larger epoch
        }
        return reply;
    }

    /** Once: tells the server where this client's control word is, so that log cleaning can switch it to RPC reads. */
    private void register() {
        if (!registered) {
            registered = true;
            call(EfMessages.REGISTER, control.baseAddress(), control.rkey(), null);
        }
    }
}
