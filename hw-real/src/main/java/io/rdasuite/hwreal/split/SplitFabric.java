package io.rdasuite.hwreal.split;

import io.rdasuite.hwreal.loopback.RealClock;
import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.remote.ProcessNode;
import io.rdasuite.hwreal.remote.RemoteQueuePair;
import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.fabric.Clock;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QpOptions;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.pm.LocalMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A fabric over OS processes for a deployment that is built by one deterministic sequence of calls (pDSM's
 * {@code PdsmCluster.deploy}): every process replays the whole sequence, and acts only for the nodes it hosts. A node of
 * this process is a {@link ProcessNode} on its own TCP transport (PM from {@code pm}); a node elsewhere registers nothing
 * and runs nothing here: its {@code register} asks the owner's {@link RegionRegistry} for the region of that name (the
 * owner registers it at the same step of its replay), its memory is {@link Absent}. The k-th {@link #connect} of the
 * sequence is the same connection in every process: its requester's process opens it over TCP and names k in a first
 * SEND; its responder's process takes the accepted endpoint that named k. Each node's verbs listener is at its address,
 * its process's registry at the next port. Loopback only.
 *
 * <p>A process may die and come back (a PM server restarted on its PM replays the deployment again): every end of a
 * connection is a {@link SplitEndpoint}; this process re-dials its broken requester ends every {@link #REDIAL_MS} ms,
 * and a connection naming a k it already has replaces that connection's TCP connection under the responder's end.
 * Regions keep their address and rkey across the restart ({@link io.rdasuite.hwreal.remote.RegionIdentities}).
 */
public final class SplitFabric implements Fabric, AutoCloseable {
    /** How long a replay waits for a peer's region or connection (peers start within this of each other). */
    static final long PEER_TIMEOUT_MS = 120_000;

    private final List<InetSocketAddress> addresses;
    private final Map<Integer, TcpTransport> transports = new TreeMap<>();
    private final Map<Integer, Node> nodes = new TreeMap<>();
    private final Map<Integer, CompletableFuture<QueuePair>> accepted = new ConcurrentHashMap<>();
    private final RegionRegistry registry;
    private final RealClock clock = new RealClock();
    private final AtomicInteger acceptBuffers = new AtomicInteger();
    /** Connection k's responder end in this process, once the replay made it (later connections naming k replace its TCP connection). */
    private final Map<Integer, SplitEndpoint> responders = new TreeMap<>();
    /** This process's requester ends, re-dialed when broken: connection k, the requesting node, the responder's address. */
    private final List<Redial> requesters = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Consumer<String> log;
    private volatile boolean closed;
    private Thread redialer;
    private int connections;

    private record Redial(int k, int from, InetSocketAddress to, SplitEndpoint endpoint, String what) {
    }

    /** How often broken requester ends are re-dialed (a dead process's port refuses at once on loopback). */
    static final long REDIAL_MS = 100;

    /**
     * @param addresses every node's host:port, by node id (nodes of one process may share one)
     * @param local     the nodes this process hosts
     * @param listening the local nodes that accept connections (the responders: PM servers)
     * @param pm        PM of the local nodes (null: off-heap memory)
     */
    public SplitFabric(List<InetSocketAddress> addresses, Set<Integer> local, Set<Integer> listening, ServerConfig config, PersistentMemory pm,
                       WireLimits limits, Consumer<String> log) throws IOException {
        this.addresses = List.copyOf(addresses);
        this.log = log;
        for (InetSocketAddress a : addresses) {
            if (!a.getAddress().isLoopbackAddress()) {
                throw new IllegalArgumentException(a + " is not a loopback address; a split deployment runs on loopback only (no authentication)");
            }
        }
        Map<Integer, ProcessNode> mine = new TreeMap<>();
        for (int id = 0; id < addresses.size(); id++) {
            if (local.contains(id)) {
                TcpTransport t = new TcpTransport(id, config, pm, limits, log);
                transports.put(id, t);
                mine.put(id, t.node());
                nodes.put(id, t.node());
            } else {
                nodes.put(id, new ElsewhereNode(id, config));
            }
        }
        this.registry = new RegionRegistry(registryOf(addresses.get(local.iterator().next())), mine);
        for (int id : listening) {
            transports.get(id).listen(addresses.get(id), qp -> Thread.ofVirtual().start(() -> accept(id, qp)));
        }
    }

    private static InetSocketAddress registryOf(InetSocketAddress verbs) {
        return new InetSocketAddress(verbs.getAddress(), verbs.getPort() + 1);
    }

    /** The first SEND on an accepted connection names its place in the sequence. */
    private void accept(int node, QueuePair qp) {
        ProcessNode n = transports.get(node).node();
        MemoryRegion buffer = n.register(MemoryKind.DRAM, "split-accept-" + acceptBuffers.incrementAndGet(), 64);
        qp.postReceive(buffer, 0, 64);
        Received r = qp.awaitReceive();
        if (!r.ok() || r.byteLength() < 8) {
            return;
        }
        int k = (int) n.local(buffer).load8(r.offsetBytes());
        synchronized (responders) {
            if (closed) { // accepted while this process shuts down (close() closed its listener after its connections)
                ((RemoteQueuePair) qp).close();
                return;
            }
            SplitEndpoint known = responders.get(k);
            if (known != null) {
                known.replace((RemoteQueuePair) qp); // the requester's process came back (or re-dialed): carry on over this one
                log.accept("split: connection " + k + " to node " + node + " re-opened by its requester");
                return;
            }
            CompletableFuture<QueuePair> f = accepted.computeIfAbsent(k, x -> new CompletableFuture<>());
            if (!f.complete(qp)) {
                accepted.put(k, CompletableFuture.completedFuture(qp)); // re-dialed before the replay took the first one
            }
        }
    }

    /**
     * Breaks every connection this process dialed to node {@code responder} (their requester ends re-dial it within
     * {@link #REDIAL_MS}): the moment a rejoined server's connections are re-opened, with no process dead (tests).
     */
    void breakConnectionsTo(int responder) {
        for (Redial d : requesters) {
            if (d.to().equals(addresses.get(responder))) {
                d.endpoint().breakConnection();
            }
        }
    }

    /** Re-dials every broken requester end of this process until the fabric closes. */
    private void redialLoop() {
        while (!closed) {
            for (Redial d : requesters) {
                if (closed || !d.endpoint().broken()) {
                    continue;
                }
                RemoteQueuePair raw;
                try {
                    raw = (RemoteQueuePair) transports.get(d.from()).connect(d.to());
                } catch (IOException | RuntimeException down) {
                    continue; // still down
                }
                if (raw.execute(WorkRequest.send(MemorySegment.ofArray(new long[] {d.k()}))).ok()) {
                    d.endpoint().replace(raw);
                    log.accept("split: " + d.what() + " re-opened");
                } else {
                    raw.close();
                }
            }
            try {
                Thread.sleep(REDIAL_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The transport of local node {@code id} (its status, its node). */
    public RemoteTransport transport(int id) {
        return transports.get(id);
    }

    @Override
    public Node node(int id) {
        return nodes.get(id);
    }

    @Override
    public int nodeCount() {
        return addresses.size();
    }

    @Override
    public synchronized Connection connect(Node requester, Node responder, QpOptions options) {
        int k = connections++;
        boolean from = transports.containsKey(requester.id());
        boolean to = transports.containsKey(responder.id());
        if (from && to) {
            throw new IllegalStateException("nodes " + requester.id() + " and " + responder.id() + " are both in this process; a split deployment"
                    + " connects nodes of different processes only");
        }
        String what = "connection " + k + " (node " + requester.id() + " to node " + responder.id() + ")";
        QueuePair req = Absent.of(QueuePair.class, "the requester of " + what);
        QueuePair resp = Absent.of(QueuePair.class, "the responder of " + what);
        if (from) {
            req = dial(requester.id(), addresses.get(responder.id()), what);
            if (!req.execute(WorkRequest.send(MemorySegment.ofArray(new long[] {k}))).ok()) {
                throw new IllegalStateException(what + " broke before it was named");
            }
            SplitEndpoint e = new SplitEndpoint((RemoteQueuePair) req, true);
            requesters.add(new Redial(k, requester.id(), addresses.get(responder.id()), e, what));
            if (redialer == null) {
                redialer = Thread.ofVirtual().name("split-redial").start(this::redialLoop);
            }
            req = e;
        } else if (to) {
            try {
                accepted.computeIfAbsent(k, x -> new CompletableFuture<>()).get(PEER_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(what + " was not opened by node " + requester.id() + " within " + PEER_TIMEOUT_MS + " ms", e);
            }
            synchronized (responders) {
                SplitEndpoint e = new SplitEndpoint((RemoteQueuePair) accepted.get(k).join(), false);
                responders.put(k, e);
                resp = e;
            }
        }
        return new Connection(req, resp);
    }

    /**
     * Opens a requester's TCP connection. A peer that is not listening yet, or too slow to answer the hello within the
     * wire's hello timeout (a loaded machine: one campaign's rejoining PM server died on it), is dialed again every
     * {@link #REDIAL_MS} ms for up to {@link #PEER_TIMEOUT_MS}; any other refusal (a wrong secret, another version)
     * fails at once.
     */
    private QueuePair dial(int from, InetSocketAddress to, String what) {
        return dial(() -> transports.get(from).connect(to), what, PEER_TIMEOUT_MS, log);
    }

    /** A dial that may fail with an {@link IOException}. */
    interface Dialer {
        QueuePair connect() throws IOException;
    }

    /** {@link #dial(int, InetSocketAddress, String)}'s loop: {@code dialer} again while slow or refused, for {@code timeoutMs}. */
    static QueuePair dial(Dialer dialer, String what, long timeoutMs, Consumer<String> log) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        while (true) {
            try {
                return dialer.connect();
            } catch (IOException e) {
                boolean slowOrNotYet = e instanceof java.net.ConnectException || e instanceof java.net.SocketTimeoutException
                        || e.getCause() instanceof java.net.SocketTimeoutException;
                if (!slowOrNotYet || System.nanoTime() - deadline > 0) {
                    throw new UncheckedIOException("cannot open " + what, e);
                }
                log.accept("split: " + what + ": " + e.getMessage() + "; dialing again");
                try {
                    Thread.sleep(REDIAL_MS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new UncheckedIOException("cannot open " + what + " (interrupted)", e);
                }
            }
        }
    }

    @Override
    public Transport transport() {
        return Transport.IB;
    }

    @Override
    public FlushSupport flushSupport() {
        return transports.values().iterator().next().flushSupport();
    }

    @Override
    public boolean supports(Opcode opcode) {
        return transports.values().iterator().next().supports(opcode);
    }

    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public void close() {
        synchronized (responders) {
            closed = true; // under the lock accept() takes: a connection accepted from now on is closed, not adopted
        }
        if (redialer != null) {
            redialer.interrupt();
        }
        synchronized (responders) {
            for (SplitEndpoint e : responders.values()) {
                e.close();
            }
        }
        registry.close();
        for (TcpTransport t : transports.values()) {
            t.node().shutDown();
            t.close();
        }
    }

    /** A node of another process: its regions are looked up by name, its memory and threads are not here. */
    private final class ElsewhereNode implements Node {
        private final int id;
        private final ServerConfig config;

        ElsewhereNode(int id, ServerConfig config) {
            this.id = id;
            this.config = config;
        }

        @Override
        public int id() {
            return id;
        }

        @Override
        public ServerConfig config() {
            return config;
        }

        @Override
        public MemoryRegion register(MemoryKind kind, String name, long lengthBytes) {
            return RegionRegistry.lookup(registryOf(addresses.get(id)), id, kind, name, PEER_TIMEOUT_MS);
        }

        @Override
        public LocalMemory local(MemoryRegion region) {
            return Absent.of(LocalMemory.class, "node " + id + "'s region " + region.name());
        }

        @Override
        public void spawn(String name, Runnable body) {
            // runs in node id's process
        }

        @Override
        public void spawnDaemon(String name, Runnable body) {
            // runs in node id's process
        }

        @Override
        public Clock clock() {
            return clock;
        }

        @Override
        public boolean isUp() {
            return true;
        }
    }
}
