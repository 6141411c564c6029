package io.rdasuite.hwreal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.Opcode;
import java.nio.ByteBuffer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The decoder's contract on any bytes at all: it refuses them with a {@link WireViolation} or returns a frame, never
 * anything else (a runtime exception here is what used to kill the reader thread and leak its client slot), and a
 * request it returns reaches only memory inside the region its key names.
 */
class FrameDecoderProperties {
    @Property(tries = 3000)
    void arbitraryBodiesAreRefusedOrReachOnlyTheirRegion(@ForAll @Size(max = 80) byte[] body) {
        decodesSafely(body);
    }

    /** Valid frames with a few bits flipped: mostly refused, and never a reach outside the region when accepted. */
    @Property(tries = 5000)
    void bitFlippedValidFramesAreRefusedOrReachOnlyTheirRegion(@ForAll("valid") byte[] frame, @ForAll @IntRange(max = 4) int flips,
                                                             @ForAll long seed) {
        java.util.Random random = new java.util.Random(seed);
        byte[] body = java.util.Arrays.copyOfRange(frame, 4, frame.length);
        for (int i = 0; i < flips; i++) {
            int bit = random.nextInt(body.length * 8);
            body[bit / 8] ^= (byte) (1 << (bit % 8));
        }
        decodesSafely(body);
    }

    /**
     * The hello and the proof that follows it, on bit-flipped copies of valid ones and on arbitrary bytes: refused
     * with a {@link WireViolation} or decoded, never a runtime exception; a decoded proof has 0 or 32 bytes.
     */
    @Property(tries = 3000)
    void hellosAndProofsAreRefusedOrDecodedNeverThrownAt(@ForAll("handshakes") byte[] frame, @ForAll @IntRange(max = 4) int flips,
                                                       @ForAll long seed) {
        java.util.Random random = new java.util.Random(seed);
        byte[] body = java.util.Arrays.copyOfRange(frame, 4, frame.length);
        for (int i = 0; i < flips && body.length > 0; i++) {
            int bit = random.nextInt(body.length * 8);
            body[bit / 8] ^= (byte) (1 << (bit % 8));
        }
        try {
            Frame.Handshake h = FrameDecoder.decodeHello(ByteBuffer.wrap(body));
            assertThat(h.nonce()).hasSize(32);
        } catch (WireViolation refused) {
            assertThat(refused.getMessage()).isNotBlank();
        }
        try {
            if (FrameDecoder.decodeProof(ByteBuffer.wrap(body), FrameDecoderTest.QPN) instanceof Frame.Proof p) {
                assertThat(p.proof().length).isIn(0, 32);
            }
        } catch (WireViolation refused) {
            assertThat(refused.getMessage()).isNotBlank();
        }
    }

    @Provide
    Arbitrary<byte[]> handshakes() {
        int qpn = FrameDecoderTest.QPN;
        return Arbitraries.oneOf(
                Arbitraries.of(Frame.Purpose.values()).map(p -> FrameCodec.hello(qpn, p, 60_000)),
                Arbitraries.integers().between(0, 40).map(n -> FrameCodec.proof(qpn, new byte[n])),
                Arbitraries.strings().ofMaxLength(40).map(t -> FrameCodec.refused(qpn, t)),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(60).map(b -> java.nio.ByteBuffer.allocate(4 + b.length).putInt(b.length).put(b).array()));
    }

    @Provide
    Arbitrary<byte[]> valid() {
        Arbitrary<Long> offsets = Arbitraries.longs().between(0, 4096).map(o -> o & ~7L);
        Arbitrary<Integer> lengths = Arbitraries.integers().between(0, 64);
        long base = FrameDecoderTest.REGION.baseAddress();
        int rkey = FrameDecoderTest.REGION.rkey();
        int qpn = FrameDecoderTest.QPN;
        return Arbitraries.oneOf(
                offsets.map(o -> FrameCodec.request(qpn, FrameDecoderTest.read(base + Math.min(o, 4032), rkey, 64))),
                lengths.map(n -> FrameCodec.request(qpn, FrameDecoderTest.write(base + 4096 - n, rkey, n))),
                offsets.map(o -> FrameCodec.request(qpn, FrameDecoderTest.cas(base + Math.min(o, 4088), rkey))),
                lengths.map(n -> FrameCodec.request(qpn, new Frame.Request(Opcode.SEND, 3, 0, 0, 0, 0, 0, new byte[n], n))),
                Arbitraries.just(FrameCodec.ping(qpn)));
    }

    private static void decodesSafely(byte[] body) {
        Frame f;
        try {
            f = new FrameDecoder(FrameDecoderTest.LIMITS, FrameDecoderTest.QPN, FrameDecoderTest.CONTEXT).decode(ByteBuffer.wrap(body));
        } catch (WireViolation refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        if (f instanceof Frame.Request r && r.opcode() != Opcode.SEND && r.opcode() != Opcode.FLUSH) {
            assertThat(r.rkey()).isEqualTo(FrameDecoderTest.REGION.rkey());
            assertThat(FrameDecoderTest.REGION.contains(r.address(), r.length())).as("%s", r).isTrue();
        }
    }
}
