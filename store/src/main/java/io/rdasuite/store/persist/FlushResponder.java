package io.rdasuite.store.persist;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The responder half of the SEND-based recipes (paper 003 §3.2, DMP): receive "flush &a", clwb + sfence
 * the range of the served PM region, SEND the tag back as the ack. Receive buffers live where the node's
 * configuration puts them (DRAM or PM RQWRB).
 */
public final class FlushResponder {
    private static final int RECEIVES = 16;

    private FlushResponder() {
    }

    /** Starts a server thread on {@code node} answering flush requests on {@code responder} for {@code served}. */
    public static void start(Node node, QueuePair responder, MemoryRegion served, String name) {
        MemoryKind rqKind = node.config().receiveBuffers();
        MemoryRegion buffers = node.register(rqKind, name + "-rqwrb", (long) RECEIVES * FlushRequest.BYTES);
        LocalMemory target = node.local(served);
        LocalMemory buffer = node.local(buffers);
        node.spawnDaemon(name, () -> {
            for (int i = 0; i < RECEIVES; i++) {
                responder.postReceive(buffers, (long) i * FlushRequest.BYTES, FlushRequest.BYTES);
            }
            MemorySegment message = MemorySegment.ofArray(new long[3]);
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                buffer.load(r.offsetBytes(), message);
                FlushRequest request = FlushRequest.decode(message);
                responder.postReceive(buffers, r.offsetBytes(), FlushRequest.BYTES);
                long offset = request.address() - served.baseAddress();
                if (served.contains(request.address(), request.lengthBytes())) {
                    target.persist(offset, request.lengthBytes());
                }
                MemorySegment ack = MemorySegment.ofArray(new long[1]);
                ack.set(ValueLayout.JAVA_LONG, 0, request.tag());
                responder.execute(WorkRequest.send(ack));
            }
        });
    }
}
