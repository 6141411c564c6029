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
    /**
     * Largest hello a client accepts. The descriptor names every region of the store, and a log-structured store's
     * regions grow with its log: Erda served without its cleaner had 1,421 regions after 77,500 puts (a campaign's 103rd
     * kill), over the 64 KiB this was, and every later client refused the hello. 1 MiB holds about 50,000 regions.
     */
    public static final int MAX_BYTES = 1 << 20;
    private static final AtomicInteger BUFFERS = new AtomicInteger();
    /** Per node, hello buffers a finished attach gave back (a node registers a region once and never drops it). */
    private static final java.util.Map<ProcessNode, java.util.ArrayDeque<MemoryRegion>> SPARE = new java.util.WeakHashMap<>();

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
        var done = responder.execute(WorkRequest.send(MemorySegment.ofArray(bytes)));
        if (!done.ok()) {
            throw new IllegalStateException("the client went away before its hello (" + done.status() + ")");
        }
    }

    /**
     * How long a client waits for the server's hello before it gives up on the connection (closing it; a later attach
     * dials again). Without a bound, a connection whose hello was lost left a campaign's client waiting for good
     * (2026-11-27, the 131st kill of a 1,000-cycle campaign: connected, the server's slot given back, no hello).
     */
    public static final java.time.Duration RECEIVE_TIMEOUT = java.time.Duration.ofSeconds(20);

    /** Client side: posts a receive buffer on {@code node} and waits (at most {@link #RECEIVE_TIMEOUT}) for the server's hello. */
    public static Hello receive(ProcessNode node, QueuePair requester) {
        MemoryRegion buffer;
        synchronized (SPARE) {
            buffer = SPARE.computeIfAbsent(node, n -> new java.util.ArrayDeque<>()).poll();
        }
        if (buffer == null) {
            buffer = node.register(MemoryKind.DRAM, "hello-" + BUFFERS.incrementAndGet(), MAX_BYTES);
        }
        requester.postReceive(buffer, 0, MAX_BYTES);
        long deadline = System.nanoTime() + RECEIVE_TIMEOUT.toNanos();
        Received r;
        for (long pause = 1; (r = requester.pollReceive()) == null; pause = Math.min(50, pause * 2)) {
            if (requester instanceof RemoteQueuePair remote && !remote.isOpen()) {
                r = requester.pollReceive(); // a hello that came just before the close, else the connection is gone
                if (r == null) {
                    throw new IllegalStateException("the server closed the connection before its hello");
                }
                break;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no hello from the server within " + RECEIVE_TIMEOUT.toSeconds() + " s");
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the server's hello", e);
            }
        }
        if (!r.ok()) {
            throw new IllegalStateException("the server closed the connection before its hello: " + r.status());
        }
        MemorySegment message = MemorySegment.ofArray(new byte[r.byteLength()]);
        node.local(buffer).load(r.offsetBytes(), message);
        synchronized (SPARE) { // consumed: nothing writes it again (a buffer still posted on a failed attach is not given back)
            SPARE.get(node).add(buffer);
        }
        return decode(message.toArray(ValueLayout.JAVA_BYTE));
    }
}
