package io.rdasuite.hwreal.tcp;

import io.rdasuite.hwreal.loopback.Region;
import io.rdasuite.hwreal.loopback.ReceiveQueue;
import io.rdasuite.hwreal.loopback.SendCompletions;
import io.rdasuite.hwreal.remote.PeerNode;
import io.rdasuite.hwreal.remote.ProcessNode;
import io.rdasuite.hwreal.remote.RemoteQueuePair;
import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.hwreal.wire.FrameCodec;
import io.rdasuite.hwreal.wire.FrameDecoder;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.hwreal.wire.WireViolation;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One endpoint of a TCP-emulated reliable connection, after its hello. Posting writes the request's frame to the
 * socket at once (a WRITE's or SEND's source is read then); a reader thread takes the peer's frames, each checked
 * by a {@link FrameDecoder} before anything acts on it: answers complete this side's requests (READ data lands in
 * the request's buffer), requests are applied to this node's memory in arrival order and answered at once; a SEND
 * or WRITE_IMM that finds no posted receive buffer, and every request behind it, waits for a responder thread that
 * applies them as buffers are posted (receiver-not-ready). Errors complete even unsignaled requests, as on RDMA.
 *
 * <p>A frame that fails its checks closes this connection alone, with one log line naming the peer and what was
 * wrong; a request naming memory it may not reach is answered REMOTE_ACCESS_ERROR first (a NIC moves the queue
 * pair to the error state, IBTA vol. 1 §10.7.3.1). So does silence for {@link WireLimits#idleTimeout} (each side
 * PINGs when it wrote nothing for a quarter of it) and a peer that stops reading our frames for as long. The
 * connection counts as closed ({@link #isOpen} false) before the peer can see it close.
 */
final class TcpQueuePair implements RemoteQueuePair, FrameDecoder.Context {
    private static final int DEPTH = 4096;
    /** How long a refused peer's remaining bytes are read and dropped before the socket closes, so our last frames reach it. */
    private static final int LINGER_MILLIS = 2000;

    private final ProcessNode node;
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final PeerNode peer;
    private final int remoteQpn;
    private final long pingNanos;
    private final WireLimits limits;
    private final FrameDecoder decoder;
    private final WireCounters counters;
    private final String peerName;
    private final Consumer<String> log;
    /** Requests waiting behind a SEND or WRITE_IMM that found no posted receive (guarded by {@link #applying}). */
    private final ArrayDeque<Frame.Request> waiting = new ArrayDeque<>();
    private final Object applying = new Object();
    // requester side (guarded by this)
    private long nextId;
    private final Map<Long, WorkRequest> inFlight = new HashMap<>();
    private final SendCompletions completions;
    // responder side
    private final ReceiveQueue receives = new ReceiveQueue(DEPTH);
    private final ArrayDeque<long[]> unflushed = new ArrayDeque<>();
    private volatile boolean broken;
    /** When the last frame went out, and when the write in progress began (0: none), for pings and the stall check. */
    private volatile long lastWriteNanos = System.nanoTime();
    private volatile long writeStartedNanos;
    private volatile Thread reader;
    /** Whether a key's region is restricted to the connections granted it, and the restricted keys granted here. */
    private final java.util.function.IntPredicate restricted;
    private final java.util.Set<Integer> granted = java.util.concurrent.ConcurrentHashMap.newKeySet();

    TcpQueuePair(ProcessNode node, Socket socket, InputStream in, OutputStream out, int localQpn, Frame.Handshake peerHello, WireLimits limits,
                 WireCounters counters, Consumer<String> log, java.util.function.IntPredicate restricted) {
        this.node = node;
        this.restricted = restricted;
        this.socket = socket;
        this.in = in;
        this.out = out;
        this.remoteQpn = peerHello.qpn();
        this.pingNanos = limits.pingIntervalNanos(peerHello.idleTimeoutMillis());
        this.limits = limits;
        this.counters = counters;
        this.log = log;
        this.decoder = new FrameDecoder(limits, localQpn, this);
        this.completions = new SendCompletions(DEPTH);
        this.peerName = String.valueOf(socket.getRemoteSocketAddress());
        this.peer = new PeerNode(-1, peerName, node.config(), node.clock());
    }

    void start() {
        reader = Thread.ofPlatform().daemon().name("tcp-reader-" + socket.getLocalPort()).start(this::readLoop);
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
    public MemoryRegion region(int rkey) {
        Region r = reachable(rkey);
        return r == null ? null : r.descriptor();
    }

    /**
     * The region {@code rkey} names if this connection may reach it: any region of the node unless the region is
     * restricted to the connections granted it. A restricted region not granted here is as unknown as a key never
     * issued, so a probing peer learns nothing from the difference.
     */
    Region reachable(int rkey) {
        Region r = node.region(rkey);
        if (r == null || restricted.test(rkey) && !granted.contains(rkey)) {
            return null;
        }
        return r;
    }

    /** Lets this connection reach the restricted region {@code rkey} (a memory window bound to this queue pair). */
    void grant(int rkey) {
        granted.add(rkey);
    }

    @Override
    public synchronized WorkRequest awaiting(long id) {
        return inFlight.get(id);
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
        byte[] data = r.opcode() == Opcode.WRITE || r.opcode() == Opcode.WRITE_IMM || r.opcode() == Opcode.SEND
                ? r.local().toArray(ValueLayout.JAVA_BYTE) : null;
        try {
            send(FrameCodec.request(remoteQpn, new Frame.Request(r.opcode(), id, r.remoteAddress(), r.rkey(), r.immediate(), r.compare(),
                    r.operand(), data, r.lengthBytes())));
        } catch (IOException e) {
            breakConnection();
            complete(id, r.opcode(), CompletionStatus.CONNECTION_BROKEN, 0, null);
        }
        return id;
    }

    /** Writes one frame; the stall check closes the socket when the peer stops reading. */
    private void send(byte[] frame) throws IOException {
        synchronized (out) {
            writeStartedNanos = System.nanoTime();
            try {
                out.write(frame);
                out.flush();
            } finally {
                lastWriteNanos = System.nanoTime();
                writeStartedNanos = 0;
            }
        }
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

    /**
     * Closes gracefully: our side's end of stream goes after every frame already written, and the peer, reading it,
     * closes its side; we wait (up to the linger time) for that before closing the socket, so once this returns the
     * peer has counted the connection closed.
     */
    @Override
    public void close() {
        if (broken) {
            return;
        }
        try {
            synchronized (out) {
                out.flush();
                socket.shutdownOutput();
            }
            Thread r = reader;
            if (r != null && r != Thread.currentThread()) {
                r.join(LINGER_MILLIS);
            }
        } catch (IOException | InterruptedException ignored) {
            // closing anyway
        }
        breakConnection();
    }

    void breakConnection() {
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

    /** The transport's periodic check: closes the connection when a write has been stuck for the idle timeout. */
    void checkStall(long nowNanos) {
        long started = writeStartedNanos;
        if (!broken && started != 0 && nowNanos - started > limits.idleTimeout().toNanos()) {
            refuse("the peer read none of our frames for " + limits.idleTimeoutMillis() + " ms", null, false);
        }
    }

    /** Reads, checks and acts on the peer's frames until the connection closes or a frame fails its checks. */
    private void readLoop() {
        try {
            while (!broken) {
                Frame f = readFrame();
                if (f == null) {
                    break; // the peer closed between frames
                }
                counters.frames.increment();
                switch (f) {
                    case Frame.Answer a -> complete(a.id(), a.opcode(), a.status(), a.result(), a.data());
                    case Frame.Request r -> arrived(r);
                    case Frame.Ping p -> { }
                    case Frame.Handshake h -> throw new WireViolation("a second hello");
                    case Frame.Proof p -> throw new WireViolation("a proof of the secret after the hello");
                    case Frame.Refusal x -> throw new WireViolation("a refusal after the hello");
                }
            }
        } catch (WireViolation v) {
            refuse(v.getMessage(), v.refused(), true);
        } catch (SocketTimeoutException e) {
            counters.timeouts.increment();
            refuse("nothing heard for " + limits.idleTimeoutMillis() + " ms (idle or half-open)", null, false);
        } catch (IOException e) {
            // the peer went away: no frame of ours was wrong, nothing to report
        } catch (RuntimeException e) {
            refuse("internal error on a frame: " + e, null, false);
        }
        breakConnection();
    }

    /** One frame, checked; null at a clean end of stream between frames. */
    private Frame readFrame() throws IOException, WireViolation {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        byte[] rest = in.readNBytes(3);
        if (rest.length < 3) {
            throw new WireViolation("truncated frame: the stream ended inside a length prefix");
        }
        int length = first << 24 | (rest[0] & 0xff) << 16 | (rest[1] & 0xff) << 8 | (rest[2] & 0xff);
        FrameDecoder.checkLength(length, limits);
        byte[] body = in.readNBytes(length); // grows as bytes arrive: memory follows what the peer actually sent
        if (body.length < length) {
            throw new WireViolation("truncated frame: the stream ended after " + body.length + " of " + length + " bytes");
        }
        return decoder.decode(ByteBuffer.wrap(body));
    }

    /**
     * Closes the connection for a frame it carried or its silence: counted closed at once, one log line, the refused
     * request answered, our end of stream sent, and (when the peer may still be sending) its bytes dropped for a
     * moment so that closing does not reset the connection before the peer reads what we sent.
     */
    private void refuse(String why, Frame.Request refused, boolean drain) {
        if (broken) {
            return;
        }
        broken = true;
        counters.refused.increment();
        log.accept("tcp: closed the connection from " + peerName + ": " + why);
        completions.breakConnection();
        receives.breakConnection();
        try {
            if (refused != null) {
                send(FrameCodec.answer(remoteQpn, new Frame.Answer(refused.id(), refused.opcode(), CompletionStatus.REMOTE_ACCESS_ERROR, 0, null)));
            }
            socket.shutdownOutput();
            if (drain) {
                socket.setSoTimeout(LINGER_MILLIS);
                long deadline = System.nanoTime() + LINGER_MILLIS * 1_000_000L;
                byte[] sink = new byte[8192];
                while (System.nanoTime() < deadline && in.read(sink) >= 0) {
                    // dropped
                }
            }
        } catch (IOException ignored) {
            // closing anyway
        }
        breakConnection();
    }

    /** A request from the peer: applied at once unless it must wait for a receive buffer or behind one that does. */
    private void arrived(Frame.Request r) throws IOException, WireViolation {
        synchronized (applying) {
            if (waiting.isEmpty() && ready(r)) {
                apply(r);
            } else if (waiting.size() >= limits.maxWaitingRequests()) {
                throw new WireViolation("more than " + limits.maxWaitingRequests() + " requests waiting for a receive buffer");
            } else {
                waiting.add(r);
                applying.notifyAll();
            }
        }
    }

    private boolean ready(Frame.Request r) {
        if (!r.opcode().consumesReceive()) {
            return true;
        }
        return receives.hasPosted();
    }

    /** Applies waiting requests as receive buffers are posted, in arrival order; PINGs a quiet peer. */
    private void respondLoop() {
        try {
            synchronized (applying) {
                while (!broken) {
                    Frame.Request head = waiting.peek();
                    if (head != null && ready(head)) {
                        waiting.poll();
                        apply(head);
                    } else {
                        if (System.nanoTime() - lastWriteNanos > pingNanos) {
                            send(FrameCodec.ping(remoteQpn));
                        }
                        applying.wait(Math.max(1, Math.min(100, pingNanos / 1_000_000)));
                    }
                }
            }
        } catch (IOException | InterruptedException e) {
            breakConnection();
        }
    }

    /** Applies one request, as a responder NIC does, and answers it (holding {@link #applying}). */
    private void apply(Frame.Request r) throws IOException {
        TcpResponder.Outcome o = TcpResponder.apply(this, r);
        if (o == null) {
            return; // broken while waiting for a receive buffer
        }
        send(FrameCodec.answer(remoteQpn, new Frame.Answer(r.id(), r.opcode(), o.status(), o.result(), o.data())));
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
