package io.rdasuite.hwreal.loopback;

import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A node's NIC: one thread applying every request addressed to the node, in arrival order (so posted
 * operations of a queue pair stay in order, and a non-posted one follows everything before it, stricter than
 * paper 003 §2 requires). Transfers are copied in chunks, so a CPU reading meanwhile can see an object half
 * written, as it can on real hardware; CAS and FAA are atomic at 8 bytes. FLUSH writes back the PM ranges the
 * queue pair wrote since its last FLUSH. A SEND or WRITE_IMM waits for the responder to post a receive buffer.
 */
final class Nic {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    /** One request on its way: the requester endpoint, its id, the request, the target region and the data sent. */
    record Op(LoopbackQueuePair requester, long id, WorkRequest request, Region target, byte[] source) {
    }

    private final LoopbackFabric fabric;
    private final LinkedBlockingQueue<Op> inbound = new LinkedBlockingQueue<>();
    private final Thread thread;
    /** Per requester endpoint: PM ranges written since its last FLUSH (only this thread touches it). */
    private final java.util.Map<LoopbackQueuePair, List<long[]>> unflushed = new java.util.IdentityHashMap<>();
    private volatile boolean stopped;

    Nic(LoopbackFabric fabric, int nodeId) {
        this.fabric = fabric;
        this.thread = Thread.ofPlatform().daemon().name("loopback-nic-" + nodeId).unstarted(this::run);
        thread.start();
    }

    void submit(Op op) {
        inbound.add(op);
    }

    void stop() {
        stopped = true;
        thread.interrupt();
    }

    private void run() {
        while (!stopped) {
            Op op;
            try {
                op = inbound.take();
            } catch (InterruptedException e) {
                return;
            }
            execute(op);
        }
    }

    private void execute(Op op) {
        WorkRequest r = op.request();
        LoopbackQueuePair responder = op.requester().peer;
        long result = 0;
        int length = r.lengthBytes();
        switch (r.opcode()) {
            case WRITE, WRITE_IMM -> {
                long offset = op.target().offsetOf(r.remoteAddress());
                copyInChunks(MemorySegment.ofArray(op.source()), op.target().memory(), offset, length);
                if (op.target().durable()) {
                    unflushed.computeIfAbsent(op.requester(), k -> new ArrayList<>()).add(new long[] {r.rkey(), offset, length});
                }
                if (r.opcode() == Opcode.WRITE_IMM && !receive(op, responder, null, length, r.immediate())) {
                    return;
                }
            }
            case SEND -> {
                if (!receive(op, responder, op.source(), length, 0)) {
                    return;
                }
            }
            case READ -> {
                long offset = op.target().offsetOf(r.remoteAddress());
                copyFromInChunks(op.target().memory(), offset, r.local(), length);
            }
            case CAS -> result = (long) LONG.compareAndExchange(op.target().memory(), op.target().offsetOf(r.remoteAddress()), r.compare(), r.operand());
            case FAA -> result = (long) LONG.getAndAdd(op.target().memory(), op.target().offsetOf(r.remoteAddress()), r.operand());
            case WRITE_ATOMIC -> LONG.setVolatile(op.target().memory(), op.target().offsetOf(r.remoteAddress()), r.operand());
            case FLUSH -> {
                for (long[] range : unflushed.getOrDefault(op.requester(), List.of())) {
                    fabric.region((int) range[0]).persist(range[1], range[2]);
                }
                unflushed.remove(op.requester());
            }
        }
        op.requester().complete(new Completion(op.id(), r.opcode(), CompletionStatus.SUCCESS, length, result, fabric.clock().nowNanos()), false);
    }

    /** Consumes the responder's oldest posted receive; for SEND copies the message into it. False when the connection broke. */
    private boolean receive(Op op, LoopbackQueuePair responder, byte[] message, int length, int immediate) {
        long[] buffer = responder.takeReceiveBuffer();
        if (buffer == null) {
            op.requester().complete(new Completion(op.id(), op.request().opcode(), CompletionStatus.CONNECTION_BROKEN, 0, 0,
                    fabric.clock().nowNanos()), true);
            return false;
        }
        Region region = fabric.region((int) buffer[0]);
        if (message != null) {
            if (message.length > buffer[2]) {
                op.requester().complete(new Completion(op.id(), Opcode.SEND, CompletionStatus.REMOTE_ACCESS_ERROR, 0, 0,
                        fabric.clock().nowNanos()), true);
                return false;
            }
            copyInChunks(MemorySegment.ofArray(message), region.memory(), buffer[1], message.length);
        }
        responder.deliver(new Received(op.request().opcode(), CompletionStatus.SUCCESS, region.descriptor(), buffer[1], length, immediate));
        return true;
    }

    private void copyInChunks(MemorySegment from, MemorySegment to, long offset, int length) {
        int chunk = fabric.chunkBytes();
        for (int done = 0; done < length; done += chunk) {
            MemorySegment.copy(from, done, to, offset + done, Math.min(chunk, length - done));
        }
    }

    private void copyFromInChunks(MemorySegment from, long offset, MemorySegment to, int length) {
        int chunk = fabric.chunkBytes();
        for (int done = 0; done < length; done += chunk) {
            MemorySegment.copy(from, offset + done, to, done, Math.min(chunk, length - done));
        }
    }
}
