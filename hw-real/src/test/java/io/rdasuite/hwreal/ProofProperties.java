package io.rdasuite.hwreal;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.auth.HelloProof;
import io.rdasuite.hwreal.auth.Secret;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.hwreal.wire.FrameCodec;
import io.rdasuite.hwreal.wire.FrameDecoder;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.hwreal.wire.WireViolation;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Against a live server that requires a secret, over TCP: exactly the right proof for this connection's nonces opens
 * it. A proof with bits flipped, random bytes, one made with another secret, a proof recorded on an earlier
 * connection, one over another hello, an empty or short one: each is refused with one log line and a REFUSED or
 * closed connection, and never becomes a queue pair. The unmutated proofs in the same run must all be accepted (the
 * control: a server that refused everything would fail).
 */
class ProofProperties {
    enum Mutation { NONE, BIT_FLIPPED, RANDOM, OTHER_SECRET, RECORDED, OTHER_HELLO, EMPTY, SHORT }

    private static final Secret SECRET = Secret.of(bytes(32, 1));
    private static final Secret OTHER = Secret.of(bytes(32, 2));
    private static final List<String> LOG = new CopyOnWriteArrayList<>();
    private static final AtomicInteger ACCEPTED = new AtomicInteger();
    private static final AtomicInteger VALID = new AtomicInteger();
    private static TcpTransport server;
    private static InetSocketAddress at;
    private static byte[] recorded;

    @BeforeContainer
    static void start() throws IOException {
        server = new TcpTransport(0, StoresOnLoopbackTest.CONFIG, null, WireLimits.DEFAULTS, LOG::add, SECRET);
        at = server.listen(new InetSocketAddress("127.0.0.1", 0), qp -> ACCEPTED.incrementAndGet());
        recorded = proveOnce(Mutation.NONE, 0).proof; // a live proof, recorded for the replays
        VALID.incrementAndGet();
    }

    @AfterContainer
    static void stop() throws InterruptedException {
        for (int i = 0; i < 500 && ACCEPTED.get() < VALID.get(); i++) {
            Thread.sleep(10); // the accepting thread hands over the queue pair just after sending its proof
        }
        server.close();
        assertThat(ACCEPTED.get()).as("queue pairs: the valid proofs only").isEqualTo(VALID.get());
        assertThat(LOG).as("every line a refusal").allMatch(l -> l.contains("refused the connection"));
    }

    @Property(tries = 300)
    void onlyTheRightProofForThisConnectionOpensIt(@ForAll("mutations") Mutation mutation, @ForAll long seed) throws IOException {
        int logBefore = LOG.size();
        Attempt a = proveOnce(mutation, seed);
        if (mutation == Mutation.NONE) {
            VALID.incrementAndGet();
            assertThat(a.answer).as("the right proof is answered with the server's").isInstanceOf(Frame.Proof.class);
            assertThat(LOG).hasSize(logBefore);
        } else {
            assertThat(a.answer instanceof Frame.Proof).as("%s is refused, not answered with a proof: %s", mutation, a.answer).isFalse();
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (LOG.size() == logBefore && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(LOG.size() - logBefore).as("one log line").isEqualTo(1);
        }
    }

    /** Seed 1 once flipped bit 104 twice, giving back the right proof: the flips must be distinct bits. */
    @Example
    void aProofWithTheSameBitPickedTwiceIsStillMutated() throws IOException {
        onlyTheRightProofForThisConnectionOpensIt(Mutation.BIT_FLIPPED, 1L);
    }

    /** What a connection got back for its proof: the server's proof, a refusal, or null (closed without one). */
    private record Attempt(byte[] proof, Frame answer) {
    }

    private static Attempt proveOnce(Mutation mutation, long seed) throws IOException {
        Random random = new Random(seed);
        try (Socket s = new Socket(at.getAddress(), at.getPort())) {
            s.setSoTimeout(10_000);
            DataInputStream in = new DataInputStream(s.getInputStream());
            int qpn = random.nextInt();
            byte[] hello = FrameCodec.hello(qpn, Frame.Purpose.QUEUE_PAIR, 60_000);
            s.getOutputStream().write(hello);
            Frame.Handshake theirs = FrameDecoder.decodeHello(ByteBuffer.wrap(in.readNBytes(in.readInt())));
            byte[] ours = Arrays.copyOfRange(hello, 4, hello.length);
            byte[] proof = switch (mutation) {
                case NONE -> HelloProof.client(SECRET, theirs.body(), ours);
                case BIT_FLIPPED -> {
                    byte[] p = HelloProof.client(SECRET, theirs.body(), ours);
                    // distinct bits: flipping one bit twice would give back the right proof
                    int n = 1 + random.nextInt(3);
                    java.util.Set<Integer> bits = new java.util.TreeSet<>();
                    while (bits.size() < n) {
                        bits.add(random.nextInt(p.length * 8));
                    }
                    bits.forEach(bit -> p[bit / 8] ^= (byte) (1 << (bit % 8)));
                    yield p;
                }
                case RANDOM -> bytes(HelloProof.PROOF_BYTES, random.nextLong());
                case OTHER_SECRET -> HelloProof.client(OTHER, theirs.body(), ours);
                case RECORDED -> recorded.clone();
                case OTHER_HELLO -> HelloProof.client(SECRET, theirs.body(), Arrays.copyOfRange(FrameCodec.hello(qpn, Frame.Purpose.QUEUE_PAIR, 60_000), 4,
                        hello.length)); // another nonce of ours
                case EMPTY -> new byte[0];
                case SHORT -> Arrays.copyOf(HelloProof.client(SECRET, theirs.body(), ours), 1 + random.nextInt(HelloProof.PROOF_BYTES - 1));
            };
            s.getOutputStream().write(FrameCodec.proof(theirs.qpn(), proof));
            Frame answer;
            try {
                int n = in.readInt();
                answer = FrameDecoder.decodeProof(ByteBuffer.wrap(in.readNBytes(n)), qpn);
            } catch (java.io.EOFException | java.net.SocketException closed) {
                answer = null; // a malformed proof: closed without a word, as any bad hello frame
            }
            if (mutation != Mutation.NONE && !(answer instanceof Frame.Proof)) {
                assertThat(in.read()).as("closed after the refusal").isEqualTo(-1);
            }
            return new Attempt(proof, answer);
        } catch (WireViolation v) {
            throw new AssertionError(v);
        }
    }

    @Provide
    Arbitrary<Mutation> mutations() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.just(Mutation.NONE)),
                net.jqwik.api.Tuple.of(7, Arbitraries.of(Mutation.values()).filter(m -> m != Mutation.NONE)));
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
