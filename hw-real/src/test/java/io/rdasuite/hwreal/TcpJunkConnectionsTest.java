package io.rdasuite.hwreal;

import static io.rdasuite.hwreal.StoresOnLoopbackTest.CONFIG;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.SHAPE;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.key;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.value;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.remote.RemoteStoreClient;
import io.rdasuite.hwreal.remote.StoreHost;
import io.rdasuite.hwreal.remote.StoreSize;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.hwreal.wire.FrameCodec;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Issue 29's wedge, in one process: junk connections (random bytes, silence, a hello then silence, a frame cut
 * short) are each closed with one log line and leave every client slot free; a real client attaches afterwards
 * and its data is intact.
 */
class TcpJunkConnectionsTest {
    private static final InetSocketAddress ANY = new InetSocketAddress("127.0.0.1", 0);
    private static final WireLimits SHORT = WireLimits.DEFAULTS.withTimeouts(Duration.ofMillis(300), Duration.ofMillis(800));

    @Test
    void junkConnectionsAreClosedOneLogLineEachAndFreeTheirSlots() throws IOException {
        List<String> log = new CopyOnWriteArrayList<>();
        java.io.ByteArrayOutputStream hostLog = new java.io.ByteArrayOutputStream();
        try (TcpTransport server = new TcpTransport(0, CONFIG, null, SHORT, log::add);
             TcpTransport clients = new TcpTransport(1, CONFIG, null);
             StoreHost host = StoreHost.start(server, ErdaProtocol.ERDA, new StoreSize(SHAPE, 2, 64, 4096), false, new PrintStream(hostLog, true))) {
            InetSocketAddress at = host.listen(ANY);
            RemoteStoreClient first = RemoteStoreClient.attach(clients, at, "first");
            assertThat(first.kv().put(key(1), value(1, 1))).isTrue();
            Random random = new Random(29);
            int junk = 40; // more than the 30 that used to take all 16 slots
            for (int i = 0; i < junk; i++) {
                byte[] bytes = new byte[1 + random.nextInt(64)];
                random.nextBytes(bytes);
                assertThat(closedByServer(at, bytes)).as("random bytes, connection %d", i).isTrue();
            }
            int afterRandom = log.size();
            assertThat(afterRandom).as("one line per junk connection: %s", log).isEqualTo(junk);
            assertThat(closedByServer(at, new byte[0])).as("silence: closed at the hello deadline").isTrue();
            assertThat(log.get(afterRandom)).contains("no hello within 300 ms");
            byte[] hello = FrameCodec.hello(12345, Frame.Purpose.QUEUE_PAIR, 60_000);
            for (int i = 0; i < 4; i++) { // twice the slots: none is kept by a peer that never takes the store's hello
                assertThat(closedByServer(at, hello)).as("a hello, then silence: closed at the store hello's deadline").isTrue();
            }
            // each is closed with one line: the store's hello deadline (300 ms), or, when a loaded machine wakes that
            // deadline's thread late, the transport's idle timeout (800 ms) first (seen once in .ci/run at load)
            long storeHello = hostLog.toString().lines().filter(l -> l.contains("did not take its hello within 300 ms")).count();
            long idle = log.stream().skip(afterRandom + 1).filter(l -> l.contains("nothing heard for 800 ms")).count();
            assertThat(storeHello + idle).as("one line per silent hello: %s %s", hostLog, log).isEqualTo(4);
            for (int i = 0; i < 3; i++) { // the slot of the hello's queue pair, then a second client's
                RemoteStoreClient second = RemoteStoreClient.attach(clients, at, "second-" + i);
                assertThat(second.kv().get(key(1))).isEqualTo(value(1, 1));
                second.close();
            }
            assertThat(first.kv().get(key(1))).as("the first client never noticed").isEqualTo(value(1, 1));
            first.close();
            assertThat(host.slotsInUse()).as("every slot free once its clients closed").isZero();
            String status = TcpTransport.status(at, true, WireLimits.DEFAULTS);
            assertThat(status).contains("\"clientSlotsInUse\":0").contains("\"hellosRefused\":41")
                    .contains("\"regionsCrc32c\":");
        }
    }

