package io.rdasuite.hwreal.tcp;

import io.rdasuite.hwreal.loopback.Region;
import io.rdasuite.hwreal.loopback.ReceiveQueue;
import io.rdasuite.hwreal.loopback.SendCompletions;
import io.rdasuite.hwreal.remote.PeerNode;
import io.rdasuite.hwreal.remote.ProcessNode;
import io.rdasuite.hwreal.remote.RemoteQueuePair;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * One endpoint of a TCP-emulated reliable connection. Posting writes the request to the socket at once (a
 * WRITE's or SEND's source is read then); a reader thread takes the peer's answers (completions, with READ
 * data and atomic results) and the peer's requests, which it applies to this node's memory in arrival order and
 * answers at once; a SEND or WRITE_IMM that finds no posted receive buffer, and every request behind it, waits for
 * a responder thread that applies them as buffers are posted (receiver-not-ready). Errors complete even
 * unsignaled requests, as on RDMA.
 */
final class TcpQueuePair implements RemoteQueuePair {
    private static final byte ANSWER = 100;
    private static final int DEPTH = 4096;

    /** A request from the peer, as read from the socket. */
    private record Request(Opcode opcode, long id, long address, int rkey, long compare, long operand, int immediate, byte[] data, int length) {
    }

    private final ProcessNode node;
    private final Socket socket;
    private final DataOutputStream out;
    private final DataInputStream in;
    private final PeerNode peer;
    /** Requests waiting behind a SEND or WRITE_IMM that found no posted receive (guarded by {@link #applying}). */
    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    private final Object applying = new Object();
    // requester side (guarded by this)
    private long nextId;
    private final Map<Long, WorkRequest> inFlight = new HashMap<>();
    private final SendCompletions completions;
    // responder side (guarded by this)
    private final ReceiveQueue receives = new ReceiveQueue(DEPTH);
    private final ArrayDeque<long[]> unflushed = new ArrayDeque<>();
    private volatile boolean broken;

