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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

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
    /** The last request id handed out (one atomic add per post, through {@link #NEXT_ID}). */
    private volatile long nextId;
    private final SendCompletions completions;
    private final ReceiveQueue receives;
    private volatile boolean broken;

    private static final VarHandle NEXT_ID;

    static {
        try {
            NEXT_ID = MethodHandles.lookup().findVarHandle(LoopbackQueuePair.class, "nextId", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    LoopbackQueuePair(LoopbackFabric fabric, LoopbackNode local, LoopbackNode remote, QpOptions options) {
        this.fabric = fabric;
        this.local = local;
        this.remote = remote;
        this.options = options;
        this.completions = new SendCompletions(options.sendQueueDepth());
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
        long id = nextRequestId();
        if (request.signaled()) {
            completions.expect(id);
        }
        Nic.Op op = prepare(id, request);
        if (op != null) {
            remote.nic().submit(op, null);
        }
        return id;
    }

    /**
     * Posts a signaled request and waits for its completion, as {@code await(post(request))} does, but a request the NIC
     * applies at once on this thread hands its completion straight back: no entry in the send completions to add, fill
     * and take, three monitor round trips of each verb of a loopback get.
     */
    @Override
    public Completion execute(WorkRequest request) {
        if (!request.signaled()) {
            return QueuePair.super.execute(request);
        }
        long id = nextRequestId();
        Nic.Op op = prepare(id, request);
        if (op == null) {
            return completions.await(id); // an error completion, delivered as a posted one is
        }
        Completion inline = remote.nic().submit(op, completions);
        return inline != null ? inline : completions.await(id);
    }

    private long nextRequestId() {
        return (long) NEXT_ID.getAndAdd(this, 1L) + 1;
    }

    /**
     * The NIC's request for {@code request}, or null when it fails here (connection broken, bad remote range): then its
     * error completion has been delivered.
     */
    private Nic.Op prepare(long id, WorkRequest request) {
        if (broken) {
            complete(new Completion(id, request.opcode(), CompletionStatus.CONNECTION_BROKEN, 0, 0), true);
            return null;
        }
        Region target = null;
        if (request.opcode() != Opcode.SEND && request.opcode() != Opcode.FLUSH) {
            target = fabric.region(request.rkey());
            if (target == null || target.descriptor().nodeId() != remote.id()
                    || !target.descriptor().contains(request.remoteAddress(), request.lengthBytes())) {
                complete(new Completion(id, request.opcode(), CompletionStatus.REMOTE_ACCESS_ERROR, 0, 0), true);
                return null;
            }
        }
        byte[] source = switch (request.opcode()) {
            case WRITE, WRITE_IMM, SEND -> request.local().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE); // read at post time
            default -> null;
        };
        return new Nic.Op(this, id, request, target, source);
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