    /** A queue pair that says nothing after its hello, or stops inside a frame, is closed when idle. */
    @Test
    void silentQueuePairsAreClosedWhenIdle() throws IOException {
        List<String> log = new CopyOnWriteArrayList<>();
        try (TcpTransport server = new TcpTransport(0, CONFIG, null, SHORT, log::add)) {
            InetSocketAddress at = server.listen(ANY, qp -> { });
            byte[] hello = FrameCodec.hello(12345, Frame.Purpose.QUEUE_PAIR, 60_000);
            assertThat(closedByServer(at, hello)).as("a hello, then silence").isTrue();
            assertThat(closedByServer(at, concat(hello, new byte[] {0, 0, 0, 29, 1}))).as("a frame cut short, then silence").isTrue();
            assertThat(log).hasSize(2).allMatch(l -> l.contains("nothing heard for 800 ms (idle or half-open)"));
            assertThat(TcpTransport.status(at, false, WireLimits.DEFAULTS)).contains("\"idleTimeouts\":2").contains("\"connectionsOpen\":0");
        }
    }

    /** A peer that asks for READs and never reads the answers: the server's writer stalls, and the connection is closed. */
    @Test
    void aPeerThatStopsReadingIsClosedAndOthersCarryOn() throws IOException {
        List<String> log = new CopyOnWriteArrayList<>();
        try (TcpTransport server = new TcpTransport(0, CONFIG, null, SHORT, log::add);
             TcpTransport clients = new TcpTransport(1, CONFIG, null)) {
            MemoryRegion region = server.node().register(MemoryKind.DRAM, "big", 1 << 20);
            java.util.concurrent.BlockingQueue<QueuePair> accepted = new java.util.concurrent.LinkedBlockingQueue<>();
            InetSocketAddress at = server.listen(ANY, accepted::add);
            QueuePair good = clients.connect(at);
            try (Socket s = new Socket()) {
                s.connect(at, 10_000);
                s.setReceiveBufferSize(4096);
                OutputStream out = s.getOutputStream();
                out.write(FrameCodec.hello(777, Frame.Purpose.QUEUE_PAIR, 60_000));
                byte[] reply = s.getInputStream().readNBytes(19);
                int qpn = java.nio.ByteBuffer.wrap(reply, 5, 4).getInt();
                boolean closed = false;
                for (long id = 1; id < 10_000_000 && !closed; id++) { // 330 MB of requests: our writes block once both ends' buffers fill
                    try {
                        out.write(FrameCodec.request(qpn, new Frame.Request(io.rdasuite.store.fabric.Opcode.READ, id, region.baseAddress(),
                                region.rkey(), 0, 0, 0, null, 1 << 20)));
                    } catch (IOException e) {
                        closed = true;
                    }
                }
                assertThat(closed).as("the server closed the connection of the peer that reads nothing").isTrue();
            }
            assertThat(log).anyMatch(l -> l.contains("read none of our frames"));
            byte[] b = new byte[8];
            assertThat(good.execute(WorkRequest.read(java.lang.foreign.MemorySegment.ofArray(b), region.baseAddress(), region.rkey())).ok())
                    .as("another client carries on").isTrue();
        }
    }

    /** Connects, sends {@code bytes}, and reads until the server closes: true when it did (end of stream or reset). */
    private static boolean closedByServer(InetSocketAddress at, byte[] bytes) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(at, 10_000);
            s.setSoTimeout(60_000); // a failsafe only: the server's own deadlines close the connection long before
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            try {
                while (in.read() >= 0) {
                    // the server's hello and anything after it
                }
            } catch (java.net.SocketException reset) {
                return true;
            }
            return true;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
