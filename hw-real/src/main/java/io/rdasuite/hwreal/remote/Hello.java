package io.rdasuite.hwreal.remote;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The first message on a store connection, a SEND from the server: the client id it was given and the store's
 * {@link io.rdasuite.store.protocol.StoreDescriptor descriptor}, from which the client builds its protocol
 * client. Layout: magic {@code RDAH}, client id, descriptor length, descriptor bytes.
 *
 * @param clientId   the client's slot at the server, or -1 when the server is full
 * @param descriptor the store descriptor (empty when refused)
 */
public record Hello(int clientId, byte[] descriptor) {
    static final int MAGIC = 0x52444148; // "RDAH"
    /** Largest hello a client accepts. */
    public static final int MAX_BYTES = 64 * 1024;
    private static final AtomicInteger BUFFERS = new AtomicInteger();

    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(12 + descriptor.length);
        b.putInt(MAGIC).putInt(clientId).putInt(descriptor.length).put(descriptor);
        return b.array();
    }

    public static Hello decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        if (bytes.length < 12 || b.getInt() != MAGIC) {
            throw new IllegalArgumentException("not an RDA Suite server: the first message lacks the RDAH magic");
        }
        int clientId = b.getInt();
        int length = b.getInt();
        if (length < 0 || length > b.remaining()) {
            throw new IllegalArgumentException("truncated hello: descriptor of " + length + " bytes, " + b.remaining() + " left");
        }
        byte[] descriptor = new byte[length];
        b.get(descriptor);
        return new Hello(clientId, descriptor);
    }

    /** Server side: sends this hello on a freshly accepted connection. */
    public void send(QueuePair responder) {
        byte[] bytes = encode();
        if (!responder.execute(WorkRequest.send(MemorySegment.ofArray(bytes))).ok()) {
            throw new IllegalStateException("the client went away before its hello");
        }
    }

    /** Client side: posts a receive buffer on {@code node} and waits for the server's hello. */
    public static Hello receive(ProcessNode node, QueuePair requester) {
        MemoryRegion buffer = node.register(MemoryKind.DRAM, "hello-" + BUFFERS.incrementAndGet(), MAX_BYTES);
        requester.postReceive(buffer, 0, MAX_BYTES);
        Received r = requester.awaitReceive();
        if (!r.ok()) {
            throw new IllegalStateException("the server closed the connection before its hello: " + r.status());
        }
        MemorySegment message = MemorySegment.ofArray(new byte[r.byteLength()]);
        node.local(buffer).load(r.offsetBytes(), message);
        return decode(message.toArray(ValueLayout.JAVA_BYTE));
    }
}
