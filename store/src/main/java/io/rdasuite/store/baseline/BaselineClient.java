package io.rdasuite.store.baseline;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A client of Redo Logging or Read After Write (paper 000 §5.1). Redo Logging put: SEND the record into the
 * redo log, wait for the ack. Read After Write put: reserve a ring slot by RPC, WRITE the record there, READ
 * behind it (the READ makes the WRITE persistent in a configuration where placement is persistence). Get and
 * delete: RPC (a WRITE_WITH_IMM request, a SEND reply).
 */
public final class BaselineClient implements KvClient {
    /** Read After Write: how often a client asks again for a ring slot while its slots drain, and how long it waits between. */
    static final int RING_FULL_RETRIES = 10_000;
    static final long RING_FULL_BACKOFF_NS = 2_000;

    /** The mutation test's planted bug (DESIGN §5a), read once when this is built; NONE runs the code as written. */
    private final Plant planted = PlantedBugs.activePlant();
    private final Node node;
    private final QueuePair qp;
    private final BaselineServer.Handle server;
    private final KvShape shape;
    private final int clientId;
    private final MemoryRegion replies;
    private final LocalMemory replyMemory;

    public BaselineClient(Node node, QueuePair qp, BaselineServer.Handle server, int clientId, String name) {
        this.node = node;
        this.qp = qp;
        this.server = server;
        this.shape = server.shape();
        this.clientId = clientId;
        this.replies = node.register(MemoryKind.DRAM, name + "-replies", BaselineServer.REPLY_BYTES + ((shape.valueBytes() + 7) & ~7) + 8);
        this.replyMemory = node.local(replies);
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        shape.check(key, value);
        if (server.mode() == BaselineServer.Mode.REDO_LOGGING) {
            qp.postReceive(replies, 0, (int) replies.lengthBytes());
            if (!qp.execute(WorkRequest.send(BaselineRecord.encode(key, value, 0, 0, server.recoverable()))).ok()) {
                return false;
            }
            Received r = qp.awaitReceive();
            return r.ok() && replyWord(0) == 1;
        }
        MemorySegment reply;
        long status;
        int attempt = 0;
        while (true) {
            reply = call(BaselineServer.RESERVE, key);
            if (reply == null) {
                return false;
            }
            status = reply.get(ValueLayout.JAVA_LONG, 0);
            if ((status & 0xFFFF_FFFFL) == 1) {
                break;
            }
            // this client's ring slots all wait behind an earlier reservation of another client: the poller frees them
            if (++attempt == RING_FULL_RETRIES) {
                throw new StoreFullException("the ring buffer stayed full for " + attempt + " attempts; stored keys stay readable");
            }
            node.clock().sleepNanos(RING_FULL_BACKOFF_NS);
        }
        int lap = (int) (status >>> 32);
        long address = reply.get(ValueLayout.JAVA_LONG, 8);
        long seq = reply.get(ValueLayout.JAVA_LONG, 16);
        if ((planted == BaselinePlantedBug.RAW_SKIPS_READ_AFTER_WRITE)) {
            return qp.execute(WorkRequest.write(BaselineRecord.encode(key, value, lap, seq, server.recoverable()), address, server.ring().rkey())).ok();
        }
        qp.post(WorkRequest.write(BaselineRecord.encode(key, value, lap, seq, server.recoverable()), address, server.ring().rkey()).unsignaled());
        return qp.execute(WorkRequest.read(MemorySegment.ofArray(new byte[8]), address, server.ring().rkey())).ok();
    }

    @Override
    public byte[] get(byte[] key) {
        shape.check(key, null);
        MemorySegment reply = call(BaselineServer.GET, key);
        if (reply == null) {
            throw new KvReadException("connection broke during a get");
        }
        if (reply.get(ValueLayout.JAVA_LONG, 0) != 1) {
            return null;
        }
        return reply.asSlice(BaselineServer.REPLY_BYTES, shape.valueBytes()).toArray(ValueLayout.JAVA_BYTE);
    }

    @Override
    public boolean delete(byte[] key) {
        shape.check(key, null);
        MemorySegment reply = call(BaselineServer.DELETE, key);
        return reply != null && reply.get(ValueLayout.JAVA_LONG, 0) == 1;
    }

    private long replyWord(int index) {
        return replyMemory.load8(8L * index);
    }

    /** A request into this client's slot by WRITE_WITH_IMM; the reply arrives by SEND. Null when the connection broke. */
    private MemorySegment call(int type, byte[] key) {
        int requestBytes = BaselineServer.requestBytes(shape);
        qp.postReceive(replies, 0, (int) replies.lengthBytes());
        MemorySegment request = MemorySegment.ofArray(new long[requestBytes / 8]);
        request.set(ValueLayout.JAVA_LONG, 0, type);
        MemorySegment.copy(MemorySegment.ofArray(key), 0, request, 8, key.length);
        if (!qp.execute(WorkRequest.writeImm(request, server.requests().address((long) clientId * requestBytes), server.requests().rkey(), clientId)).ok()) {
            return null;
        }
        if (!qp.awaitReceive().ok()) {
            return null;
        }
        MemorySegment reply = MemorySegment.ofArray(new long[(int) (replies.lengthBytes() / 8)]);
        replyMemory.load(0, reply);
        return reply;
    }
}
