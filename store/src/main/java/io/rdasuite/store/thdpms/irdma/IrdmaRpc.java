package io.rdasuite.store.thdpms.irdma;

import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.util.function.UnaryOperator;

/**
 * iRDMA's RPC (paper 002 §4.1.1): request and reply are both WRITE_WITH_IMM into a ring the receiver registered in
 * advance, and the 32-bit immediate carries the message's offset in that ring, so the receiving core reads it at once
 * instead of scanning. The sender copies each message into a buffer it registered at start (the "light-weight remote
 * copy": a memcpy into a pre-registered pool, never a registration per message). Messages are fixed 64-byte slots of
 * eight longs; one connection per (client, server core), as the paper's per-core QPs.
 */
public final class IrdmaRpc {
    public static final int MESSAGE_BYTES = 64;

    private IrdmaRpc() {
    }

    /** One side's ring: where the other side's messages land, and this side's send buffers. */
    private record Ring(MemoryRegion ring, MemoryRegion pool, int slots) {
        static Ring register(Node node, String name, int slots) {
            return new Ring(node.register(MemoryKind.DRAM, name + "-ring", (long) slots * MESSAGE_BYTES),
                    node.register(MemoryKind.DRAM, name + "-pool", (long) slots * MESSAGE_BYTES), slots);
        }
    }

    /** The client end of one connection. Not thread-safe: one caller (a client thread) per endpoint. */
    public static final class Client {
        private final QueuePair qp;
        private final LocalMemory replies;
        private final LocalMemory pool;
        private final Ring mine;
        private final MemoryRegion serverRing;
        private int next;

        private Client(Node node, QueuePair qp, Ring mine, MemoryRegion serverRing) {
            this.qp = qp;
            this.mine = mine;
            this.serverRing = serverRing;
            this.replies = node.local(mine.ring());
            this.pool = node.local(mine.pool());
        }

        private boolean posted;

        public long[] call(long[] request) {
            if (!posted) { // on the first call, inside the client's thread: the reply slots take receives
                for (int s = 0; s < mine.slots(); s++) {
                    qp.postReceive(mine.ring(), (long) s * MESSAGE_BYTES, MESSAGE_BYTES);
                }
                posted = true;
            }
            return send(request);
        }

        /** Sends {@code request} (8 longs) and waits for the reply; null when the connection broke (the request may or may not have run). */
        private long[] send(long[] request) {
            int slot = next;
            next = (next + 1) % mine.slots();
            long at = (long) slot * MESSAGE_BYTES;
            pool.store(at, MemorySegment.ofArray(request.clone()));
            MemorySegment message = MemorySegment.ofArray(new long[MESSAGE_BYTES / 8]);
            pool.load(at, message);
            if (!qp.execute(WorkRequest.writeImm(message, serverRing.address(at), serverRing.rkey(), (int) at)).ok()) {
                return null;
            }
            Received r = qp.awaitReceive();
            if (!r.ok()) {
                return null;
            }
            long[] reply = new long[MESSAGE_BYTES / 8];
            replies.load(r.immediate(), MemorySegment.ofArray(reply));
            qp.postReceive(mine.ring(), r.offsetBytes(), MESSAGE_BYTES);
            return reply;
        }
    }

    /**
     * Connects a client on {@code clientNode} to a server on {@code serverNode} and starts the server's handler thread:
     * each request is answered by {@code handler} (8 longs in, 8 longs out) and the reply written back into the
     * client's ring at the request's offset.
     */
    public static Client connect(Connection connection, Node clientNode, Node serverNode, String name, int slots, UnaryOperator<long[]> handler) {
        Ring server = Ring.register(serverNode, name + "-srv", slots);
        Ring client = Ring.register(clientNode, name + "-cli", slots);
        QueuePair responder = connection.responder();
        LocalMemory requests = serverNode.local(server.ring());
        LocalMemory pool = serverNode.local(server.pool());
        serverNode.spawnDaemon(name + "-handler", () -> {
            for (int s = 0; s < slots; s++) {
                responder.postReceive(server.ring(), (long) s * MESSAGE_BYTES, MESSAGE_BYTES);
            }
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                long at = Integer.toUnsignedLong(r.immediate()); // the offset: no scan of the ring
                long[] request = new long[MESSAGE_BYTES / 8];
                requests.load(at, MemorySegment.ofArray(request));
                long[] reply = handler.apply(request);
                pool.store(at, MemorySegment.ofArray(reply));
                MemorySegment message = MemorySegment.ofArray(new long[MESSAGE_BYTES / 8]);
                pool.load(at, message);
                responder.postReceive(server.ring(), r.offsetBytes(), MESSAGE_BYTES);
                if (!responder.execute(WorkRequest.writeImm(message, client.ring().address(at), client.ring().rkey(), (int) at)).ok()) {
                    return;
                }
            }
        });
        return new Client(clientNode, connection.requester(), client, server.ring());
    }
}
