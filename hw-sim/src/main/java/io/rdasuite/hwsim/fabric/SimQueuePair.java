package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.engine.Actor;
import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.memory.SimRegion;
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
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A simulated queue-pair endpoint. As requester it holds the send queue (fenced requests wait here for
 * earlier non-posted ones, paper 003 §2), the outstanding requests and the completion queue; as responder
 * it holds the receive queue, the receive completions and the in-order queue of non-posted operations.
 */
final class SimQueuePair implements QueuePair {
    final SimNode node;
    final int qpn;
    final QpOptions options;
    SimQueuePair peer;
    boolean broken;

    private final Engine engine;
    private final ArrayDeque<Message> sendQueue = new ArrayDeque<>(4);
    private final OutstandingRequests outstanding = new OutstandingRequests();
    private final ArrayDeque<Completion> completions = new ArrayDeque<>(4);
    private final List<Actor> completionWaiters = new ArrayList<>(1);
    int outstandingNonPosted;
    private long nextRequestId = 1;

    final ArrayDeque<ReceiveBuffer> receiveQueue = new ArrayDeque<>(4);
    final ArrayDeque<Message> receiveNotReady = new ArrayDeque<>(4);
    private final ArrayDeque<Received> receives = new ArrayDeque<>(4);
    private final List<Actor> receiveWaiters = new ArrayList<>(1);
    final ArrayDeque<Message> nonPosted = new ArrayDeque<>(4);
    boolean nonPostedBusy;
    boolean waitingForPlacement;

    SimQueuePair(SimNode node, int qpn, QpOptions options) {
        this.node = node;
        this.qpn = qpn;
        this.options = options;
        this.engine = node.fabric.engine;
    }

    @Override
    public Node local() {
        return node;
    }

    @Override
    public Node remote() {
        return peer.node;
    }

    @Override
    public long post(WorkRequest request) {
        Actor self = node.checkCaller();
        long id = nextRequestId++;
        ThreadState state = (ThreadState) self.attachment;
        byte[] payload = switch (request.opcode()) {
            case WRITE, WRITE_IMM, SEND -> payloadOf(request.local());
            default -> null;
        };
        Message m = new Message(this, id, request, payload, state.scope);
        node.fabric.accounting.verb(request.opcode(), state.scope);
        node.fabric.traceNote(io.rdasuite.hwsim.engine.TraceKind.POST, node.id(), m.traceId());
        if (broken) {
            finishEarly(m, CompletionStatus.CONNECTION_BROKEN);
            return id;
        }
        if (!node.fabric.supports(request.opcode())) {
            finishEarly(m, CompletionStatus.UNSUPPORTED_OPERATION);
            return id;
        }
        if (sendQueue.size() + outstanding.size() >= options.sendQueueDepth()) {
            throw new IllegalStateException("send queue full: " + options.sendQueueDepth() + " requests outstanding on QP " + qpn);
        }
        if (sendQueue.isEmpty() && !(m.request.fenced() && outstandingNonPosted > 0)) {
            send(m); // nothing ahead of it: straight to the NIC, as pump would
        } else {
            sendQueue.add(m);
            pump();
        }
        return id;
    }

    /** The source bytes as of the post, copied into an array. */
    private static byte[] payloadOf(MemorySegment source) {
        byte[] payload = new byte[(int) source.byteSize()];
        MemorySegment.ofArray(payload).copyFrom(source);
        return payload;
    }

    private void finishEarly(Message m, CompletionStatus status) {
        if (m.request.signaled()) {
            completions.add(new Completion(m.id, m.opcode, status, 0, 0));
        }
    }

    /** Transmits queued requests until a fenced one must wait for earlier non-posted requests. */
    void pump() {
        while (!sendQueue.isEmpty()) {
            Message m = sendQueue.peek();
            if (m.request.fenced() && outstandingNonPosted > 0) {
                return;
            }
            sendQueue.poll();
            send(m);
        }
    }

    private void send(Message m) {
        if (!m.opcode.isPosted()) {
            outstandingNonPosted++;
        }
        if (m.request.signaled()) {
            outstanding.add(m);
        }
        node.nic.transmit(m);
    }

