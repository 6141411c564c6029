package io.rdasuite.hwreal.remote;

import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The fabric SPI between processes (DESIGN §6): this process's {@link ProcessNode}, and reliable connections to
 * nodes in other processes or on other machines. A server {@link #listen listens}; a client
 * {@link #connect connects} and gets the requester endpoint, the accepting side gets the responder endpoint.
 * Implemented over RDMA verbs by DiSNI and, for machines without an RDMA NIC, by a TCP emulation of the verbs.
 */
public interface RemoteTransport extends AutoCloseable {
    /** The transport's name on the command line: {@code disni}, {@code tcp}. */
    String name();

    /** This process's node: regions registered on it are reachable by the peers' one-sided verbs. */
    ProcessNode node();

    /**
     * Accepts connections on {@code address} (port 0 picks one); each accepted connection's endpoint is handed
     * to {@code onAccept} on a transport thread. Returns the bound address.
     */
    InetSocketAddress listen(InetSocketAddress address, Consumer<QueuePair> onAccept) throws IOException;

    /**
     * Where the transport's status report (if it serves one) gets what its server adds: a map of names to numbers or
     * strings, given whether a checksum of the regions was asked for. The TCP fabric serves it to a status hello.
     */
    default void statusSource(Function<Boolean, Map<String, Object>> source) {
    }

    /** How long a new connection has for its hello; a server gives its own hello (the store's descriptor) as long. */
    default java.time.Duration helloTimeout() {
        return java.time.Duration.ofSeconds(5);
    }

    /**
     * Makes a region of this node reachable only over connections {@link #grant granted} it, as a memory window bound
     * to a queue pair (IBTA type 2) would. Call it before listening. Unsupported where the transport cannot enforce it.
     */
    default void restrict(io.rdasuite.store.fabric.MemoryRegion region) {
        throw new UnsupportedOperationException("the " + name() + " fabric cannot bind a region to connections "
                + "(it would need RDMA memory windows of type 2, not implemented); only the tcp fabric can");
    }

    /** Lets the accepted connection {@code qp} reach the {@link #restrict restricted} region {@code region}. */
    default void grant(QueuePair qp, io.rdasuite.store.fabric.MemoryRegion region) {
        restrict(region);
    }

    /** Connects to a listening peer and returns this side's endpoint. */
    QueuePair connect(InetSocketAddress server) throws IOException;

    /** How FLUSH is carried out. */
    Fabric.FlushSupport flushSupport();

    /** False for operations this transport cannot perform: they complete with UNSUPPORTED_OPERATION. */
    boolean supports(Opcode opcode);

    /** Closes every connection and the listener; waiters get CONNECTION_BROKEN. */
    @Override
    void close();

    /** Parses {@code host:port}; a bad one is an error naming the expected form. */
    static InetSocketAddress address(String hostPort) {
        int colon = hostPort == null ? -1 : hostPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostPort.length() - 1) {
            throw new IllegalArgumentException("expected host:port, got '" + hostPort + "'");
        }
        try {
            int port = Integer.parseInt(hostPort.substring(colon + 1));
            if (port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
            return new InetSocketAddress(hostPort.substring(0, colon), port);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected host:port with a port in 0..65535, got '" + hostPort + "'");
        }
    }
}
