package io.rdasuite.hwreal.disni;

import com.ibm.disni.RdmaPassiveEndpointGroup;
import com.ibm.disni.RdmaServerEndpoint;
import com.ibm.disni.verbs.IbvMr;
import com.ibm.disni.verbs.IbvPd;
import com.ibm.disni.verbs.SVCRegMr;
import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.remote.ProcessNode;
import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The fabric between processes over RDMA NICs through DiSNI (DESIGN §6, paper 003 §2-§3): passive endpoints
 * whose completion queues the waiting thread polls, regions registered for local write, remote read, remote
 * write and <em>remote atomic</em> access (DiSNI's endpoints register without atomics by default), regions over
 * 2 GiB registered in {@link RemoteKeys} chunks, FLUSH as a zero-length READ, WRITE_ATOMIC unsupported.
 *
 * <p>Memory is registered on a protection domain, which exists once the transport is bound to a device: a server
 * is opened with its listen address, a client after its first connection (its clients register their buffers
 * after connecting). The JVM needs {@code --enable-native-access=ALL-UNNAMED} (DiSNI's JNI library) and
 * {@code --add-exports java.base/sun.nio.ch=ALL-UNNAMED} (DiSNI reads direct buffers' addresses); the
 * {@code rda} launcher passes both.
 */
public final class DisniTransport implements RemoteTransport {
    static final int ACCESS = IbvMr.IBV_ACCESS_LOCAL_WRITE | IbvMr.IBV_ACCESS_REMOTE_WRITE | IbvMr.IBV_ACCESS_REMOTE_READ
            | IbvMr.IBV_ACCESS_REMOTE_ATOMIC;
    private static final int TIMEOUT_MS = 2000;

    private final ProcessNode node;
    private final RdmaPassiveEndpointGroup<DisniEndpoint> group;
    private final RemoteKeys keys = new RemoteKeys();
    private final Map<Integer, List<IbvMr>> registrations = new ConcurrentHashMap<>();
    private final AtomicInteger queuePairs = new AtomicInteger();
    private final List<DisniEndpoint> endpoints = new ArrayList<>();
    private volatile IbvPd pd;
    private RdmaServerEndpoint<DisniEndpoint> server;
    private volatile boolean closed;

    private DisniTransport(int nodeId, ServerConfig config, PersistentMemory pm) throws IOException {
        this.node = new ProcessNode(nodeId, config, pm, this::register);
        this.group = new RdmaPassiveEndpointGroup<>(TIMEOUT_MS, 1024, 4, 4096);
        group.init((id, serverSide) -> new DisniEndpoint(group, id, serverSide, this));
    }

    /**
     * Opens DiSNI for this process's node, bound to {@code listen} when it will serve (null for a client). Fails
     * with what this machine lacks when DiSNI cannot run here.
     */
    public static DisniTransport open(int nodeId, ServerConfig config, PersistentMemory pm, InetSocketAddress listen) {
        DisniSupport.missing().ifPresent(why -> {
            throw new IllegalStateException("the DiSNI fabric cannot run here: " + why);
        });
        try {
            DisniTransport t = new DisniTransport(nodeId, config, pm);
            if (listen != null) {
                t.bind(listen);
            }
            return t;
        } catch (IOException e) {
            throw new UncheckedIOException("DiSNI: " + e.getMessage(), e);
        } catch (Exception e) {
            throw new IllegalStateException("DiSNI: " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return "disni";
    }

    @Override
    public ProcessNode node() {
        return node;
    }

    RemoteKeys keys() {
        return keys;
    }

    int nextQueuePairNumber() {
        return queuePairs.incrementAndGet();
    }

    /** The protection domain of the first device this transport reached: memory is registered on it. */
    synchronized void adopt(IbvPd domain) {
        if (pd == null) {
            pd = domain;
        }
    }

    private synchronized void bind(InetSocketAddress address) throws Exception {
        if (server == null) {
            server = group.createServerEndpoint();
            server.bind(address, 128);
            pd = server.getPd();
        }
    }

    /** Registers a region for remote atomic access too, in chunks when over 2 GiB; returns its first chunk's rkey. */
    private int register(String name, MemorySegment memory) {
        IbvPd domain = pd;
        if (domain == null) {
            throw new IllegalStateException("DiSNI registers memory on a device: listen or connect before registering " + name);
        }
        List<RemoteKeys.Chunk> chunks = new ArrayList<>();
        List<IbvMr> mrs = new ArrayList<>();
        try {
            for (long[] c : RemoteKeys.chunks(memory.address(), memory.byteSize(), RemoteKeys.CHUNK_BYTES)) {
                SVCRegMr call = domain.regMr(c[0], (int) c[1], ACCESS).execute();
                IbvMr mr = call.getMr();
                call.free();
                mrs.add(mr);
                chunks.add(new RemoteKeys.Chunk(c[0], c[1], mr.getRkey()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("DiSNI: registering " + name + " (" + memory.byteSize() + " bytes) failed", e);
        }
        if (chunks.size() > 1 && !endpoints.isEmpty()) {
            throw new IllegalStateException("region " + name + " is over 2 GiB and was registered after peers connected: "
                    + "they only learn split regions' keys when connecting");
        }
        keys.add(chunks);
        registrations.put(chunks.getFirst().rkey(), mrs);
        return chunks.getFirst().rkey();
    }

    /** The local key covering {@code address} in the region with remote key {@code rkey}. */
    int lkey(int rkey, long address) {
        List<IbvMr> mrs = registrations.get(rkey);
        if (mrs == null) {
            throw new IllegalArgumentException("no registration with remote key " + rkey);
        }
        for (IbvMr mr : mrs) {
            if (address >= mr.getAddr() && address < mr.getAddr() + mr.getLength()) {
                return mr.getLkey();
            }
        }
        return mrs.getFirst().getLkey();
    }

    @Override
    public InetSocketAddress listen(InetSocketAddress address, Consumer<QueuePair> onAccept) throws IOException {
        try {
            bind(address);
        } catch (Exception e) {
            throw new IOException("DiSNI: cannot listen on " + address + ": " + e.getMessage(), e);
        }
        Thread.ofPlatform().daemon().name("disni-accept").start(() -> {
            while (!closed) {
                try {
                    DisniEndpoint ep = server.accept();
                    synchronized (this) {
                        endpoints.add(ep);
                    }
                    ep.queuePair().exchangeKeys();
                    onAccept.accept(ep.queuePair());
                } catch (IOException e) {
                    if (!closed) {
                        System.err.println("disni: accept failed: " + e.getMessage());
                    }
                }
            }
        });
        return address;
    }

    @Override
    public QueuePair connect(InetSocketAddress serverAddress) throws IOException {
        try {
            DisniEndpoint ep = group.createEndpoint();
            ep.connect(serverAddress, TIMEOUT_MS);
            synchronized (this) {
                endpoints.add(ep);
            }
            ep.queuePair().exchangeKeys();
            return ep.queuePair();
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("DiSNI: cannot connect to " + serverAddress + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Fabric.FlushSupport flushSupport() {
        return Fabric.FlushSupport.EMULATED_BY_READ;
    }

    @Override
    public boolean supports(Opcode opcode) {
        return opcode != Opcode.WRITE_ATOMIC;
    }

    @Override
    public synchronized void close() {
        closed = true;
        node.shutDown();
        for (DisniEndpoint ep : endpoints) {
            ep.queuePair().close();
        }
        try {
            if (server != null) {
                server.close();
            }
            group.close();
        } catch (IOException | InterruptedException e) {
            // closing anyway
        }
    }
}