    /** A completion arrived (or the connection broke). */
    void complete(Message m, CompletionStatus status, boolean roundTrip) {
        if (m.completed || !node.isUp()) {
            return;
        }
        m.completed = true;
        outstanding.remove(m);
        if (roundTrip) {
            node.fabric.accounting.roundTrip(m.scope);
        }
        if (!m.opcode.isPosted()) {
            outstandingNonPosted--;
            if (m.opcode == Opcode.READ && status == CompletionStatus.SUCCESS) {
                MemorySegment.copy(m.readData, 0, m.request.local(), ValueLayout.JAVA_BYTE, 0, m.readData.length);
            }
        }
        if (m.request.signaled()) {
            completions.add(new Completion(m.id, m.opcode, status, status == CompletionStatus.SUCCESS ? m.lengthBytes : 0, m.result));
            wakeAll(completionWaiters);
        }
        if (!broken) {
            pump();
        }
    }

    @Override
    public Completion await(long requestId) {
        Actor self = node.checkCaller();
        if (requestId <= 0 || requestId >= nextRequestId) {
            throw new IllegalArgumentException("no request " + requestId + " was posted on QP " + qpn);
        }
        while (true) {
            Completion c = takeCompletion(requestId);
            if (c != null) {
                node.chargeCpu(self, node.fabric.cost.cpuPollNs());
                return c;
            }
            if (!outstanding.contains(requestId) && !queued(requestId)) {
                throw new IllegalArgumentException("request " + requestId + " on QP " + qpn + " is unsignaled or its completion was already taken");
            }
            waitOn(self, completionWaiters);
        }
    }

    /** Removes and returns the completion of {@code requestId}, or null; the oldest one is checked first (the usual case). */
    private Completion takeCompletion(long requestId) {
        Completion first = completions.peekFirst();
        if (first == null) {
            return null;
        }
        if (first.requestId() == requestId) {
            return completions.pollFirst();
        }
        for (Iterator<Completion> it = completions.iterator(); it.hasNext(); ) {
            Completion c = it.next();
            if (c.requestId() == requestId) {
                it.remove();
                return c;
            }
        }
        return null;
    }

    private boolean queued(long requestId) {
        for (Message m : sendQueue) {
            if (m.id == requestId) {
                return m.request.signaled();
            }
        }
        return false;
    }

    @Override
    public Completion poll() {
        node.checkCaller();
        return completions.poll();
    }

    @Override
    public void postReceive(MemoryRegion buffers, long offsetBytes, int lengthBytes) {
        node.checkCaller();
        SimRegion region = node.regionOf(buffers);
        if (offsetBytes < 0 || lengthBytes < 0 || offsetBytes + lengthBytes > buffers.lengthBytes()) {
            throw new IndexOutOfBoundsException("receive buffer [" + offsetBytes + ", +" + lengthBytes + ") outside region " + buffers.name());
        }
        if (receiveQueue.size() >= options.receiveQueueDepth()) {
            throw new IllegalStateException("receive queue full: " + options.receiveQueueDepth() + " buffers posted on QP " + qpn);
        }
        receiveQueue.add(new ReceiveBuffer(region, offsetBytes, lengthBytes));
        node.nic.receivePosted(this);
    }

    @Override
    public Received awaitReceive() {
        Actor self = node.checkCaller();
        while (true) {
            Received r = receives.poll();
            if (r != null) {
                node.chargeCpu(self, node.fabric.cost.cpuPollNs() + node.fabric.cost.receiveDispatchNs());
                return r;
            }
            if (broken) {
                return new Received(Opcode.SEND, CompletionStatus.CONNECTION_BROKEN, null, 0, 0, 0);
            }
            waitOn(self, receiveWaiters);
        }
    }

    @Override
    public Received pollReceive() {
        node.checkCaller();
        return receives.poll();
    }

    void deliverReceive(Received r) {
        receives.add(r);
        wakeAll(receiveWaiters);
    }

    private void waitOn(Actor self, List<Actor> waiters) {
        waiters.add(self);
        try {
            engine.park();
        } finally {
            waiters.remove(self);
        }
    }

    private void wakeAll(List<Actor> waiters) {
        for (int i = 0; i < waiters.size(); i++) {
            engine.wake(waiters.get(i));
        }
    }

    /** The peer died: every request still owed a completion fails after the transport timeout. */
    void breakConnection() {
        if (broken) {
            return;
        }
        broken = true;
        long at = engine.now() + node.fabric.cost.transportTimeoutNs();
        List<Message> owed = outstanding.values();
        for (Message m : sendQueue) {
            if (m.request.signaled()) {
                owed.add(m);
            }
        }
        sendQueue.clear();
        for (Message m : owed) {
            engine.schedule(new CompletionEvent(m, CompletionStatus.CONNECTION_BROKEN, false), at);
        }
        receiveNotReady.clear();
        nonPosted.clear();
        wakeAll(receiveWaiters);
    }
}
