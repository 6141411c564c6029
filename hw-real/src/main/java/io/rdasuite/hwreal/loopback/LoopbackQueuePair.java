package io.rdasuite.hwreal.loopback;

import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QpOptions;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

/**
 * One endpoint of a loopback connection. Posting hands the request to the responder node's {@link Nic}, which
 * applies requests in arrival order; completions and receive completions come back through this endpoint's
 * queues. Blocking calls wait on a monitor; closing the fabric breaks them with {@code CONNECTION_BROKEN}.
 */
final class LoopbackQueuePair implements QueuePair {
    private final LoopbackFabric fabric;
    private final LoopbackNode local;
    private final LoopbackNode remote;
    private final QpOptions options;
    LoopbackQueuePair peer;
    private long nextId;
    private final SendCompletions completions;
    private final ArrayDeque<long[]> posted = new ArrayDeque<>();
    private final ArrayDeque<Received> received = new ArrayDeque<>();
    private volatile boolean broken;

    LoopbackQueuePair(LoopbackFabric fabric, LoopbackNode local, LoopbackNode remote, QpOptions options) {
        this.fabric = fabric;
        this.local = local;
        this.remote = remote;
        this.options = options;
        this.completions = new SendCompletions(options.sendQueueDepth(), fabric.clock());
    }

    @Override
    public Node local() {
        return local;
    }

    @Override
    public Node remote() {
        return remote;
    }

    @Override
    public long post(WorkRequest request) {
        long id;
        synchronized (this) {
            id = ++nextId;
        }
        if (request.signaled()) {
            completions.expect(id);
        }
        if (broken) {
            complete(new Completion(id, request.opcode(), CompletionStatus.CONNECTION_BROKEN, 0, 0, fabric.clock().nowNanos()), true);
            return id;
        }
        Region target = null;
        if (request.opcode() != Opcode.SEND && request.opcode() != Opcode.FLUSH) {
            target = fabric.region(request.rkey());
            if (target == null || target.descriptor().nodeId() != remote.id()
                    || !target.descriptor().contains(request.remoteAddress(), request.lengthBytes())) {
                complete(new Completion(id, request.opcode(), CompletionStatus.REMOTE_ACCESS_ERROR, 0, 0, fabric.clock().nowNanos()), true);
                return id;
            }
        }
        byte[] source = switch (request.opcode()) {
            case WRITE, WRITE_IMM, SEND -> request.local().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE); // read at post time
            default -> null;
        };
        remote.nic().submit(new Nic.Op(this, id, request, target, source));
        return id;
    }

    /** Delivers a send-side completion; errors are delivered even for unsignaled requests. */
    void complete(Completion c, boolean always) {
        completions.deliver(c, always);
    }

    @Override
    public Completion await(long requestId) {
        return completions.await(requestId);
    }

    @Override
    public Completion poll() {
        return completions.poll();
    }

    @Override
    public void postReceive(MemoryRegion buffers, long offsetBytes, int lengthBytes) {
        if (buffers.nodeId() != local.id()) {
            throw new IllegalArgumentException("a receive buffer must be a region of node " + local.id() + ", not of node " + buffers.nodeId());
        }
        synchronized (this) {
            if (posted.size() >= options.receiveQueueDepth()) {
                throw new IllegalStateException("receive queue full: " + posted.size() + " buffers posted");
            }
            posted.add(new long[] {buffers.rkey(), offsetBytes, lengthBytes});
            notifyAll();
        }
        local.nic().receivePosted();
    }

    synchronized boolean hasPostedReceive() {
        return !posted.isEmpty();
    }

    boolean isBroken() {
        return broken;
    }

    /** The NIC takes the oldest posted receive buffer, waiting for one (receiver-not-ready); null once broken. */
    synchronized long[] takeReceiveBuffer() {
        while (posted.isEmpty()) {
            if (broken) {
                return null;
            }
            waitQuietly();
        }
        return posted.poll();
    }

    void deliver(Received r) {
        synchronized (this) {
            received.add(r);
            notifyAll();
        }
    }

    @Override
    public synchronized Received awaitReceive() {
        while (received.isEmpty()) {
            if (broken) {
                return new Received(Opcode.SEND, CompletionStatus.CONNECTION_BROKEN, null, 0, 0, 0);
            }
            waitQuietly();
        }
        return received.poll();
    }

    @Override
    public synchronized Received pollReceive() {
        return received.poll();
    }

    /** Breaks both endpoints: every waiter returns CONNECTION_BROKEN. */
    void breakConnection() {
        for (LoopbackQueuePair qp : new LoopbackQueuePair[] {this, peer}) {
            synchronized (qp) {
                qp.broken = true;
                qp.notifyAll();
            }
            qp.completions.breakConnection();
        }
    }

    private void waitQuietly() {
        try {
            wait(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            broken = true;
        }
    }

    MemorySegment bufferSegment(long rkey, long offset, int length) {
        Region r = fabric.region((int) rkey);
        return r.memory().asSlice(offset, length);
    }
}
