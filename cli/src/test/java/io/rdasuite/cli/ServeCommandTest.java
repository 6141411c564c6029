package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdasuite.hwreal.disni.DisniSupport;
import io.rdasuite.hwreal.remote.RemoteCheck;
import io.rdasuite.hwreal.remote.StoreHost;
import io.rdasuite.hwreal.remote.StoreSize;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
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
        assertThat(rda("serve", "--role", "monitor", "--pdkvs").err()).contains("--pdkvs goes with --role pdsm-server");
        assertThat(rda("serve", "--role", "monitor", "--pdfs").err()).contains("--pdfs goes with --role pdsm-server");
        assertThat(rda("serve", "--role", "pdsm-server", "--pdkvs", "--pdfs").err()).contains("--pdkvs or --pdfs, not both");
        assertThat(rda("serve", "--role", "pdsm-server", "--pdkvs", "--pdsm-servers", "127.0.0.1:21990,127.0.0.1:21992", "--pdsm-monitor-node",
                "127.0.0.1:21994", "--pdsm-clients", "127.0.0.1:21996", "--monitors", "127.0.0.1:21998", "--pm", "x").err())
                .contains("--pdkvs goes with --pdsm-client");
        assertThat(rda("thdpms-client", "--store", "cceh", "--pdsm-servers", "127.0.0.1:21990,127.0.0.1:21992", "--monitors", "127.0.0.1:21998").err()).contains("unknown value 'cceh'").contains("kv, pdkvs, pdfs, txn");
        assertThat(rda("serve").err()).contains("Missing required option: '--fabric=<fabric>'");
    }

    @Test
    void aPdsmServerRefusesAUsedDirectoryThatIsNoPmServers(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("notes.txt"), "someone else's");
        RdaRun r = rda("serve", "--role", "pdsm-server", "--pdsm-servers", "127.0.0.1:21990,127.0.0.1:21992", "--pdsm-client", "127.0.0.1:21994",
                "--monitors", "127.0.0.1:21996", "--index", "0", "--pm", dir.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("neither empty").contains("regions.keys").contains("nothing was changed");
        assertThat(dir.toFile().list()).containsExactly("notes.txt");
    }

    @Test
    void disniWithoutAnRdmaDeviceSaysWhatIsMissing() {
        org.junit.jupiter.api.Assumptions.assumeTrue(DisniSupport.missing().isPresent(), "this machine can run DiSNI");
        RdaRun r = rda("serve", "--fabric", "disni", "--listen", "127.0.0.1:7999");
        assertThat(r.exitCode()).as("the environment, not the usage (docs/COMMANDS.md, the contract)").isEqualTo(Errors.EXIT_ENVIRONMENT);
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
             StoreHost host = StoreHost.start(server, ErdaProtocol.ERDA, new StoreSize(new KvShape(16, 128), 3, 64, 512), false,
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
        RdaRun sideways = rda("check", "--fabric", "tcp", "--servers", "127.0.0.1:1", "--phase", "sideways", "--history", "/nonexistent/h");
        assertThat(sideways.exitCode()).isEqualTo(2);
        assertThat(sideways.err()).contains("valid: write, verify, campaign");
        RdaRun endless = rda("check", "--fabric", "tcp", "--servers", "127.0.0.1:1", "--phase", "campaign", "--history", "/nonexistent/h");
        assertThat(endless.exitCode()).isEqualTo(2);
        assertThat(endless.err()).contains("--phase campaign needs --until FILE");
    }

    @Test
    void benchYcsbDrivesAServedStoreInWallClockTime() throws Exception {
        try (TcpTransport server = new TcpTransport(0, CONFIG, null);
             StoreHost host = StoreHost.start(server, EfProtocol.EFACTORY, new StoreSize(new KvShape(16, 512), 4, 256, 4096), false,
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

    /** The lines of a history file (0 before it exists). */
    private static long lines(Path history) throws java.io.IOException {
        if (!Files.exists(history)) {
            return 0;
        }
        try (var lines = Files.lines(history)) {
            return lines.count();
        }
    }

    /** How many distinct keys have an acknowledged put in a history file written by {@code RemoteCheck}, past its first {@code skip} lines. */
    private static long keysAcknowledged(Path history, long skip) throws java.io.IOException {
        if (!Files.exists(history)) {
            return 0;
        }
        try (var lines = Files.lines(history)) {
            return lines.skip(skip).filter(l -> l.startsWith("{\"type\":\"ok\"") && l.contains("\"f\":\"put\""))
                    .map(l -> l.substring(l.indexOf("\"key\":"), l.indexOf(",\"value\""))).distinct().count();
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
                long earlier = lines(history);
                Thread killer = Thread.ofPlatform().start(() -> {
                    try {
                        // Kill once every one of the 8 keys has an acknowledged put in this cycle, not after a fixed
                        // time: on a loaded machine a fixed moment can fall before the writers attach.
                        while (keysAcknowledged(history, earlier) < 8) {
                            Thread.sleep(20);
                        }
                    } catch (InterruptedException | java.io.IOException ignored) {
                        // kill now
                    }
                    server.destroyForcibly();
                });
                RemoteCheck.Written w = RemoteCheck.write(client, at, 2, 4, 1_000_000, cycle, history);
                killer.interrupt(); // the writers stopped on their own: stop waiting (the assertions below say why)
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

    @Test
    void beyondLoopbackASecretIsRequiredAndAFileOthersCanReadIsRefused(@TempDir Path dir) throws Exception {
        RdaRun open = rda("serve", "--fabric", "tcp", "--listen", "0.0.0.0:0");
        assertThat(open.exitCode()).isEqualTo(2);
        assertThat(open.err()).contains("refusing to listen on 0.0.0.0:0 (beyond loopback) without a secret").contains("give --secret-file PATH");
        Path loose = dir.resolve("loose.secret");
        Files.writeString(loose, "00112233445566778899aabbccddeeff\n");
        Files.setPosixFilePermissions(loose, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        RdaRun readable = rda("serve", "--fabric", "tcp", "--listen", "0.0.0.0:0", "--secret-file", loose.toString());
        assertThat(readable.exitCode()).isEqualTo(2);
        assertThat(readable.err()).contains("secret file " + loose + " is accessible by group or others (mode rw-r-----)")
                .contains("chmod 600 " + loose);
        RdaRun disni = rda("serve", "--fabric", "disni", "--listen", "127.0.0.1:0", "--secret-file", dir.resolve("made.secret").toString());
        assertThat(disni.exitCode()).isEqualTo(2);
        assertThat(disni.err()).contains("the disni fabric cannot check --secret-file");
        RdaRun missing = rda("serve-status", "127.0.0.1:1", "--secret-file", dir.resolve("nowhere.secret").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("--secret-file: " + dir.resolve("nowhere.secret")).contains("copy the one");
    }

    /** A real rda serve process with a secret it made: clients with a copy are served, clients without are refused on both sides. */
    @Test
    void aServeProcessWithASecretServesOnlyClientsWithACopy(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path secret = dir.resolve("rda.secret");
        StringBuilder log = new StringBuilder();
        Process server = serve(dir.resolve("pm"), port, log, "--secret-file", secret.toString());
        try {
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(secret))).isEqualTo("rw-------");
            assertThat(log).contains("clients must prove they hold the secret of --secret-file " + secret);
            String at = "127.0.0.1:" + port;
            RdaRun with = rda("check", "--fabric", "tcp", "--servers", at, "--secret-file", secret.toString(), "--ops", "40",
                    "--history", dir.resolve("h.jsonl").toString());
            assertThat(with.exitCode()).as(with.err()).isZero();
            assertThat(with.out()).contains("puts acknowledged");
            RdaRun without = rda("bench", "ycsb", "--fabric", "tcp", "--servers", at, "--ops", "10", "--records", "10");
            assertThat(without.exitCode()).isEqualTo(4);
            assertThat(without.err()).contains("server refused: it requires a secret").contains("give --secret-file");
            Path other = dir.resolve("other.secret");
            io.rdasuite.hwreal.auth.Secret.create(other);
            RdaRun wrong = rda("serve-status", at, "--secret-file", other.toString());
            assertThat(wrong.exitCode()).isEqualTo(4);
            assertThat(wrong.err()).contains("server refused: wrong secret (--secret-file " + other + ")");
            RdaRun status = rda("serve-status", at, "--secret-file", secret.toString());
            assertThat(status.exitCode()).as(status.err()).isZero();
            JsonNode json = new ObjectMapper().readTree(status.out());
            assertThat(json.get("secretsRefused").asInt()).isEqualTo(2);
            assertThat(json.get("clientSlotsInUse").asInt()).isZero();
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    private static Process serve(Path pm, int port) throws Exception {
        return serve(pm, port, new StringBuilder());
    }

    private static Process serve(Path pm, int port, StringBuilder seen, String... more) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Rda.class.getName(), "serve", "--fabric", "tcp", "--listen", "127.0.0.1:" + port, "--protocol", "erda", "--pm", pm.toString(),
                "--value-size", "128", "--keys", "256"));
        cmd.addAll(List.of(more));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream()));
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