    TcpQueuePair(ProcessNode node, Socket socket) throws IOException {
        this.node = node;
        this.socket = socket;
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 1 << 16));
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 1 << 16));
        this.completions = new SendCompletions(DEPTH);
        this.peer = new PeerNode(-1, String.valueOf(socket.getRemoteSocketAddress()), node.config(), node.clock());
    }

    void start() {
        Thread.ofPlatform().daemon().name("tcp-reader-" + socket.getLocalPort()).start(this::readLoop);
        Thread.ofPlatform().daemon().name("tcp-responder-" + socket.getLocalPort()).start(this::respondLoop);
    }

    @Override
    public Node local() {
        return node;
    }

    @Override
    public Node remote() {
        return peer;
    }

    @Override
    public boolean isOpen() {
        return !broken;
    }

    @Override
    public long post(WorkRequest r) {
        long id;
        synchronized (this) {
            id = ++nextId;
            inFlight.put(id, r);
        }
        if (r.signaled()) {
            completions.expect(id);
        }
        if (r.opcode() == Opcode.WRITE_ATOMIC) {
            complete(id, r.opcode(), CompletionStatus.UNSUPPORTED_OPERATION, 0, null);
            return id;
        }
        try {
            synchronized (out) {
                out.writeByte(r.opcode().ordinal());
                out.writeLong(id);
                switch (r.opcode()) {
                    case WRITE, WRITE_IMM -> {
                        out.writeLong(r.remoteAddress());
                        out.writeInt(r.rkey());
                        out.writeInt(r.immediate());
                        writeData(r.local());
                    }
                    case SEND -> writeData(r.local());
                    case READ -> {
                        out.writeLong(r.remoteAddress());
                        out.writeInt(r.rkey());
                        out.writeInt(r.lengthBytes());
                    }
                    case CAS, FAA -> {
                        out.writeLong(r.remoteAddress());
                        out.writeInt(r.rkey());
                        out.writeLong(r.compare());
                        out.writeLong(r.operand());
                    }
                    case FLUSH, WRITE_ATOMIC -> { }
                }
                out.flush();
            }
        } catch (IOException e) {
            breakConnection();
            complete(id, r.opcode(), CompletionStatus.CONNECTION_BROKEN, 0, null);
        }
        return id;
    }

    private void writeData(MemorySegment source) throws IOException {
        byte[] bytes = source.toArray(ValueLayout.JAVA_BYTE);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    /** A completion arrived (or failed locally): READ data goes to the request's buffer first. */
    private void complete(long id, Opcode opcode, CompletionStatus status, long result, byte[] data) {
        WorkRequest r;
        synchronized (this) {
            r = inFlight.remove(id);
        }
        if (r == null) {
            return;
        }
        if (status == CompletionStatus.SUCCESS && r.opcode() == Opcode.READ && data != null) {
            MemorySegment.copy(MemorySegment.ofArray(data), 0, r.local(), 0, data.length);
        }
        completions.deliver(new Completion(id, opcode, status, data != null ? data.length : r.lengthBytes(), result), true);
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
        if (buffers.nodeId() != node.id() || node.region(buffers.rkey()) == null) {
            throw new IllegalArgumentException("a receive buffer must be a region of node " + node.id() + ": " + buffers.name());
        }
        receives.post(buffers.rkey(), offsetBytes, lengthBytes);
        synchronized (applying) {
            applying.notifyAll();
        }
    }

    @Override
    public Received awaitReceive() {
        return receives.await();
    }

    @Override
    public Received pollReceive() {
        return receives.poll();
    }

    @Override
    public void close() {
        breakConnection();
    }

    private void breakConnection() {
        broken = true;
        completions.breakConnection();
        receives.breakConnection();
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        synchronized (applying) {
            applying.notifyAll();
        }
    }

    /** Reads the peer's answers and requests until the socket closes. */
    private void readLoop() {
        try {
            while (true) {
                int type = in.readUnsignedByte();
                long id = in.readLong();
                if (type == ANSWER) {
                    Opcode opcode = Opcode.values()[in.readUnsignedByte()];
                    CompletionStatus status = CompletionStatus.values()[in.readUnsignedByte()];
                    long result = in.readLong();
                    int length = in.readInt();
                    byte[] data = length >= 0 ? in.readNBytes(length) : null;
                    complete(id, opcode, status, result, data);
                    continue;
                }
                Opcode opcode = Opcode.values()[type];
                arrived(switch (opcode) {
                    case WRITE, WRITE_IMM -> {
                        long address = in.readLong();
                        int rkey = in.readInt();
                        int immediate = in.readInt();
                        byte[] data = in.readNBytes(in.readInt());
                        yield new Request(opcode, id, address, rkey, 0, 0, immediate, data, data.length);
                    }
                    case SEND -> {
                        byte[] data = in.readNBytes(in.readInt());
                        yield new Request(opcode, id, 0, 0, 0, 0, 0, data, data.length);
                    }
                    case READ -> new Request(opcode, id, in.readLong(), in.readInt(), 0, 0, 0, null, in.readInt());
                    case CAS, FAA -> new Request(opcode, id, in.readLong(), in.readInt(), in.readLong(), in.readLong(), 0, null, 8);
                    case FLUSH, WRITE_ATOMIC -> new Request(opcode, id, 0, 0, 0, 0, 0, null, 0);
                });
            }
        } catch (IOException e) {
            breakConnection();
        }
    }

    /** A request from the peer: applied at once unless it must wait for a receive buffer or behind one that does. */
    private void arrived(Request r) throws IOException {
        synchronized (applying) {
            if (waiting.isEmpty() && ready(r)) {
                apply(r);
            } else {
                waiting.add(r);
                applying.notifyAll();
            }
        }
    }

    private boolean ready(Request r) {
        if (r.opcode() != Opcode.SEND && r.opcode() != Opcode.WRITE_IMM) {
            return true;
        }
        return receives.hasPosted();
    }

    /** Applies waiting requests as receive buffers are posted, in arrival order. */
    private void respondLoop() {
        try {
            synchronized (applying) {
                while (!broken) {
                    Request head = waiting.peek();
                    if (head != null && ready(head)) {
                        waiting.poll();
                        apply(head);
                    } else {
                        applying.wait(100);
                    }
                }
            }
        } catch (IOException | InterruptedException e) {
            breakConnection();
        }
    }

    /** Applies one request, as a responder NIC does, and answers it (holding {@link #applying}). */
    private void apply(Request r) throws IOException {
        TcpResponder.Outcome o = TcpResponder.apply(this, r.opcode(), r.address(), r.rkey(), r.compare(), r.operand(),
                r.immediate(), r.data(), r.length());
        if (o == null) {
            return; // broken while waiting for a receive buffer
        }
        synchronized (out) {
            out.writeByte(ANSWER);
            out.writeLong(r.id());
            out.writeByte(r.opcode().ordinal());
            out.writeByte(o.status().ordinal());
            out.writeLong(o.result());
            out.writeInt(o.data() == null ? -1 : o.data().length);
            if (o.data() != null) {
                out.write(o.data());
            }
            out.flush();
        }
    }

    ProcessNode node() {
        return node;
    }

    /** The oldest posted receive buffer, waiting for one (receiver-not-ready); null once broken. */
    long[] takeReceiveBuffer() {
        return receives.take();
    }

    void deliver(Received r) {
        receives.deliver(r);
    }

    /** Remembers a PM range the peer wrote, for its next FLUSH (responder thread only). */
    void wrote(Region region, long offset, long length) {
        if (region.durable()) {
            unflushed.add(new long[] {region.descriptor().rkey(), offset, length});
        }
    }

    /** FLUSH: writes back every PM range the peer wrote since its last FLUSH (responder thread only). */
    void flushWritten() {
        for (long[] range = unflushed.poll(); range != null; range = unflushed.poll()) {
            Region region = node.region((int) range[0]);
            if (region != null) {
                region.persist(range[1], range[2]);
            }
        }
    }
}
