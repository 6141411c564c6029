package io.rdasuite.hwreal;

import static io.rdasuite.hwreal.StoresOnLoopbackTest.CONFIG;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.SHAPE;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.key;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.hwreal.auth.HelloProof;
import io.rdasuite.hwreal.auth.Secret;
import io.rdasuite.hwreal.remote.RemoteStoreClient;
import io.rdasuite.hwreal.remote.StoreHost;
import io.rdasuite.hwreal.remote.StoreSize;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.hwreal.wire.FrameCodec;
import io.rdasuite.hwreal.wire.FrameDecoder;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.erda.ErdaProtocol;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, item 2: a served store admits only clients that prove they hold its secret, the proof is bound to the
 * server's fresh nonce (a recorded one is refused), the server proves the secret back, a refused client takes no
 * slot and changes no stored byte, and both ends say why in words.
 */
class SecretHelloTest {
    private static final InetSocketAddress ANY = new InetSocketAddress("127.0.0.1", 0);

    /** A served Erda store with two client slots and its log. */
    private record Served(TcpTransport transport, StoreHost host, InetSocketAddress at, List<String> log) implements AutoCloseable {
        static Served start(Secret secret) throws IOException {
            List<String> log = new CopyOnWriteArrayList<>();
            TcpTransport t = new TcpTransport(0, CONFIG, null, WireLimits.DEFAULTS, log::add, secret);
            StoreHost host = StoreHost.start(t, ErdaProtocol.ERDA, new StoreSize(SHAPE, 2, 64, 4096), false,
                    new PrintStream(OutputStream.nullOutputStream()));
            return new Served(t, host, host.listen(ANY), log);
        }

        @Override
        public void close() {
            host.close();
        }
    }

    private static TcpTransport client(Secret secret) {
        return new TcpTransport(1, CONFIG, null, WireLimits.DEFAULTS, l -> { }, secret);
    }

    @Test
    void theRightSecretServesAndAWrongOrMissingOneIsRefusedOnBothSidesTouchingNothing(@TempDir Path dir) throws IOException {
        Secret secret = Secret.create(dir.resolve("server.secret"));
        Secret other = Secret.create(dir.resolve("other.secret"));
        try (Served s = Served.start(secret); TcpTransport good = client(secret); TcpTransport wrong = client(other);
             TcpTransport none = client(null)) {
            RemoteStoreClient first = RemoteStoreClient.attach(good, s.at(), "first");
            assertThat(first.kv().put(key(1), value(1, 1))).isTrue();
            String crc = crc(TcpTransport.status(s.at(), true, WireLimits.DEFAULTS, secret));
            for (int i = 0; i < 3; i++) { // more refused clients than slots: none keeps one
                assertThatThrownBy(() -> RemoteStoreClient.attach(wrong, s.at(), "wrong"))
                        .hasMessage("server refused: wrong secret (--secret-file " + other.file() + ")");
                assertThatThrownBy(() -> RemoteStoreClient.attach(none, s.at(), "none"))
                        .hasMessageStartingWith("server refused: it requires a secret (no secret given); give --secret-file");
            }
            assertThatThrownBy(() -> TcpTransport.status(s.at(), false, WireLimits.DEFAULTS, null)).hasMessageContaining("server refused");
            assertThat(s.log()).as("one line per refused client, naming the peer").hasSize(7).allMatch(l -> l.contains("refused the connection from /127.0.0.1:"));
            assertThat(s.log().stream().filter(l -> l.contains(": wrong secret (the client's proof does not match --secret-file " + secret.file() + ")")))
                    .hasSize(3);
            assertThat(s.log().stream().filter(l -> l.contains(": no secret given (this server requires the secret of --secret-file " + secret.file() + ")")))
                    .hasSize(4);
            String status = TcpTransport.status(s.at(), true, WireLimits.DEFAULTS, secret);
            assertThat(crc(status)).as("no stored byte changed").isEqualTo(crc);
            assertThat(status).contains("\"secretsRefused\":7").contains("\"clientSlotsInUse\":1");
            RemoteStoreClient second = RemoteStoreClient.attach(good, s.at(), "second");
            assertThat(second.kv().get(key(1))).as("a second slot was still free").isEqualTo(value(1, 1));
            second.close();
            first.close();
        }
    }

