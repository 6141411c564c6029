package io.rdasuite.hwreal.tcp;

import io.rdasuite.hwreal.auth.HelloProof;
import io.rdasuite.hwreal.auth.Secret;
import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.remote.ProcessNode;
import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.hwreal.wire.FrameCodec;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.hwreal.wire.WireViolation;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The verbs emulated over TCP, one socket per queue pair: what {@code rda serve} and the acceptance suite run on
 * where no RDMA NIC exists (here, CI). A connection starts with a hello each way ({@link FrameCodec}: magic,
 * version, purpose, each side's queue pair number), within {@link WireLimits#helloTimeout}; only then is it a
 * queue pair handed to the server. The responder side of each connection applies the requests it receives in order
 * on one thread, as a responder NIC does, and answers each with its completion; a SEND or WRITE_IMM waits for a
 * posted receive buffer (receiver-not-ready retry). Remote addresses are virtual addresses and remote keys are this
 * process's registration numbers, as with RDMA. FLUSH is native: the responder writes back the PM the connection
 * wrote since its last FLUSH. WRITE_ATOMIC is unsupported, as on today's NICs.
 *
 * <p>Every frame is checked before it is acted on ({@link io.rdasuite.hwreal.wire.FrameDecoder}); a bad one closes
 * its connection only, with one line to the log. A hello may instead ask for the server's status report
 * ({@link #status}), answered and closed without becoming a queue pair.
 *
 * <p>With a {@link Secret}, the server's hello requires one: the client proves it holds the secret and the server
 * proves it back ({@link HelloProof}) before anything else is read; a wrong or missing proof is refused with one log
 * line and a REFUSED frame saying why, before the connection takes a client slot. Remote keys are drawn from
 * SecureRandom, so a peer cannot guess another region's key from its own (ReDMArk, USENIX Security 2021, found
 * NICs' keys predictable); a region may further be {@link #restrict restricted} to the connections
 * {@link #grant granted} it, so a key learned elsewhere opens nothing on another connection.
 */
public final class TcpTransport implements RemoteTransport {
    private static final SecureRandom QPNS = new SecureRandom();
    private static final SecureRandom RKEYS = new SecureRandom();

    private final ProcessNode node;
    private final WireLimits limits;
    private final Consumer<String> log;
    private final WireCounters counters = new WireCounters();
    private final java.util.Set<Integer> issuedKeys = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.Set<Integer> restricted = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Secret secret;
    private final AtomicInteger inHello = new AtomicInteger();
    private final List<TcpQueuePair> connections = new ArrayList<>();
    private final List<ServerSocket> listeners = new ArrayList<>();
    private volatile Function<Boolean, Map<String, Object>> statusSource = checksum -> Map.of();
    private volatile boolean closed;
    private Thread watchdog;

    /** A transport whose node {@code nodeId} keeps its PM regions in {@code pm} (null: off-heap, lost at exit). */
    public TcpTransport(int nodeId, ServerConfig config, PersistentMemory pm) {
        this(nodeId, config, pm, WireLimits.DEFAULTS, System.err::println);
    }

    /** As above, with the limits it holds its peers to and where closed connections are reported (one line each). */
    public TcpTransport(int nodeId, ServerConfig config, PersistentMemory pm, WireLimits limits, Consumer<String> log) {
        this(nodeId, config, pm, limits, log, null);
    }

    /**
     * As above, with the secret a server requires of its clients and a client proves (and requires the server to
     * prove back); null for none (a server then accepts any client, a client any server that asks for no secret).
     */
    public TcpTransport(int nodeId, ServerConfig config, PersistentMemory pm, WireLimits limits, Consumer<String> log, Secret secret) {
        this.node = new ProcessNode(nodeId, config, pm, new ProcessNode.Registrar() {
            @Override
            public int register(String name, java.lang.foreign.MemorySegment memory) {
                return newKey();
            }

            @Override
            public int reuse(String name, java.lang.foreign.MemorySegment memory, int rkey) {
                if (rkey == 0 || !issuedKeys.add(rkey)) {
                    throw new IllegalStateException("region " + name + "'s kept key is 0 or already issued in this process");
                }
                return rkey;
            }
        });
        this.limits = limits;
        this.log = log;
        this.secret = secret;
    }

    /** A fresh remote key: random, nonzero, never one this transport issued before. */
    private int newKey() {
        while (true) {
            int k = RKEYS.nextInt();
            if (k != 0 && issuedKeys.add(k)) {
                return k;
            }
        }
    }

    /** Makes {@code region} reachable only over connections {@link #grant granted} it (before any connection may use it). */
    @Override
    public void restrict(MemoryRegion region) {
        if (region.nodeId() != node.id() || node.region(region.rkey()) == null) {
            throw new IllegalArgumentException("region " + region.name() + " is not one of node " + node.id() + "'s");
        }
        restricted.add(region.rkey());
    }

    /** Lets the connection {@code qp} (one of this transport's) reach the restricted region {@code region}. */
    @Override
    public void grant(QueuePair qp, MemoryRegion region) {
        if (!(qp instanceof TcpQueuePair tcp) || tcp.node() != node) {
            throw new IllegalArgumentException("not a connection of this transport: " + qp);
        }
        if (node.region(region.rkey()) == null) {
            throw new IllegalArgumentException("region " + region.name() + " is not one of node " + node.id() + "'s");
        }
        tcp.grant(region.rkey());
    }

    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public ProcessNode node() {
        return node;
    }

    @Override
    public void statusSource(Function<Boolean, Map<String, Object>> source) {
        this.statusSource = source;
    }

    @Override
    public InetSocketAddress listen(InetSocketAddress address, Consumer<QueuePair> onAccept) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(address, 256);
        synchronized (this) {
            listeners.add(server);
        }
        Thread.ofPlatform().daemon().name("tcp-accept-" + server.getLocalPort()).start(() -> {
            while (!closed) {
                Socket s;
                try {
                    s = server.accept();
                } catch (IOException e) {
                    if (!closed && !server.isClosed()) {
                        log.accept("tcp: accept failed, no longer listening: " + e.getMessage());
                    }
                    return;
                }
                if (inHello.incrementAndGet() > limits.maxPendingHellos()) {
                    inHello.decrementAndGet();
                    refuseHello(s, String.valueOf(s.getRemoteSocketAddress()), limits.maxPendingHellos()
                            + " connections are in their hello already");
                    continue;
                }
                if (openConnections() + inHello.get() > limits.maxConnections()) {
                    inHello.decrementAndGet();
                    refuseHello(s, String.valueOf(s.getRemoteSocketAddress()), limits.maxConnections() + " connections are open already");
                    continue;
                }
                Thread.ofPlatform().daemon().name("tcp-hello").start(() -> {
                    try {
                        accepted(s, onAccept);
                    } finally {
                        inHello.decrementAndGet();
                    }
                });
            }
        });
        return new InetSocketAddress(address.getAddress(), server.getLocalPort());
    }

    private synchronized long openConnections() {
        connections.removeIf(c -> !c.isOpen());
        return connections.size();
    }

    @Override
    public java.time.Duration helloTimeout() {
        return limits.helloTimeout();
    }

    /** Server side of the hello: a queue pair for {@code onAccept}, or a status report, or a refusal logged. */
    private void accepted(Socket s, Consumer<QueuePair> onAccept) {
        String peer = String.valueOf(s.getRemoteSocketAddress());
        try {
            s.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(s.getInputStream(), 1 << 16);
            OutputStream out = new BufferedOutputStream(s.getOutputStream(), 1 << 16);
            Handshake handshake = new Handshake(s, in, limits);
            int qpn = newQpn();
            Frame.Handshake hello = handshake.hello(out, qpn);
            byte[] ours = FrameCodec.hello(qpn, hello.purpose(), limits.idleTimeoutMillis(), HelloProof.nonce(), secret != null);
            out.write(ours);
            out.flush();
            if (secret != null && !proven(s, handshake, out, peer, qpn, hello, body(ours))) {
                return;
            }
            if (hello.purpose() != Frame.Purpose.QUEUE_PAIR) {
                out.write(FrameCodec.status(hello.qpn(), statusJson(hello.purpose() == Frame.Purpose.STATUS_WITH_CHECKSUM)));
                out.flush();
                s.close();
                return;
            }
            out.flush();
            TcpQueuePair qp = open(s, in, out, qpn, hello);
            counters.accepted.increment();
            onAccept.accept(qp);
        } catch (WireViolation v) {
            refuseHello(s, peer, v.getMessage());
        } catch (SocketTimeoutException e) {
            refuseHello(s, peer, "no hello within " + limits.helloTimeout().toMillis() + " ms");
        } catch (IOException | RuntimeException e) {
            closeQuietly(s); // it went away during its hello
        }
    }

    /**
     * Server side: reads the client's proof of the secret and answers with ours, or refuses the connection (one log
     * line, a REFUSED frame saying why, closed; no slot was taken and nothing was read beyond the proof).
     */
    private boolean proven(Socket s, Handshake handshake, OutputStream out, String peer, int qpn, Frame.Handshake hello, byte[] ours)
            throws IOException, WireViolation {
        if (!(handshake.proof(qpn) instanceof Frame.Proof p)) {
            throw new WireViolation("a refusal from a client");
        }
        String why = null;
        String detail = null;
        if (p.proof().length == 0) {
            why = "no secret given";
            detail = "this server requires the secret of " + secret.describe();
        } else if (!HelloProof.matches(HelloProof.client(secret, ours, hello.body()), p.proof())) {
            why = "wrong secret";
            detail = "the client's proof does not match " + secret.describe();
        }
        if (why == null) {
            out.write(FrameCodec.proof(hello.qpn(), HelloProof.server(secret, ours, hello.body())));
            out.flush();
            return true;
        }
        // counted and logged before the client can read the refusal: once it has, the server's record is complete
        counters.secretsRefused.increment();
        counters.hellosRefused.increment();
        log.accept("tcp: refused the connection from " + peer + ": " + why + " (" + detail + ")");
        try {
            out.write(FrameCodec.refused(hello.qpn(), why));
            out.flush();
            s.shutdownOutput();
        } catch (IOException ignored) {
            // it went away: refused all the same
        }
        closeQuietly(s);
        return false;
    }

    /** A frame's body: the bytes after its length prefix, as the proofs cover them. */
    private static byte[] body(byte[] frame) {
        return java.util.Arrays.copyOfRange(frame, 4, frame.length);
    }

    private void refuseHello(Socket s, String peer, String why) {
        counters.hellosRefused.increment();
        log.accept("tcp: refused the connection from " + peer + ": " + why);
        closeQuietly(s);
    }

    @Override
    public QueuePair connect(InetSocketAddress server) throws IOException {
        Socket s = new Socket();
        s.connect(server, (int) Math.max(limits.helloTimeout().toMillis(), 10_000));
        s.setTcpNoDelay(true);
        InputStream in = new BufferedInputStream(s.getInputStream(), 1 << 16);
        OutputStream out = new BufferedOutputStream(s.getOutputStream(), 1 << 16);
        int qpn = newQpn();
        Frame.Handshake reply = clientHello(server, s, in, out, qpn, Frame.Purpose.QUEUE_PAIR);
        return open(s, in, out, qpn, reply);
    }

    /**
     * Asks the server at {@code server} for its status report, a JSON object of its connection counters and what
     * its store adds (its client slots in use, and with {@code checksum} a CRC-32C of every registered region).
     */
    public static String status(InetSocketAddress server, boolean checksum, WireLimits limits) throws IOException {
        return status(server, checksum, limits, null);
    }

    /** As above, proving {@code secret} (null: none) to a server that requires one. */
    public static String status(InetSocketAddress server, boolean checksum, WireLimits limits, Secret secret) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(server, (int) Math.max(limits.helloTimeout().toMillis(), 10_000));
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = new BufferedOutputStream(s.getOutputStream());
            Handshake h = new Handshake(s, in, limits.withTimeouts(limits.idleTimeout(), limits.idleTimeout()));
            clientHello(server, s, in, out, newQpn(), checksum ? Frame.Purpose.STATUS_WITH_CHECKSUM : Frame.Purpose.STATUS, h,
                    limits.idleTimeoutMillis(), secret);
            try {
                return h.status();
            } catch (WireViolation v) {
                throw new IOException("the server at " + server + " sent a bad status report: " + v.getMessage());
            }
        }
    }

    private Frame.Handshake clientHello(InetSocketAddress server, Socket s, InputStream in, OutputStream out, int qpn, Frame.Purpose purpose)
            throws IOException {
        try {
            return clientHello(server, s, in, out, qpn, purpose, new Handshake(s, in, limits), limits.idleTimeoutMillis(), secret);
        } catch (IOException e) {
            closeQuietly(s);
            throw e;
        }
    }

    private static Frame.Handshake clientHello(InetSocketAddress server, Socket s, InputStream in, OutputStream out, int qpn,
                                               Frame.Purpose purpose, Handshake handshake, int idleMillis, Secret secret) throws IOException {
        byte[] ours = FrameCodec.hello(qpn, purpose, idleMillis, HelloProof.nonce(), false);
        out.write(ours);
        out.flush();
        try {
            Frame.Handshake reply = handshake.hello();
            if (reply.purpose() != purpose) {
                throw new WireViolation("the server answered a " + purpose + " hello with a " + reply.purpose() + " one");
            }
            if (reply.secretRequired()) {
                prove(server, out, handshake, qpn, reply, body(ours), secret);
            } else if (secret != null) {
                throw new IOException("the server at " + server + " asks for no secret (started without --secret-file), so it cannot prove it "
                        + "holds the one of " + secret.describe() + "; not using it (drop --secret-file to trust it anyway)");
            }
            return reply;
        } catch (WireViolation v) {
            throw new IOException("no RDA Suite server answered at " + server + ": " + v.getMessage()
                    + " (a server refuses a peer of another version; its log names the reason)");
        } catch (SocketTimeoutException e) {
            throw new IOException("the server at " + server + " sent no hello in time; is it an RDA Suite server?", e);
        }
    }

    /**
     * Client side: proves the secret (an empty proof without one, so the server can say why it refuses) and checks
     * the server's proof back; a refusal or a server that cannot prove the secret is an error saying so.
     */
    private static void prove(InetSocketAddress server, OutputStream out, Handshake handshake, int qpn, Frame.Handshake reply, byte[] ours,
                              Secret secret) throws IOException, WireViolation {
        out.write(FrameCodec.proof(reply.qpn(), secret == null ? new byte[0] : HelloProof.client(secret, reply.body(), ours)));
        out.flush();
        Frame answer;
        try {
            answer = handshake.proof(qpn);
        } catch (WireViolation v) {
            throw new IOException("the server at " + server + " broke off the proof of the secret: " + v.getMessage());
        }
        if (answer instanceof Frame.Refusal r) {
            throw new IOException(secret == null
                    ? "server refused: it requires a secret (" + r.reason() + "); give --secret-file with a copy of the server's secret file"
                    : "server refused: " + r.reason() + " (" + secret.describe() + ")");
        }
        if (secret == null || !HelloProof.matches(HelloProof.server(secret, reply.body(), ours), ((Frame.Proof) answer).proof())) {
            throw new IOException("the server at " + server + " does not prove it holds the secret of "
                    + (secret == null ? "(none given)" : secret.describe()) + ": not using it");
        }
    }

    private TcpQueuePair open(Socket socket, InputStream in, OutputStream out, int localQpn, Frame.Handshake peerHello) throws IOException {
        socket.setSoTimeout((int) limits.idleTimeout().toMillis());
        TcpQueuePair qp = new TcpQueuePair(node, socket, in, out, localQpn, peerHello, limits, counters, log, restricted::contains);
        synchronized (this) {
            connections.removeIf(c -> !c.isOpen());
            connections.add(qp);
            if (watchdog == null) {
                watchdog = Thread.ofPlatform().daemon().name("tcp-watchdog").start(this::watch);
            }
        }
        qp.start();
        return qp;
    }

    /** Closes connections whose peer stopped reading our frames for the idle timeout. */
    private void watch() {
        long periodMillis = Math.max(1, Math.min(1000, limits.idleTimeoutMillis() / 4));
        while (!closed) {
            List<TcpQueuePair> open;
            synchronized (this) {
                open = List.copyOf(connections);
            }
            long now = System.nanoTime();
            for (TcpQueuePair qp : open) {
                qp.checkStall(now);
            }
            try {
                Thread.sleep(periodMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The status report: this transport's counters, then what the status source adds. */
    private String statusJson(boolean checksum) {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("fabric", "tcp");
        status.put("connectionsOpen", openConnections());
        status.put("connectionsAccepted", counters.accepted.sum());
        status.put("hellosRefused", counters.hellosRefused.sum());
        status.put("secretsRefused", counters.secretsRefused.sum());
        status.put("framesReceived", counters.frames.sum());
        status.put("connectionsClosedForBadInput", counters.refused.sum());
        status.put("idleTimeouts", counters.timeouts.sum());
        status.putAll(statusSource.apply(checksum));
        StringBuilder json = new StringBuilder("{");
        status.forEach((k, v) -> {
            json.append(json.length() > 1 ? "," : "").append('"').append(k).append("\":");
            json.append(v instanceof Number ? v.toString() : '"' + String.valueOf(v).replace("\\", "\\\\").replace("\"", "\\\"") + '"');
        });
        return json.append('}').toString();
    }

    private static int newQpn() {
        return QPNS.nextInt();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public Fabric.FlushSupport flushSupport() {
        return Fabric.FlushSupport.NATIVE;
    }

    @Override
    public boolean supports(Opcode opcode) {
        return opcode != Opcode.WRITE_ATOMIC;
    }

    @Override
    public void close() {
        List<TcpQueuePair> open;
        synchronized (this) {
            closed = true;
            for (ServerSocket s : listeners) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
            open = List.copyOf(connections);
        }
        for (TcpQueuePair qp : open) {
            qp.close();
        }
    }
}
