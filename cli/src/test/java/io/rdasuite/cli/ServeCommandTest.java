package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdasuite.hwreal.disni.DisniSupport;
import io.rdasuite.hwreal.remote.RemoteCheck;
import io.rdasuite.hwreal.remote.StoreHost;
import io.rdasuite.hwreal.remote.StoreSize;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rda serve} and the {@code --fabric/--servers} options: bad input is refused with the valid choices, data untouched; a served store is driven, killed and recovered. */
class ServeCommandTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+PM-RQWRB");


    private static RdaRun rda(String... args) {
        return RdaRun.of(args);
    }

    @Test
    void anUnknownFabricNamesTheValidOnes() {
        RdaRun r = rda("serve", "--fabric", "infiniband", "--listen", "127.0.0.1:0");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("unknown fabric 'infiniband'").contains("disni, tcp");
        assertThat(rda("serve", "--fabric", "tcp", "--listen", "nowhere").err()).contains("host:port");
    }

    @Test
    void theRolesOtherThanTheStoreSayWhatTheyNeed() {
        assertThat(rda("serve", "--role", "cook").err()).contains("unknown value 'cook'").contains("store, monitor, pdsm-server");
        assertThat(rda("serve", "--role", "monitor", "--monitors", "127.0.0.1:1").err()).contains("odd number");
        assertThat(rda("serve", "--role", "monitor", "--monitors", "127.0.0.1:1,127.0.0.1:2,10.1.1.1:3", "--pm", "x").err())
                .contains("not a loopback address");
        assertThat(rda("serve", "--role", "pdsm-server").err()).contains("needs --pdsm-servers");
        assertThat(rda("serve").err()).contains("Missing required option: '--fabric=<fabric>'");
    }

    @Test
    void disniWithoutAnRdmaDeviceSaysWhatIsMissing() {
        org.junit.jupiter.api.Assumptions.assumeTrue(DisniSupport.missing().isPresent(), "this machine can run DiSNI");
        RdaRun r = rda("serve", "--fabric", "disni", "--listen", "127.0.0.1:7999");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("cannot run here").contains("RDMA device");
    }

    @Test
    void aRestartWithOtherOptionsIsRefusedAndTheStoreIsLeftAsItWas(@TempDir Path dir) throws Exception {
        new StoreManifest("erda", 16, 1024, 16, 10000, 80000).write(dir);
        Path data = dir.resolve("n0-erda-table");
        Files.write(data, new byte[] {1, 2, 3, 4});
        RdaRun r = rda("serve", "--fabric", "tcp", "--listen", "127.0.0.1:0", "--protocol", "redo", "--pm", dir.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("refusing to serve").contains("protocol=erda").contains("nothing was changed");
        assertThat(Files.readAllBytes(data)).containsExactly(1, 2, 3, 4);
        assertThat(Files.list(dir).count()).isEqualTo(2);
        Path stranger = Files.createDirectories(dir.resolve("other"));
        Files.writeString(stranger.resolve("precious.txt"), "keep me");
        RdaRun s = rda("serve", "--fabric", "tcp", "--listen", "127.0.0.1:0", "--pm", stranger.toString());
        assertThat(s.exitCode()).isNotZero();
        assertThat(Files.list(stranger).toList()).containsExactly(stranger.resolve("precious.txt"));
    }

    @Test
    void serveStatusReportsTheSlotsAndSaysWhenNoServerAnswers() throws Exception {
        try (TcpTransport server = new TcpTransport(0, CONFIG, null);
             StoreHost host = StoreHost.start(server, KvProtocol.ERDA, new StoreSize(new KvShape(16, 128), 3, 64, 512), false,
                     new PrintStream(OutputStream.nullOutputStream()))) {
            InetSocketAddress at = host.listen(new InetSocketAddress("127.0.0.1", 0));
            RdaRun r = rda("serve-status", "127.0.0.1:" + at.getPort(), "--checksum");
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode status = new ObjectMapper().readTree(r.out());
            assertThat(status.get("protocol").asText()).isEqualTo("erda");
            assertThat(status.get("clientSlots").asInt()).isEqualTo(3);
            assertThat(status.get("clientSlotsInUse").asInt()).as("a status hello takes no slot").isZero();
            assertThat(status.has("regionsCrc32c")).isTrue();
        }
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        RdaRun none = rda("serve-status", "127.0.0.1:" + closed);
        assertThat(none.exitCode()).isEqualTo(4);
        assertThat(none.err()).contains("cannot get the status of 127.0.0.1:" + closed).contains("is 'rda serve --fabric tcp' running there?");
        assertThat(rda("serve-status", "nowhere").exitCode()).isEqualTo(2);
    }

    @Test
    void serversNeedARemoteFabricAndARemoteFabricNeedsServers() {
        assertThat(rda("bench", "ycsb", "--servers", "127.0.0.1:1").err()).contains("--servers needs --fabric tcp or --fabric disni");
        assertThat(rda("bench", "ycsb", "--fabric", "tcp").err()).contains("needs --servers");
        assertThat(rda("check", "--fabric", "tcp", "--servers", "127.0.0.1:1", "--phase", "sideways", "--history", "/nonexistent/h").exitCode())
                .isNotZero();
    }

    @Test
    void benchYcsbDrivesAServedStoreInWallClockTime() throws Exception {
        try (TcpTransport server = new TcpTransport(0, CONFIG, null);
             StoreHost host = StoreHost.start(server, KvProtocol.EFACTORY, new StoreSize(new KvShape(16, 512), 4, 256, 4096), false,
                     new PrintStream(OutputStream.nullOutputStream()))) {
            InetSocketAddress at = host.listen(new InetSocketAddress("127.0.0.1", 0));
            RdaRun r = rda("bench", "ycsb", "--fabric", "tcp", "--servers", "127.0.0.1:" + at.getPort(), "--workload", "B", "--clients", "2",
                    "--ops", "300", "--records", "100", "--json");
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode row = new ObjectMapper().readTree(r.out()).get("results").get(0);
            assertThat(row.get("protocol").asText()).isEqualTo("efactory");
            assertThat(row.get("valueSize").asInt()).as("the server's value size").isEqualTo(512);
            assertThat(row.get("failedReads").asLong()).isZero();
            assertThat(row.get("throughputOpsPerSecond").asLong()).isPositive();
        }
    }

    /** A real rda serve process, SIGKILLed in the middle of a write phase, restarted on its PM files: nothing acknowledged is lost. */
    @Test
    void aServeProcessKilledMidWriteRecoversEveryAcknowledgedPut(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path history = dir.resolve("history.jsonl");
        InetSocketAddress at = new InetSocketAddress("127.0.0.1", port);
        for (int cycle = 0; cycle < 2; cycle++) {
            Process server = serve(dir.resolve("pm"), port);
            try (TcpTransport client = new TcpTransport(1, CONFIG, null)) {
                if (cycle > 0) {
                    assertThat(RemoteCheck.verify(client, at, history, 10_000, true).problems()).isEmpty();
                }
                Thread killer = Thread.ofPlatform().start(() -> {
                    try {
                        Thread.sleep(700); // the moment varies with the machine's speed; the check holds at any moment
                    } catch (InterruptedException ignored) {
                        // kill now
                    }
                    server.destroyForcibly();
                });
                RemoteCheck.Written w = RemoteCheck.write(client, at, 2, 4, 1_000_000, cycle, history);
                killer.join();
                assertThat(w.serverLost()).isTrue();
                assertThat(w.acknowledged()).isPositive();
            } finally {
                server.destroyForcibly().waitFor();
            }
        }
        Process server = serve(dir.resolve("pm"), port);
        try (TcpTransport client = new TcpTransport(1, CONFIG, null)) {
            RemoteCheck.Verified v = RemoteCheck.verify(client, at, history, 10_000, true);
            assertThat(v.keys()).isEqualTo(8);
            assertThat(v.problems()).isEmpty();
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    private static Process serve(Path pm, int port) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Rda.class.getName(), "serve", "--fabric", "tcp", "--listen", "127.0.0.1:" + port, "--protocol", "erda", "--pm", pm.toString(),
                "--value-size", "128", "--keys", "256")).redirectErrorStream(true).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream()));
        StringBuilder seen = new StringBuilder();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            seen.append(line).append('\n');
            if (line.equals("READY")) {
                Thread.ofPlatform().daemon().start(() -> lines.lines().forEach(l -> { })); // keep draining
                return p;
            }
        }
        throw new AssertionError("rda serve exited before READY:\n" + seen);
    }
}