    @Test
    void aRecordedProofIsRefusedOnTheNextConnection(@TempDir Path dir) throws IOException {
        Secret secret = Secret.create(dir.resolve("s"));
        try (Served s = Served.start(secret)) {
            byte[] hello = FrameCodec.hello(77, Frame.Purpose.STATUS, 60_000);
            byte[] recorded;
            byte[] firstNonce;
            try (Socket c = new Socket(s.at().getAddress(), s.at().getPort())) {
                DataInputStream in = new DataInputStream(c.getInputStream());
                c.getOutputStream().write(hello);
                Frame.Handshake server = FrameDecoder.decodeHello(ByteBuffer.wrap(frame(in)));
                assertThat(server.secretRequired()).isTrue();
                firstNonce = server.nonce();
                recorded = HelloProof.client(secret, server.body(), Arrays.copyOfRange(hello, 4, hello.length));
                c.getOutputStream().write(FrameCodec.proof(server.qpn(), recorded));
                Frame answer = FrameDecoder.decodeProof(ByteBuffer.wrap(frame(in)), 77);
                assertThat(answer).as("the live proof is accepted").isInstanceOf(Frame.Proof.class);
                assertThat(((Frame.Proof) answer).proof()).as("and the server proves the secret back")
                        .isEqualTo(HelloProof.server(secret, server.body(), Arrays.copyOfRange(hello, 4, hello.length)));
            } catch (io.rdasuite.hwreal.wire.WireViolation v) {
                throw new AssertionError(v);
            }
            try (Socket c = new Socket(s.at().getAddress(), s.at().getPort())) {
                DataInputStream in = new DataInputStream(c.getInputStream());
                c.getOutputStream().write(hello); // the same hello, byte for byte
                Frame.Handshake server = FrameDecoder.decodeHello(ByteBuffer.wrap(frame(in)));
                assertThat(server.nonce()).as("a fresh nonce").isNotEqualTo(firstNonce);
                c.getOutputStream().write(FrameCodec.proof(server.qpn(), recorded));
                Frame answer = FrameDecoder.decodeProof(ByteBuffer.wrap(frame(in)), 77);
                assertThat(answer).isEqualTo(new Frame.Refusal("wrong secret"));
                assertThat(in.read()).as("then closed").isEqualTo(-1);
            } catch (io.rdasuite.hwreal.wire.WireViolation v) {
                throw new AssertionError(v);
            }
            assertThat(s.log()).hasSize(1).allMatch(l -> l.contains("wrong secret"));
        }
    }

