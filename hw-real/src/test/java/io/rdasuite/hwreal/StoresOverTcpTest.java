package io.rdasuite.hwreal;

import static io.rdasuite.hwreal.StoresOnLoopbackTest.CONFIG;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.SHAPE;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.key;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.hwreal.remote.RemoteQueuePair;
import io.rdasuite.hwreal.remote.RemoteStoreClient;
import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.hwreal.remote.StoreHost;
import io.rdasuite.hwreal.remote.StoreSize;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.protocol.KvProtocol;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stores served to other processes: the verbs over the TCP emulation, every store through {@link StoreHost}
 * and {@link RemoteStoreClient} (client and server with their own transports, as in two processes), recovery of
 * a restarted server from its PM files, and the refusal of a client beyond the server's slots.
 */
class StoresOverTcpTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final InetSocketAddress ANY = new InetSocketAddress("127.0.0.1", 0);

    @Test
    void verbsReachTheResponderMemoryInOrder() throws IOException, InterruptedException {
        try (TcpTransport server = new TcpTransport(0, CONFIG, null); TcpTransport client = new TcpTransport(1, CONFIG, null)) {
            MemoryRegion region = server.node().register(MemoryKind.DRAM, "r", 4096);
            BlockingQueue<QueuePair> accepted = new LinkedBlockingQueue<>();
            InetSocketAddress at = server.listen(ANY, accepted::add);
            QueuePair qp = client.connect(at);
            byte[] data = "hello, responder".getBytes();
            qp.post(WorkRequest.write(MemorySegment.ofArray(data), region.address(64), region.rkey()).unsignaled());
            MemorySegment back = MemorySegment.ofArray(new byte[data.length]);
            assertThat(qp.execute(WorkRequest.read(back, region.address(64), region.rkey())).ok()).isTrue();
            assertThat(back.toArray(ValueLayout.JAVA_BYTE)).isEqualTo(data); // the READ follows the unsignaled WRITE
            Completion cas = qp.execute(WorkRequest.cas(region.address(0), region.rkey(), 0, 42));
            assertThat(cas.result()).isZero();
            assertThat(qp.execute(WorkRequest.faa(region.address(0), region.rkey(), 8)).result()).isEqualTo(42);
            assertThat(qp.execute(WorkRequest.cas(region.address(0), region.rkey(), 0, 1)).result()).as("failed CAS").isEqualTo(50);
            assertThat(server.node().local(region).load8(0)).isEqualTo(50);
            assertThat(qp.execute(WorkRequest.writeAtomic(region.address(0), region.rkey(), 7)).status())
                    .isEqualTo(CompletionStatus.UNSUPPORTED_OPERATION);
            assertThat(qp.execute(WorkRequest.read(back, region.address(4090), region.rkey())).status())
                    .as("past the region's end").isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
            assertThat(qp.execute(WorkRequest.read(back, region.address(0), region.rkey())).status())
                    .as("the queue pair is in the error state, as on a NIC").isEqualTo(CompletionStatus.CONNECTION_BROKEN);
            assertThat(server.node().local(region).load8(0)).as("nothing written by the refused connection").isEqualTo(50);
            assertThat(((RemoteQueuePair) accepted.take()).isOpen()).isFalse();
            qp = client.connect(at);
            QueuePair responder = accepted.take();
            MemoryRegion inbox = server.node().register(MemoryKind.DRAM, "inbox", 256);
            responder.postReceive(inbox, 0, 256);
            qp.execute(WorkRequest.writeImm(MemorySegment.ofArray(new byte[8]), region.address(128), region.rkey(), 77));
            assertThat(responder.awaitReceive().immediate()).isEqualTo(77);
            client.close();
            assertThat(responder.awaitReceive().status()).as("peer gone").isEqualTo(CompletionStatus.CONNECTION_BROKEN);
        }
    }

    @Test
    void everyStoreServesTwoRemoteClients() throws IOException {
        everyStoreServesTwoRemoteClients(() -> new TcpTransport(0, CONFIG, null), () -> new TcpTransport(1, CONFIG, null), ANY);
    }

    /** Every store, served by one transport and used by two clients through another (also run over DiSNI). */
    static void everyStoreServesTwoRemoteClients(Supplier<RemoteTransport> serverSide, Supplier<RemoteTransport> clientSide,
                                                 InetSocketAddress listen) throws IOException {
        for (KvProtocol p : StoresOnLoopbackTest.STORES) {
            try (RemoteTransport server = serverSide.get(); RemoteTransport clients = clientSide.get();
                 StoreHost host = StoreHost.start(server, p, new StoreSize(SHAPE, 2, 64, 4096), false, QUIET)) {
                InetSocketAddress at = host.listen(listen);
                RemoteStoreClient a = RemoteStoreClient.attach(clients, at, "a");
                RemoteStoreClient b = RemoteStoreClient.attach(clients, at, "b");
                assertThat(a.protocol()).isEqualTo(p);
                assertThat(a.clientId()).isNotEqualTo(b.clientId());
                for (int v = 1; v <= 10; v++) {
                    for (int k = 0; k < 8; k++) {
                        assertThat((k % 2 == 0 ? a : b).kv().put(key(k), value(k, v))).isTrue();
                    }
                }
                assertThat(a.kv().delete(key(5))).isTrue();
                for (int k = 0; k < 8; k++) {
                    byte[] got = (k % 2 == 0 ? a : b).kv().get(key(k));
                    if (k == 5) {
                        assertThat(got).as("%s: deleted", p).isNull();
                    } else {
                        assertThat(got).as("%s: key %d read back by its writer", p, k).isEqualTo(value(k, 10));
                    }
                }
            }
        }
    }

    @Test
    void aFullServerRefusesAndAFreedSlotIsReused() throws IOException {
        try (TcpTransport server = new TcpTransport(0, CONFIG, null); TcpTransport clients = new TcpTransport(1, CONFIG, null);
             StoreHost host = StoreHost.start(server, ErdaProtocol.ERDA, new StoreSize(SHAPE, 1, 64, 4096), false, QUIET)) {
            InetSocketAddress at = host.listen(ANY);
            RemoteStoreClient first = RemoteStoreClient.attach(clients, at, "first");
            first.kv().put(key(1), value(1, 1));
            assertThatThrownBy(() -> RemoteStoreClient.attach(clients, at, "second"))
                    .isInstanceOf(IOException.class).hasMessageContaining("no free client slot");
            first.close();
            AtomicReference<RemoteStoreClient> third = new AtomicReference<>();
            for (int attempt = 0; third.get() == null; attempt++) { // the server notices the closed socket asynchronously
                try {
                    third.set(RemoteStoreClient.attach(clients, at, "third-" + attempt));
                } catch (IOException e) {
                    assertThat(attempt).as("slot never freed").isLessThan(1000);
                }
            }
            assertThat(third.get().kv().get(key(1))).isEqualTo(value(1, 1));
        }
    }

    @Test
    void aRestartedServerRecoversFromItsPmFiles(@TempDir Path dir) throws IOException {
        for (KvProtocol p : new KvProtocol[] {ErdaProtocol.ERDA, BaselineProtocol.REDO, EfProtocol.EFACTORY}) {
            Path files = dir.resolve(p.cliName());
            StoreSize size = new StoreSize(SHAPE, 2, 64, 4096);
            try (MappedFilePm pm = new MappedFilePm(files); TcpTransport server = new TcpTransport(0, CONFIG, pm);
                 TcpTransport clients = new TcpTransport(1, CONFIG, null); StoreHost host = StoreHost.start(server, p, size, false, QUIET)) {
                KvClient kv = RemoteStoreClient.attach(clients, host.listen(ANY), "w").kv();
                for (int v = 1; v <= 3; v++) {
                    for (int k = 0; k < 16; k++) {
                        kv.put(key(k), value(k, v));
                    }
                }
                assertThat(kv.get(key(15))).isEqualTo(value(15, 3)); // eFactory: the background thread persisted the writes before
            }
            try (MappedFilePm pm = new MappedFilePm(files); TcpTransport server = new TcpTransport(0, CONFIG, pm);
                 TcpTransport clients = new TcpTransport(1, CONFIG, null); StoreHost host = StoreHost.start(server, p, size, true, QUIET)) {
                KvClient kv = RemoteStoreClient.attach(clients, host.listen(ANY), "r").kv();
                for (int k = 0; k < 16; k++) {
                    byte[] got = kv.get(key(k));
                    if (p == EfProtocol.EFACTORY) {
                        assertThat(got).as("%s key %d: a value some put wrote", p, k).isIn(null, value(k, 1), value(k, 2), value(k, 3));
                    } else {
                        assertThat(got).as("%s key %d", p, k).isEqualTo(value(k, 3));
                    }
                }
            }
        }
    }

    @Test
    void badAddressesNameTheExpectedForm() {
        assertThatThrownBy(() -> RemoteTransport.address("localhost")).hasMessageContaining("host:port");
        assertThatThrownBy(() -> RemoteTransport.address("h:99999")).hasMessageContaining("0..65535");
        assertThat(RemoteTransport.address("127.0.0.1:7000").getPort()).isEqualTo(7000);
    }
}
