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
    private final ReceiveQueue receives;
    private volatile boolean broken;

    LoopbackQueuePair(LoopbackFabric fabric, LoopbackNode local, LoopbackNode remote, QpOptions options) {
        this.fabric = fabric;
        this.local = local;
        this.remote = remote;
        this.options = options;
        this.completions = new SendCompletions(options.sendQueueDepth(), fabric.clock());
        this.receives = new ReceiveQueue(options.receiveQueueDepth());
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
        receives.post(buffers.rkey(), offsetBytes, lengthBytes);
        local.nic().receivePosted();
    }

    boolean hasPostedReceive() {
        return receives.hasPosted();
    }

    boolean isBroken() {
        return broken;
    }

    /** The NIC takes the oldest posted receive buffer, waiting for one (receiver-not-ready); null once broken. */
    long[] takeReceiveBuffer() {
        return receives.take();
    }

    void deliver(Received r) {
        receives.deliver(r);
    }

    @Override
    public Received awaitReceive() {
        return receives.await();
    }

    @Override
    public Received pollReceive() {
        return receives.poll();
    }

    /** Breaks both endpoints: every waiter returns CONNECTION_BROKEN. */
    void breakConnection() {
        for (LoopbackQueuePair qp : new LoopbackQueuePair[] {this, peer}) {
            qp.broken = true;
            qp.completions.breakConnection();
            qp.receives.breakConnection();
        }
    }

    MemorySegment bufferSegment(long rkey, long offset, int length) {
        Region r = fabric.region((int) rkey);
        return r.memory().asSlice(offset, length);
    }
}
