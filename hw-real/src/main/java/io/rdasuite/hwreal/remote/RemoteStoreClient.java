package io.rdasuite.hwreal.remote;

import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.StoreDescriptor;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * A client of a store served by another process ({@link StoreHost}): it connects, takes the server's
 * {@link Hello}, and builds the protocol's client from the descriptor in it.
 *
 * @param kv         the protocol's client
 * @param protocol   which store the server runs
 * @param shape      the store's key and value sizes
 * @param clientId   the slot the server gave this client
 * @param connection the connection, to close when done
 */
public record RemoteStoreClient(KvClient kv, KvProtocol protocol, KvShape shape, int clientId, RemoteQueuePair connection) implements AutoCloseable {
    /** Connects to the store at {@code server}; a full server is an error saying so. */
    public static RemoteStoreClient attach(RemoteTransport transport, InetSocketAddress server, String name) throws IOException {
        RemoteQueuePair qp = (RemoteQueuePair) transport.connect(server);
        Hello hello;
        try {
            hello = Hello.receive(transport.node(), qp);
        } catch (RuntimeException e) {
            qp.close();
            throw new IOException("the server at " + server + " accepted the connection but sent no hello: " + e.getMessage(), e);
        }
        if (hello.clientId() < 0) {
            qp.close();
            throw new IOException("the server at " + server + " has no free client slot (start it with more --max-clients)");
        }
        KvProtocol protocol = StoreDescriptor.protocol(hello.descriptor());
        KvClient kv = StoreDescriptor.client(transport.node(), qp, hello.descriptor(), hello.clientId(), name);
        return new RemoteStoreClient(kv, protocol, StoreDescriptor.shapeOf(hello.descriptor()), hello.clientId(), qp);
    }

    @Override
    public void close() {
        connection.close();
    }
}
