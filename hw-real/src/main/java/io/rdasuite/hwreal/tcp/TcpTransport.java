package io.rdasuite.hwreal.tcp;

import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.remote.ProcessNode;
import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.hwreal.wire.FrameCodec;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.hwreal.wire.WireViolation;
import io.rdasuite.store.fabric.Fabric;
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
 */
public final class TcpTransport implements RemoteTransport {
    private static final SecureRandom QPNS = new SecureRandom();

    private final ProcessNode node;
    private final WireLimits limits;
    private final Consumer<String> log;
    private final WireCounters counters = new WireCounters();
    private final AtomicInteger nextKey = new AtomicInteger(0x1000);
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
        this.node = new ProcessNode(nodeId, config, pm, (name, memory) -> nextKey.getAndIncrement());
        this.limits = limits;
        this.log = log;
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
            Frame.Handshake hello = new Handshake(s, in, limits).hello();
            int qpn = newQpn();
            out.write(FrameCodec.hello(qpn, hello.purpose(), limits.idleTimeoutMillis()));
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
        try (Socket s = new Socket()) {
            s.connect(server, (int) Math.max(limits.helloTimeout().toMillis(), 10_000));
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = new BufferedOutputStream(s.getOutputStream());
            Handshake h = new Handshake(s, in, limits.withTimeouts(limits.idleTimeout(), limits.idleTimeout()));
            clientHello(server, s, in, out, newQpn(), checksum ? Frame.Purpose.STATUS_WITH_CHECKSUM : Frame.Purpose.STATUS, h,
                    limits.idleTimeoutMillis());
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
            return clientHello(server, s, in, out, qpn, purpose, new Handshake(s, in, limits), limits.idleTimeoutMillis());
        } catch (IOException e) {
            closeQuietly(s);
            throw e;
        }
    }

    private static Frame.Handshake clientHello(InetSocketAddress server, Socket s, InputStream in, OutputStream out, int qpn,
                                               Frame.Purpose purpose, Handshake handshake, int idleMillis) throws IOException {
        out.write(FrameCodec.hello(qpn, purpose, idleMillis));
        out.flush();
        try {
            Frame.Handshake reply = handshake.hello();
            if (reply.purpose() != purpose) {
                throw new WireViolation("the server answered a " + purpose + " hello with a " + reply.purpose() + " one");
            }
            return reply;
        } catch (WireViolation v) {
            throw new IOException("no RDA Suite server answered at " + server + ": " + v.getMessage()
                    + " (a server refuses a peer of another version; its log names the reason)");
        } catch (SocketTimeoutException e) {
            throw new IOException("the server at " + server + " sent no hello in time; is it an RDA Suite server?", e);
        }
    }

    private TcpQueuePair open(Socket socket, InputStream in, OutputStream out, int localQpn, Frame.Handshake peerHello) throws IOException {
        socket.setSoTimeout((int) limits.idleTimeout().toMillis());
        TcpQueuePair qp = new TcpQueuePair(node, socket, in, out, localQpn, peerHello, limits, counters, log);
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
