package io.rdasuite.hwreal.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.remote.RemoteQueuePair;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A connection end of a split deployment across its peer's restart, and its own process's shutdown. */
class SplitEndpointTest {
    /** A queue pair that is open until closed; every other verb is unused here. */
    private static RemoteQueuePair connection(AtomicBoolean open) {
        return (RemoteQueuePair) Proxy.newProxyInstance(RemoteQueuePair.class.getClassLoader(), new Class<?>[] {RemoteQueuePair.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "isOpen" -> open.get();
                    case "close" -> {
                        open.set(false);
                        yield null;
                    }
                    case "local", "remote" -> null;
                    case "toString" -> "connection open=" + open.get();
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /**
     * A killed server's process closes its connection ends; a peer that re-dials meanwhile must find the new connection
     * closed too. Adopted by the closed end, it stayed open to no one: the peer's end never broke, never re-dialed the
     * restarted server, and its replay waited for that connection until it gave up (SplitRejoinTest: about a third of
     * its runs on a 2-core machine at load 30-125).
     */
    @Test
    void aConnectionReDialedIntoAClosedEndIsClosed() {
        AtomicBoolean first = new AtomicBoolean(true);
        AtomicBoolean redialed = new AtomicBoolean(true);
        SplitEndpoint responder = new SplitEndpoint(connection(first), false);
        responder.close();
        responder.replace(connection(redialed));
        assertThat(first).as("the first connection").isFalse();
        assertThat(redialed).as("the connection re-dialed during the shutdown").isFalse();
    }

    @Test
    void anOpenEndCarriesOnOverTheReDialedConnection() {
        AtomicBoolean first = new AtomicBoolean(true);
        AtomicBoolean redialed = new AtomicBoolean(true);
        SplitEndpoint responder = new SplitEndpoint(connection(first), false);
        responder.replace(connection(redialed));
        assertThat(first).as("the old connection, replaced").isFalse();
        assertThat(redialed).as("the new one").isTrue();
        assertThat(responder.broken()).isFalse();
    }
}
