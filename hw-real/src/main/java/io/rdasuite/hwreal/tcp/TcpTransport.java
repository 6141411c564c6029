package io.rdasuite.hwreal.tcp;

import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.remote.ProcessNode;
import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The verbs emulated over TCP, one socket per queue pair: what {@code rda serve} and the acceptance suite run on
 * where no RDMA NIC exists (here, CI). The responder side of each connection applies the requests it receives
 * in order on one thread, as a responder NIC does, and answers each with its completion; a SEND or WRITE_IMM
 * waits for a posted receive buffer (receiver-not-ready retry). Remote addresses are virtual addresses and
 * remote keys are this process's registration numbers, as with RDMA. FLUSH is native: the responder writes back
 * the PM the connection wrote since its last FLUSH. WRITE_ATOMIC is unsupported, as on today's NICs.
 */
public final class TcpTransport implements RemoteTransport {
    private final ProcessNode node;
    private final AtomicInteger nextKey = new AtomicInteger(0x1000);
    private final List<TcpQueuePair> connections = new ArrayList<>();
    private final List<ServerSocket> listeners = new ArrayList<>();
    private volatile boolean closed;

    /** A transport whose node {@code nodeId} keeps its PM regions in {@code pm} (null: off-heap, lost at exit). */
    public TcpTransport(int nodeId, ServerConfig config, PersistentMemory pm) {
        this.node = new ProcessNode(nodeId, config, pm, (name, memory) -> nextKey.getAndIncrement());
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
    public InetSocketAddress listen(InetSocketAddress address, Consumer<QueuePair> onAccept) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(address);
        synchronized (this) {
            listeners.add(server);
        }
        Thread.ofPlatform().daemon().name("tcp-accept-" + server.getLocalPort()).start(() -> {
            while (!closed) {
                try {
                    Socket s = server.accept();
                    onAccept.accept(open(s));
                } catch (IOException e) {
                    if (!closed && !server.isClosed()) {
                        System.err.println("tcp transport: accept failed: " + e.getMessage());
                    }
                    return;
                }
            }
        });
        return new InetSocketAddress(address.getAddress(), server.getLocalPort());
    }

    @Override
    public QueuePair connect(InetSocketAddress server) throws IOException {
        Socket s = new Socket();
        s.connect(server, 10_000);
        return open(s);
    }

    private TcpQueuePair open(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        TcpQueuePair qp = new TcpQueuePair(node, socket);
        synchronized (this) {
            connections.removeIf(c -> !c.isOpen());
            connections.add(qp);
        }
        qp.start();
        return qp;
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
    public synchronized void close() {
        closed = true;
        for (ServerSocket s : listeners) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        for (TcpQueuePair qp : connections) {
            qp.close();
        }
    }
}