    @Test
    void aClientWithASecretTrustsOnlyAServerThatProvesIt(@TempDir Path dir) throws Exception {
        Secret secret = Secret.create(dir.resolve("s"));
        try (Served open = Served.start(null); TcpTransport c = client(secret)) {
            assertThatThrownBy(() -> c.connect(open.at())).hasMessageContaining("asks for no secret").hasMessageContaining("--secret-file " + secret.file());
        }
        // an impostor that asks for a proof and answers with a made-up one
        try (ServerSocket impostor = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress()); TcpTransport c = client(secret)) {
            Thread fake = Thread.ofPlatform().daemon().start(() -> {
                try (Socket s = impostor.accept()) {
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    Frame.Handshake h = FrameDecoder.decodeHello(ByteBuffer.wrap(frame(in)));
                    s.getOutputStream().write(FrameCodec.hello(5, h.purpose(), 60_000, HelloProof.nonce(), true));
                    frame(in);
                    s.getOutputStream().write(FrameCodec.proof(h.qpn(), new byte[HelloProof.PROOF_BYTES]));
                    in.read();
                } catch (Exception ignored) {
                    // the client hung up
                }
            });
            assertThatThrownBy(() -> c.connect(new InetSocketAddress("127.0.0.1", impostor.getLocalPort())))
                    .hasMessageContaining("does not prove it holds the secret of --secret-file " + secret.file());
            fake.join(5000);
        }
    }

    @Test
    void aPeerOfTheOldWireVersionIsToldOnBothSides(@TempDir Path dir) throws Exception {
        try (Served s = Served.start(null); Socket c = new Socket(s.at().getAddress(), s.at().getPort())) {
            byte[] v1 = ByteBuffer.allocate(19).putInt(15).put((byte) 0x20).putInt(9).putInt(0x52444157).put((byte) 1).put((byte) 0)
                    .putInt(60_000).array();
            c.getOutputStream().write(v1);
            byte[] reply = frame(new DataInputStream(c.getInputStream()));
            assertThat(reply).as("a hello a version-1 peer can decode").hasSize(15);
            assertThat(FrameDecoder.helloVersion(ByteBuffer.wrap(reply))).isEqualTo(FrameCodec.VERSION);
            c.getInputStream().read();
            assertThat(s.log()).singleElement().asString().contains("the peer speaks wire protocol version 1, this end 2 (upgrade the peer's rda)");
        }
        try (ServerSocket old = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress()); TcpTransport c = client(null)) {
            Thread.ofPlatform().daemon().start(() -> {
                try (Socket s = old.accept()) {
                    frame(new DataInputStream(s.getInputStream()));
                    s.getOutputStream().write(ByteBuffer.allocate(19).putInt(15).put((byte) 0x20).putInt(9).putInt(0x52444157).put((byte) 1)
                            .put((byte) 0).putInt(60_000).array());
                    s.getInputStream().read();
                } catch (IOException ignored) {
                    // the client hung up
                }
            });
            assertThatThrownBy(() -> c.connect(new InetSocketAddress("127.0.0.1", old.getLocalPort())))
                    .hasMessageContaining("the peer speaks wire protocol version 1, this end 2");
        }
    }

    @Test
    void theSecretFileIsMadeOwnerOnlyAndAFileOthersCanReadIsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("rda.secret");
        Secret made = Secret.loadOrCreate(file);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(Files.readString(file).strip()).matches("[0-9a-f]{64}");
        byte[] transcript = {1, 2, 3};
        assertThat(HelloProof.client(Secret.loadOrCreate(file), transcript, transcript))
                .as("read back, the same secret").isEqualTo(HelloProof.client(made, transcript, transcript));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> Secret.load(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("secret file " + file + " is accessible by group or others (mode rw-r--r--); make it the owner's alone: chmod 600 " + file);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw----r--"));
        assertThatThrownBy(() -> Secret.loadOrCreate(file)).hasMessageContaining("chmod 600");
        Path b64 = dir.resolve("b64");
        byte[] raw = new byte[24];
        Arrays.fill(raw, (byte) 0xfb); // "+/s+..." in base64: not hex digits (text of hex digits only is read as hex)
        Files.writeString(b64, java.util.Base64.getEncoder().encodeToString(raw) + "\n");
        Files.setPosixFilePermissions(b64, PosixFilePermissions.fromString("rw-------"));
        assertThat(HelloProof.client(Secret.load(b64), transcript, transcript)).isEqualTo(HelloProof.client(Secret.of(raw), transcript, transcript));
        Files.writeString(b64, "abcd\n");
        assertThatThrownBy(() -> Secret.load(b64)).hasMessageContaining("holds 2 bytes; at least 16");
        assertThatThrownBy(() -> Secret.load(dir.resolve("missing"))).isInstanceOf(java.nio.file.NoSuchFileException.class)
                .hasMessageContaining("copy the one `rda serve --secret-file` wrote");
        assertThat(made.toString()).as("never printed").doesNotContain(Files.readString(file).strip());
    }

    @Test
    void remoteKeysAreDistinctUnpredictableAndDifferBetweenRuns() {
        List<Integer> first = keys(1000);
        List<Integer> second = keys(1000);
        for (List<Integer> run : List.of(first, second)) {
            assertThat(run).doesNotHaveDuplicates().doesNotContain(0);
            long adjacent = 0;
            for (int i = 1; i < run.size(); i++) {
                long step = (long) run.get(i) - run.get(i - 1);
                adjacent += Math.abs(step) <= 64 ? 1 : 0;
            }
            // for 999 random steps the chance of one within ±64 is about 999 * 129 / 2^32 = 3e-5
            assertThat(adjacent).as("no key within 64 of the one before: not a counter").isZero();
        }
        assertThat(first).as("another run issues other keys").doesNotContainAnyElementsOf(second.subList(0, 100));
    }

    private static List<Integer> keys(int n) {
        try (TcpTransport t = new TcpTransport(0, CONFIG, null)) {
            List<Integer> keys = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                keys.add(t.node().register(io.rdasuite.store.fabric.MemoryKind.DRAM, "r" + i, 64).rkey());
            }
            return keys;
        }
    }

    private static String crc(String status) {
        return status.replaceAll(".*\"regionsCrc32c\":(\\d+).*", "$1");
    }

    /** One frame's body from a raw socket. */
    private static byte[] frame(DataInputStream in) throws IOException {
        return in.readNBytes(in.readInt());
    }
}
