package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdasuite.hwreal.remote.RemoteStoreClient;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.hwreal.wire.FrameCodec;
import io.rdasuite.hwreal.wire.FrameDecoder;
import io.rdasuite.hwreal.wire.WireViolation;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.ServerConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Issue 29: a live {@code rda serve} (the built jar, a separate process, an ephemeral loopback port) driven with
 * junk over TCP while a real client puts. Each try is one connection: a hello (sometimes mutated), then frames
 * drawn from valid ones (PING, FLUSH, SEND), random bytes, truncated and oversized frames, bit-flipped copies of
 * valid frames, well-formed requests with foreign rkeys and answers to requests never made. The properties a bug
 * would break: the server closes every such connection (a read on it ends), stays up, logs one line per connection
 * it refused, and never changes a stored byte (a CRC-32C of its regions is equal before and after a stretch of
 * fuzzing with no writer); afterwards the real client reads back every acknowledged value, and once it closed
 * every client slot is free. Runs in {@code verify}'s integration-test phase (the jar exists then); tries come
 * from {@code jqwik.tries.default} (the pom's {@code rda.fuzz.tries}; {@code ci/serve-fuzz.sh} runs 100,000+ frames).
 */
class ServeWireFuzzIT {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+PM-RQWRB");
    private static final int KEYS = 48;
    private static final int VALUE_BYTES = 128;
    private static final int MAX_FRAME = 1 << 20;
    private static final List<String> LOG = new CopyOnWriteArrayList<>();
    private static final Map<String, LongAdder> SENT = new ConcurrentHashMap<>();
    private static final Map<Integer, byte[]> ACKNOWLEDGED = new ConcurrentHashMap<>();
    private static final AtomicBoolean STOP_WRITER = new AtomicBoolean();
    private static final AtomicReference<Throwable> WRITER_FAILED = new AtomicReference<>();
    private static final AtomicInteger TRIES = new AtomicInteger();
    private static final AtomicLong PUTS = new AtomicLong();
    private static final AtomicLong PREDICTED_REFUSALS = new AtomicLong();
    private static final AtomicLong PREDICTED_FRAMES = new AtomicLong();
    private static final AtomicLong JUDGED_BAD = new AtomicLong();
    private static Process server;
    private static InetSocketAddress at;
    private static TcpTransport clients;
    private static RemoteStoreClient client;
    private static Thread writer;
    private static JsonNode before;
    private static long crcWithoutWriter = -1;
    private static int triesTotal;

    @BeforeContainer
    static void startServerAndWriter() throws Exception {
        String jar = System.getProperty("rda.cliJar");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            System.out.println("ServeWireFuzzIT: no built jar (rda.cliJar) in this phase; it runs in verify's integration-test phase");
            return; // -Dtest=ServeWireFuzzIT also selects it in the test phase, before the jar exists
        }
        triesTotal = Integer.getInteger("jqwik.tries.default", 1000);
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        server = new ProcessBuilder(List.of(javaBin, "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", "-jar", jar, "serve", "--fabric", "tcp", "--listen", "127.0.0.1:0",
                "--protocol", "erda", "--keys", "256", "--value-size", String.valueOf(VALUE_BYTES), "--max-clients", "4",
                "--max-frame-bytes", String.valueOf(MAX_FRAME), "--hello-timeout-ms", "10000")).redirectErrorStream(true).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream()));
        StringBuilder seen = new StringBuilder();
        for (String line = lines.readLine(); line != null && at == null; line = lines.readLine()) {
            seen.append(line).append('\n');
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("on 127\\.0\\.0\\.1:(\\d+) over tcp").matcher(line);
            if (m.find()) {
                at = new InetSocketAddress("127.0.0.1", Integer.parseInt(m.group(1)));
            }
        }
        assertThat(at).as("rda serve's start:\n%s", seen).isNotNull();
        Thread.ofPlatform().daemon().start(() -> lines.lines().forEach(LOG::add)); // READY, then one line per refused connection
        before = status(false);
        clients = new TcpTransport(1, CONFIG, null);
        client = RemoteStoreClient.attach(clients, at, "real");
        writer = Thread.ofPlatform().name("real-client").start(ServeWireFuzzIT::putUntilStopped);
    }

    /** The real client: puts to KEYS keys round-robin, remembering each acknowledged value, until told to stop. */
    private static void putUntilStopped() {
        try {
            for (int seq = 0; !STOP_WRITER.get(); seq++) {
                int k = seq % KEYS;
                byte[] v = value(k, seq);
                assertThat(client.kv().put(key(k), v)).as("put %d", seq).isTrue();
                ACKNOWLEDGED.put(k, v);
                PUTS.incrementAndGet();
                Thread.sleep(1); // interleaved with the junk, not a load test: leave the two cores to the server and the fuzzer
            }
        } catch (Throwable t) {
            WRITER_FAILED.set(t);
        }
    }

    @Property(shrinking = net.jqwik.api.ShrinkingMode.OFF, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
    void junkConnectionsAreClosedAndTouchNothing(@ForAll("hellos") Mutation hello, @ForAll("streams") List<FrameSpec> frames) throws Exception {
        if (at == null) {
            return;
        }
        int n = TRIES.incrementAndGet();
        if (n == triesTotal * 3 / 4) { // the last quarter runs with no writer: no stored byte may change in it
            STOP_WRITER.set(true);
            writer.join();
            crcWithoutWriter = status(true).get("regionsCrc32c").asLong();
        }
        try {
            assertThat(connectAndSend(hello, frames)).as("the server closed the connection").isTrue();
        } catch (Throwable t) {
            System.out.println("ServeWireFuzzIT: try " + n + " failed: " + t);
            throw t;
        }
        assertThat(WRITER_FAILED.get()).as("the real client never noticed").isNull();
        if (n % 250 == 0) {
            JsonNode s = status(false);
            assertThat(s.get("clientSlotsInUse").asInt()).as("only the real client holds a slot (closed connections freed theirs)").isEqualTo(1);
        }
    }

    @AfterProperty
    void theRealClientReadsBackEverythingAndEverySlotIsFree() throws Exception {
        if (at == null) {
            return;
        }
        STOP_WRITER.set(true);
        writer.join();
        assertThat(WRITER_FAILED.get()).isNull();
        assertThat(TRIES.get()).as("every try ran (a failed try's message is above)").isEqualTo(triesTotal);
        assertThat(status(true).get("regionsCrc32c").asLong()).as("no stored byte changed while only junk arrived").isEqualTo(crcWithoutWriter);
        assertThat(ACKNOWLEDGED).hasSize(KEYS);
        for (Map.Entry<Integer, byte[]> e : ACKNOWLEDGED.entrySet()) {
            assertThat(client.kv().get(key(e.getKey()))).as("key %d", e.getKey()).isEqualTo(e.getValue());
        }
        client.close();
        JsonNode after = status(false);
        assertThat(after.get("clientSlotsInUse").asInt()).as("every slot free").isZero();
        assertThat(after.get("connectionsOpen").asInt()).isZero();
        assertThat(server.isAlive()).isTrue();
        long judged = after.get("framesReceived").asLong() - before.get("framesReceived").asLong();
        long refusedHellos = after.get("hellosRefused").asLong();
        long closedForInput = after.get("connectionsClosedForBadInput").asLong();
        long logged = LOG.stream().filter(l -> l.startsWith("tcp: ")).count();
        assertThat(logged).as("one log line per refused or closed connection").isEqualTo(refusedHellos + closedForInput);
        assertThat(refusedHellos + closedForInput).as("the server refused exactly the connections the decoder model refuses")
                .isEqualTo(PREDICTED_REFUSALS.get());
        assertThat(judged).as("frames the server accepted, the real client's included").isGreaterThanOrEqualTo(PREDICTED_FRAMES.get());
        long framesJudged = TRIES.get() + PREDICTED_FRAMES.get() + JUDGED_BAD.get(); // every hello, the frames accepted, the bad one ending a stream
        assertThat(framesJudged).as("frames the server judged").isGreaterThanOrEqualTo(Long.getLong("rda.fuzz.minFrames", 0));
        assertThat(after.get("idleTimeouts").asLong()).as("nothing waited for a timeout").isZero();
        System.out.printf("serve wire fuzz: %d connections; %d frames written %s; the server judged %d of them (the rest followed a bad frame "
                        + "and were dropped): accepted %d valid frames (hellos included) and refused %d (%d bad hellos, %d connections closed at a bad frame, "
                        + "%d log lines); real client: %d acknowledged puts, %d keys read back intact; client slots in use after: %d of %d%n",
                TRIES.get(), SENT.values().stream().mapToLong(LongAdder::sum).sum(), new java.util.TreeMap<>(SENT),
                framesJudged, PREDICTED_FRAMES.get() + TRIES.get() - refusedHellos, JUDGED_BAD.get() + refusedHellos,
                refusedHellos, closedForInput, logged, PUTS.get(), ACKNOWLEDGED.size(), after.get("clientSlotsInUse").asInt(),
                after.get("clientSlots").asInt());
    }

    @AfterContainer
    static void stopServer() throws Exception {
        if (server != null) {
            server.destroy();
            server.waitFor();
        }
        if (clients != null) {
            clients.close();
        }
    }

    private static JsonNode status(boolean checksum) throws IOException {
        return new ObjectMapper().readTree(TcpTransport.status(at, checksum, WireLimits.DEFAULTS));
    }

    /**
     * One junk connection: the hello; for a valid one, the server's hello back (its queue pair number, for frames that
     * should pass that check) and the frames; then our end of stream, and reading until the server closes. Returns
     * whether it closed, after checking what the server must have made of the bytes against {@link #predict}.
     */
    private static boolean connectAndSend(Mutation hello, List<FrameSpec> frames) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(at, 10_000);
            s.setSoTimeout(120_000); // a failsafe: every connection here ends long before (our end of stream reaches the server)
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            Random random = new Random(hello.seed());
            byte[] helloFrame = hello.apply(FrameCodec.hello(random.nextInt(), Frame.Purpose.QUEUE_PAIR, 60_000), random);
            List<byte[]> sent = new ArrayList<>();
            int qpn = 0;
            try {
                out.write(helloFrame);
                count("hello " + hello.kind());
                if (hello.kind() == HelloKind.VALID) {
                    byte[] reply = in.readNBytes(4 + 48); // wire version 2: with its nonce and flags; this server asks for no secret
                    assertThat(reply).as("the server's hello").hasSize(52);
                    qpn = ByteBuffer.wrap(reply, 5, 4).getInt();
                    for (FrameSpec f : frames) {
                        byte[] bytes = f.encode(qpn);
                        sent.add(bytes);
                        out.write(bytes);
                        count(f.kind().name());
                    }
                }
                s.shutdownOutput();
            } catch (java.net.SocketException closedEarly) {
                // the server refused and closed while we were still sending: the prediction covers what it read
            }
            boolean closed;
            try {
                while (in.read(new byte[4096]) >= 0) {
                    // the server's SEND of its store hello, its answers; then its end of stream
                }
                closed = true;
            } catch (java.net.SocketTimeoutException stuck) {
                closed = false;
            } catch (IOException reset) {
                closed = true;
            }
            Prediction p = predict(helloFrame, sent, qpn);
            PREDICTED_REFUSALS.addAndGet(p.helloRefused() || p.frameRefused() ? 1 : 0);
            PREDICTED_FRAMES.addAndGet(p.acceptedFrames());
            JUDGED_BAD.addAndGet(p.frameRefused() ? 1 : 0);
            return closed;
        }
    }

    /**
     * What the server must make of a connection's bytes, from the decoder alone (no socket): whether it refuses the
     * connection (a bad hello, a bad frame, or a stream ending inside a frame) and how many frames after the hello it
     * accepts first. The server's context here: no region has a key this test uses, and its only request awaiting an
     * answer is its store hello, request 1.
     */
    private static Prediction predict(byte[] hello, List<byte[]> frames, int qpn) {
        ByteBuffer h = ByteBuffer.wrap(hello);
        Frame.Handshake handshake;
        try {
            handshake = FrameDecoder.decodeHello(body(h));
        } catch (WireViolation v) {
            return new Prediction(true, false, 0);
        }
        if (handshake.purpose() != Frame.Purpose.QUEUE_PAIR || frames.isEmpty()) {
            return new Prediction(false, false, 0);
        }
        WireLimits limits = WireLimits.DEFAULTS.withMaxFrameBytes(MAX_FRAME);
        FrameDecoder decoder = new FrameDecoder(limits, qpn, new FrameDecoder.Context() {
            @Override
            public io.rdasuite.store.fabric.MemoryRegion region(int rkey) {
                return null;
            }

            @Override
            public io.rdasuite.store.fabric.WorkRequest awaiting(long id) {
                return id == 1 ? io.rdasuite.store.fabric.WorkRequest.send(java.lang.foreign.MemorySegment.ofArray(new byte[1])) : null;
            }
        });
        ByteBuffer stream = ByteBuffer.wrap(concat(frames));
        int accepted = 0;
        while (stream.hasRemaining()) {
            try {
                ByteBuffer b = body(stream);
                decoder.decode(b);
                accepted++;
            } catch (WireViolation v) {
                return new Prediction(false, true, accepted);
            }
        }
        return new Prediction(false, false, accepted);
    }

    /** The next frame's body from {@code stream}, its length checked first; a violation when the stream ends inside it. */
    private static ByteBuffer body(ByteBuffer stream) throws WireViolation {
        if (stream.remaining() < 4) {
            throw new WireViolation("ends inside a length prefix");
        }
        int length = stream.getInt();
        FrameDecoder.checkLength(length, WireLimits.DEFAULTS.withMaxFrameBytes(MAX_FRAME));
        if (stream.remaining() < length) {
            throw new WireViolation("ends inside a frame");
        }
        ByteBuffer b = stream.slice(stream.position(), length);
        stream.position(stream.position() + length);
        return b;
    }

    private static byte[] concat(List<byte[]> parts) {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        parts.forEach(all::writeBytes);
        return all.toByteArray();
    }

    /** What the server makes of one connection: refused or not, and the frames after the hello it accepts first. */
    record Prediction(boolean helloRefused, boolean frameRefused, int acceptedFrames) {
    }

    private static void count(String kind) {
        SENT.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    /** What is done to the hello. */
    enum HelloKind { VALID, BIT_FLIPPED, TRUNCATED, RANDOM }

    record Mutation(HelloKind kind, long seed) {
        byte[] apply(byte[] hello, Random random) {
            return switch (kind) {
                case VALID -> hello;
                case BIT_FLIPPED -> flip(hello, 1 + random.nextInt(3), random);
                case TRUNCATED -> Arrays.copyOf(hello, random.nextInt(hello.length));
                case RANDOM -> bytes(1 + random.nextInt(40), random);
            };
        }
    }

    /** The kinds of frame after the hello. */
    enum Kind { PING, FLUSH, SEND, SEND_BIT_FLIPPED_PAYLOAD, FOREIGN_RKEY, BIT_FLIPPED, TRUNCATED, OVERSIZED, RANDOM_BYTES, UNASKED_ANSWER }

    /** One frame to send: its kind and the seed of its contents. */
    record FrameSpec(Kind kind, long seed) {
        byte[] encode(int qpn) {
            Random r = new Random(seed);
            return switch (kind) {
                case PING -> FrameCodec.ping(qpn);
                case FLUSH -> FrameCodec.request(qpn, new Frame.Request(Opcode.FLUSH, id(r), 0, 0, 0, 0, 0, null, 0));
                case SEND -> FrameCodec.request(qpn, send(r));
                case SEND_BIT_FLIPPED_PAYLOAD -> {
                    byte[] f = FrameCodec.request(qpn, send(r));
                    if (f.length == 21) {
                        yield f; // no payload to flip
                    }
                    int at = 4 + 17 + r.nextInt(f.length - 21); // inside the payload: still valid
                    f[at] ^= (byte) (1 << r.nextInt(8));
                    yield f;
                }
                case FOREIGN_RKEY -> foreign(qpn, r);
                case BIT_FLIPPED -> flip(r.nextBoolean() ? foreign(qpn, r) : FrameCodec.request(qpn, send(r)), 1 + r.nextInt(4), r);
                case TRUNCATED -> {
                    byte[] f = r.nextBoolean() ? foreign(qpn, r) : FrameCodec.request(qpn, send(r));
                    yield Arrays.copyOf(f, r.nextInt(f.length));
                }
                case OVERSIZED -> {
                    byte[] f = bytes(4 + r.nextInt(64), r);
                    ByteBuffer.wrap(f).putInt(MAX_FRAME + 1 + r.nextInt(Integer.MAX_VALUE - MAX_FRAME));
                    yield f;
                }
                case RANDOM_BYTES -> bytes(1 + r.nextInt(64), r);
                case UNASKED_ANSWER -> FrameCodec.answer(qpn, new Frame.Answer(id(r), Opcode.READ, CompletionStatus.SUCCESS, 0, bytes(8, r)));
            };
        }
    }

    /**
     * A well-formed request naming an rkey the server never registered: 0x7fxxxxxx is at least seven bit flips from
     * any key it gives (a counter from 0x1000), and payloads have their top bit set, so no flip or misparse in this
     * test reaches a real region. Large WRITEs now and then (up to 256 KiB) make the server read a big frame first.
     */
    private static byte[] foreign(int qpn, Random r) {
        int rkey = 0x7f000000 | r.nextInt(1 << 24);
        long address = r.nextLong();
        long id = id(r);
        Opcode op = List.of(Opcode.READ, Opcode.WRITE, Opcode.WRITE_IMM, Opcode.CAS, Opcode.FAA).get(r.nextInt(5));
        byte[] data = op == Opcode.WRITE || op == Opcode.WRITE_IMM ? bytes(r.nextInt(50) == 0 ? r.nextInt(256 << 10) : r.nextInt(200), r) : null;
        int length = data != null ? data.length : op == Opcode.READ ? r.nextInt(4096) : 8;
        return FrameCodec.request(qpn, new Frame.Request(op, id, address, rkey, r.nextInt(), r.nextLong(), r.nextLong(), data, length));
    }

    private static Frame.Request send(Random r) {
        byte[] data = bytes(r.nextInt(64), r);
        return new Frame.Request(Opcode.SEND, id(r), 0, 0, 0, 0, 0, data, data.length);
    }

    /** Request ids far (many bit flips) from the small ones the server's own requests use, so no flip answers one. */
    private static long id(Random r) {
        return 0x7f00_0000_0000_0000L | r.nextLong(1L << 48);
    }

    /** Random bytes, each with its top bit set (see {@link #foreign}). */
    private static byte[] bytes(int n, Random r) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        for (int i = 0; i < n; i++) {
            b[i] |= (byte) 0x80;
        }
        return b;
    }

    private static byte[] flip(byte[] frame, int flips, Random r) {
        byte[] f = frame.clone();
        for (int i = 0; i < flips && f.length > 0; i++) {
            int bit = r.nextInt(f.length * 8);
            f[bit / 8] ^= (byte) (1 << (bit % 8));
        }
        return f;
    }

    private static byte[] key(int k) {
        byte[] b = new byte[16];
        ByteBuffer.wrap(b).putInt(0x6b657900 | k);
        return b;
    }

    private static byte[] value(int k, int seq) {
        byte[] b = new byte[VALUE_BYTES];
        ByteBuffer.wrap(b).putInt(k).putInt(seq);
        return b;
    }

    @Provide
    Arbitrary<Mutation> hellos() {
        return Arbitraries.frequency(
                net.jqwik.api.Tuple.of(90, HelloKind.VALID),
                net.jqwik.api.Tuple.of(4, HelloKind.BIT_FLIPPED),
                net.jqwik.api.Tuple.of(3, HelloKind.TRUNCATED),
                net.jqwik.api.Tuple.of(3, HelloKind.RANDOM)).flatMap(k -> Arbitraries.longs().map(s -> new Mutation(k, s)));
    }

    /**
     * Streams of 1 to 150 frames, about one in thirty possibly bad: a connection usually carries valid frames and then
     * the first bad one, which ends it (the server drops what follows).
     */
    @Provide
    Arbitrary<List<FrameSpec>> streams() {
        Arbitrary<Kind> kinds = Arbitraries.frequency(
                net.jqwik.api.Tuple.of(180, Kind.PING),
                net.jqwik.api.Tuple.of(120, Kind.FLUSH),
                net.jqwik.api.Tuple.of(120, Kind.SEND),
                net.jqwik.api.Tuple.of(60, Kind.SEND_BIT_FLIPPED_PAYLOAD),
                net.jqwik.api.Tuple.of(3, Kind.FOREIGN_RKEY),
                net.jqwik.api.Tuple.of(5, Kind.BIT_FLIPPED),
                net.jqwik.api.Tuple.of(2, Kind.TRUNCATED),
                net.jqwik.api.Tuple.of(2, Kind.OVERSIZED),
                net.jqwik.api.Tuple.of(3, Kind.RANDOM_BYTES),
                net.jqwik.api.Tuple.of(2, Kind.UNASKED_ANSWER));
        Arbitrary<FrameSpec> one = kinds.flatMap(k -> Arbitraries.longs().map(s -> new FrameSpec(k, s)));
        return Arbitraries.integers().between(1, 150).flatMap(n -> one.list().ofSize(n));
    }
}
