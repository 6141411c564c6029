package io.rdasuite.store.persist;

import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;

/**
 * The requester half: a singleton RDMA WRITE that returns once the update is persistent at the responder,
 * by the {@link WriteMethod} of paper 003 Table 2. Returns false when the connection broke first (the
 * update may or may not have persisted).
 */
public final class PersistentWriter {
    private final QueuePair qp;
    private final WriteMethod method;
    private final MemoryRegion ackBuffers;
    private long nextTag = 1;

    /**
     * @param node   the requester node (it registers a small DRAM region for acks when the method needs one)
     * @param qp     the requester endpoint
     * @param method how to persist
     * @param name   unique on the node: names the ack buffer region
     */
    public PersistentWriter(Node node, QueuePair qp, WriteMethod method, String name) {
        this.qp = qp;
        this.method = method;
        this.ackBuffers = method.twoSided() ? node.register(MemoryKind.DRAM, name + "-acks", 64) : null;
    }

    public WriteMethod method() {
        return method;
    }

    /** Writes {@code data} to {@code remoteAddress} and returns true once the paper's recipe says it is persistent. */
    public boolean write(MemorySegment data, long remoteAddress, int rkey) {
        switch (method) {
            case WRITE_COMPLETION, WRITE_ONLY -> {
                return qp.execute(WorkRequest.write(data, remoteAddress, rkey)).ok();
            }
            case WRITE_FLUSH -> {
                qp.post(WorkRequest.write(data, remoteAddress, rkey).unsignaled());
                return qp.execute(WorkRequest.flush()).ok();
            }
            case WRITE_SEND_FLUSH_ACK -> {
                qp.postReceive(ackBuffers, 0, 8);
                qp.post(WorkRequest.write(data, remoteAddress, rkey).unsignaled());
                Completion sent = qp.execute(WorkRequest.send(new FlushRequest(remoteAddress, data.byteSize(), nextTag++).encode()));
                if (!sent.ok()) {
                    return false;
                }
                Received ack = qp.awaitReceive();
                return ack.ok();
            }
        }
        throw new AssertionError(method);
    }
}
