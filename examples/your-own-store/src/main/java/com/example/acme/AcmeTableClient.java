package com.example.acme;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/** A client of the Acme table: each call SENDs one request and waits for the server's reply. */
final class AcmeTableClient implements KvClient {
    private final QueuePair qp;
    private final KvShape shape;
    private final MemoryRegion replies;
    private final LocalMemory replyMemory;

    AcmeTableClient(Node node, QueuePair qp, KvShape shape, String name) {
        this.qp = qp;
        this.shape = shape;
        this.replies = node.register(MemoryKind.DRAM, name + "-replies", AcmeTableServer.replyBytes(shape));
        this.replyMemory = node.local(replies);
    }

    @Override
    public boolean put(byte[] key, byte[] value) {
        shape.check(key, value);
        MemorySegment reply = call(AcmeTableServer.PUT, key, value);
        return reply != null && reply.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) == 1;
    }

    @Override
    public byte[] get(byte[] key) {
        shape.check(key, null);
        MemorySegment reply = call(AcmeTableServer.GET, key, new byte[0]);
        if (reply == null) {
            throw new KvReadException("the connection broke during a get");
        }
        long status = reply.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        return status == 1 ? reply.asSlice(8, shape.valueBytes()).toArray(ValueLayout.JAVA_BYTE) : null;
    }

    @Override
    public boolean delete(byte[] key) {
        shape.check(key, null);
        MemorySegment reply = call(AcmeTableServer.DELETE, key, new byte[0]);
        return reply != null && reply.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) == 1;
    }

    // tag::call[]
    /** One request and its reply; null when the connection broke. */
    private MemorySegment call(int type, byte[] key, byte[] value) {
        byte[] request = new byte[AcmeTableServer.requestBytes(shape)];
        MemorySegment.ofArray(request).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, type);
        System.arraycopy(key, 0, request, 8, key.length);
        System.arraycopy(value, 0, request, 8 + AcmeTableServer.padded(shape.keyBytes()), value.length);
        qp.postReceive(replies, 0, (int) replies.lengthBytes());
        if (!qp.execute(WorkRequest.send(MemorySegment.ofArray(request))).ok() || !qp.awaitReceive().ok()) {
            return null;
        }
        byte[] reply = new byte[(int) replies.lengthBytes()];
        replyMemory.load(0, MemorySegment.ofArray(reply));
        return MemorySegment.ofArray(Arrays.copyOf(reply, reply.length));
    }
    // end::call[]
}
