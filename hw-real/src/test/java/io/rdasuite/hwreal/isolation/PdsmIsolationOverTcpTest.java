package io.rdasuite.hwreal.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.auth.Secret;
import io.rdasuite.hwreal.remote.Hello;
import io.rdasuite.hwreal.remote.RemoteQueuePair;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.WorkRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pDSM's access control (paper 002 §4.1.2) between processes over TCP: a PM server process
 * ({@link PdsmSegmentHostMain}) whose monitor granted client A segment 0 and client B segment 1. Client A, and
 * clients granted nothing, reuse B's rkey (as if it leaked), guess keys next to the ones they know and at random, and
 * aim A's own key at B's addresses: every attempt is refused with REMOTE_ACCESS_ERROR and closes that connection,
 * B's connection never notices, and B's bytes read back unchanged. Without the per-connection grant a reused key
 * writes B's segment (the test fails then at "a reused key").
 */
class PdsmIsolationOverTcpTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");

    /** One connection and what the host granted it. */
    private record Client(RemoteQueuePair qp, int id, List<long[]> grants) {
        long base() {
            return grants.getFirst()[1];
        }

        int rkey() {
            return (int) grants.getFirst()[2];
        }
    }

    @Test
    void aClientReachesOnlyTheSegmentsItWasGrantedNotAnotherClientsByReusingOrGuessingItsKey(@TempDir Path dir) throws Exception {
        Secret secret = Secret.create(dir.resolve("pdsm.secret"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process host = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), PdsmSegmentHostMain.class.getName(),
                secret.file().toString()).redirectErrorStream(true).start();
        List<String> hostLog = new CopyOnWriteArrayList<>();
        try (TcpTransport transport = new TcpTransport(1, CONFIG, null, WireLimits.DEFAULTS, l -> { }, secret)) {
            BufferedReader out = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8));
            String ready = out.readLine();
            while (ready != null && !ready.startsWith("READY ")) {
                hostLog.add(ready);
                ready = out.readLine();
            }
            assertThat(ready).as("the host started: %s", hostLog).isNotNull();
            InetSocketAddress at = new InetSocketAddress("127.0.0.1", Integer.parseInt(ready.substring(6)));
            Thread.ofPlatform().daemon().start(() -> out.lines().forEach(hostLog::add));

            Client a = attach(transport, at);
            Client b = attach(transport, at);
            assertThat(List.of(a.id(), b.id())).containsExactly(PdsmSegmentHostMain.CLIENT_A, PdsmSegmentHostMain.CLIENT_B);
            assertThat(a.grants()).hasSize(1);
            assertThat(b.grants()).hasSize(1);
            assertThat(a.rkey()).isNotEqualTo(b.rkey());

            byte[] bBytes = new byte[1024];
            new Random(29).nextBytes(bBytes);
            assertThat(write(b.qp(), b.base() + 64, b.rkey(), bBytes)).isEqualTo(CompletionStatus.SUCCESS);
            assertThat(write(a.qp(), a.base() + 64, a.rkey(), new byte[1024])).as("A writes its own segment").isEqualTo(CompletionStatus.SUCCESS);

            int refusals = 0;
            // A aims its own key at B's segment: outside A's region
            assertThat(write(a.qp(), b.base() + 64, a.rkey(), new byte[64])).isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
            refusals++;
            for (int i = 0; i < 500 && a.qp().isOpen(); i++) {
                Thread.sleep(10); // the server's end of stream follows its answer
            }
            assertThat(a.qp().isOpen()).as("the refused connection is closed, as a NIC errors the QP").isFalse();
            // A reconnects: a client granted nothing now; it reuses B's key, as if it leaked
            Client stranger = attach(transport, at);
            assertThat(stranger.grants()).isEmpty();
            assertThat(write(stranger.qp(), b.base() + 64, b.rkey(), new byte[64])).as("a reused key").isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
            refusals++;
            assertThat(read(attach(transport, at).qp(), b.base() + 64, b.rkey(), 64)).as("a reused key, reading").isNull();
            refusals++;
            // guesses: next to the keys it knows (what a counter would give) and at random
            List<Integer> guesses = new ArrayList<>(List.of(a.rkey() + 1, a.rkey() - 1, a.rkey() + 2, b.rkey() + 1, b.rkey() - 1, 0x1000, 0x1001, 0x1002));
            Random random = new Random(7);
            for (int i = 0; i < 20; i++) {
                guesses.add(random.nextInt());
            }
            for (int guess : guesses) {
                assertThat(write(attach(transport, at).qp(), b.base() + 64, guess, new byte[64])).as("guessed key 0x%08x", guess)
                        .isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
                refusals++;
            }

            assertThat(b.qp().isOpen()).as("B never noticed").isTrue();
            assertThat(read(b.qp(), b.base() + 64, b.rkey(), bBytes.length)).as("B's bytes unchanged").isEqualTo(bBytes);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (closed(hostLog) < refusals && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(closed(hostLog)).as("one log line per refused attempt: %s", hostLog).isEqualTo(refusals);
            assertThat(hostLog.stream().filter(l -> l.contains("unknown rkey"))).as("a restricted key not granted is as unknown as a guess")
                    .hasSize(refusals - 1);
        } finally {
            host.destroyForcibly();
            host.waitFor();
        }
    }

    private static long closed(List<String> log) {
        return log.stream().filter(l -> l.startsWith("tcp: closed the connection from /127.0.0.1:")).count();
    }

    private static Client attach(TcpTransport transport, InetSocketAddress at) throws IOException {
        RemoteQueuePair qp = (RemoteQueuePair) transport.connect(at);
        Hello hello = Hello.receive(transport.node(), qp);
        ByteBuffer g = ByteBuffer.wrap(hello.descriptor());
        List<long[]> grants = new ArrayList<>();
        while (g.remaining() >= 20) {
            grants.add(new long[] {g.getLong(), g.getLong(), g.getInt()});
        }
        return new Client(qp, hello.clientId(), grants);
    }

    private static CompletionStatus write(RemoteQueuePair qp, long address, int rkey, byte[] bytes) {
        return qp.execute(WorkRequest.write(MemorySegment.ofArray(bytes), address, rkey)).status();
    }

    /** READ's bytes, or null when it was refused. */
    private static byte[] read(RemoteQueuePair qp, long address, int rkey, int length) {
        MemorySegment into = MemorySegment.ofArray(new byte[length]);
        CompletionStatus status = qp.execute(WorkRequest.read(into, address, rkey)).status();
        return status == CompletionStatus.SUCCESS ? into.toArray(ValueLayout.JAVA_BYTE)
                : status == CompletionStatus.REMOTE_ACCESS_ERROR ? null : new byte[0];
    }
}
