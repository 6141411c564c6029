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
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A node's NIC: it applies every request addressed to the node, one at a time and in arrival order (so posted
 * operations of a queue pair stay in order, and a non-posted one follows everything before it, stricter than
 * paper 003 §2 requires). A request is applied at once on the posting thread when nothing is queued ahead of
 * it, which saves two thread hand-offs per verb; a SEND or WRITE_IMM that finds no posted receive buffer, and
 * everything behind it, waits in a queue that the NIC's own thread drains as buffers are posted (the
 * receiver-not-ready retry of real NICs), so posting never blocks. Transfers are copied in chunks, so a CPU
 * reading meanwhile can see an object half written, as on real hardware; CAS and FAA are atomic at 8 bytes.
 * FLUSH writes back the PM ranges the queue pair wrote since its last FLUSH.
 */
final class Nic {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final long IDLE_WAIT_NS = 1_000_000;

    /** One request on its way: the requester endpoint, its id, the request, the target region and the data sent. */
    record Op(LoopbackQueuePair requester, long id, WorkRequest request, Region target, byte[] source) {
    }

    private final LoopbackFabric fabric;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final ArrayDeque<Op> queue = new ArrayDeque<>();
    private final Thread thread;
    /** Per requester endpoint: PM ranges written since its last FLUSH (guarded by the lock). */
    private final java.util.Map<LoopbackQueuePair, List<long[]>> unflushed = new java.util.IdentityHashMap<>();
    private volatile boolean stopped;

    Nic(LoopbackFabric fabric, int nodeId) {
        this.fabric = fabric;
        this.thread = Thread.ofPlatform().daemon().name("loopback-nic-" + nodeId).unstarted(this::drain);
        thread.start();
    }

    /**
     * Applies {@code op} now when nothing waits ahead of it, else queues it. With {@code direct} (the requester's send
     * completions, for a signaled request whose poster waits for it) an op applied now returns its completion instead
     * of delivering it, and a queued one first registers its id there so that the NIC thread's completion is kept.
     * Returns null when the completion went (or will go) through the send completions.
     */
    Completion submit(Op op, SendCompletions direct) {
        lock.lock();
        try {
            if (queue.isEmpty() && ready(op)) {
                Completion c = execute(op);
                if (direct != null) {
                    return c;
                }
                op.requester().complete(c, !c.ok());
            } else {
                if (direct != null) {
                    direct.expect(op.id());
                }
                queue.add(op);
                work.signal();
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** A receive buffer was posted at this node: a waiting SEND or WRITE_IMM may proceed. */
    void receivePosted() {
        lock.lock();
        try {
            if (!queue.isEmpty()) {
                work.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    void stop() {
        stopped = true;
        thread.interrupt();
    }

    private static boolean ready(Op op) {
        Opcode o = op.request().opcode();
        return (o != Opcode.SEND && o != Opcode.WRITE_IMM) || op.requester().peer.hasPostedReceive();
    }

    private void drain() {
        lock.lock();
        try {
            while (!stopped) {
                Op head = queue.peek();
                if (head != null && (ready(head) || head.requester().peer.isBroken())) {
                    queue.poll();
                    Completion c = execute(head);
                    head.requester().complete(c, !c.ok());
                    continue;
                }
                try {
                    work.awaitNanos(IDLE_WAIT_NS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Applies {@code op} and returns its completion (an error one when its receive failed); the caller delivers it. */
    private Completion execute(Op op) {
        WorkRequest r = op.request();
        LoopbackQueuePair responder = op.requester().peer;
        long result = 0;
        int length = r.lengthBytes();
        switch (r.opcode()) {
            case WRITE, WRITE_IMM -> {
                long offset = op.target().offsetOf(r.remoteAddress());
                copyAscending(MemorySegment.ofArray(op.source()), 0, op.target().memory(), offset, length);
                if (op.target().durable()) {
                    unflushed.computeIfAbsent(op.requester(), k -> new ArrayList<>()).add(new long[] {r.rkey(), offset, length});
                }
                if (r.opcode() == Opcode.WRITE_IMM) {
                    Completion failed = receive(op, responder, null, length, r.immediate());
                    if (failed != null) {
                        return failed;
                    }
                }
            }
            case SEND -> {
                Completion failed = receive(op, responder, op.source(), length, 0);
                if (failed != null) {
                    return failed;
                }
            }
            case READ -> {
                long offset = op.target().offsetOf(r.remoteAddress());
                copyAscending(op.target().memory(), offset, r.local(), 0, length);
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
        return new Completion(op.id(), r.opcode(), CompletionStatus.SUCCESS, length, result);
    }

    /**
     * Consumes the responder's oldest posted receive; for SEND copies the message into it. Returns null, or the error
     * completion when the connection broke or the message does not fit.
     */
    private Completion receive(Op op, LoopbackQueuePair responder, byte[] message, int length, int immediate) {
        long[] buffer = responder.takeReceiveBuffer();
        if (buffer == null) {
            return new Completion(op.id(), op.request().opcode(), CompletionStatus.CONNECTION_BROKEN, 0, 0);
        }
        Region region = fabric.region((int) buffer[0]);
        if (message != null) {
            if (message.length > buffer[2]) {
                return new Completion(op.id(), Opcode.SEND, CompletionStatus.REMOTE_ACCESS_ERROR, 0, 0);
            }
            copyAscending(MemorySegment.ofArray(message), 0, region.memory(), buffer[1], message.length);
        }
        responder.deliver(new Received(op.request().opcode(), CompletionStatus.SUCCESS, region.descriptor(), buffer[1], length, immediate));
        return null;
    }

    /**
     * Copies in ascending address order, 8 bytes at a time (aligned words never torn), then the tail bytes: the order
     * a NIC's DMA places and reads a message, finer than its 64-byte chunks (a concurrent reader may see any prefix).
     */
    private static void copyAscending(MemorySegment from, long fromOffset, MemorySegment to, long toOffset, int length) {
        int words = length & ~7;
        for (int i = 0; i < words; i += 8) {
            to.set(WORD, toOffset + i, from.get(WORD, fromOffset + i));
        }
        for (int i = words; i < length; i++) {
            to.set(java.lang.foreign.ValueLayout.JAVA_BYTE, toOffset + i, from.get(java.lang.foreign.ValueLayout.JAVA_BYTE, fromOffset + i));
        }
    }

    private static final java.lang.foreign.ValueLayout.OfLong WORD = java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
}
