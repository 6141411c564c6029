package io.rdasuite.hwreal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The frame checks, without sockets: every field a peer controls is refused when out of bounds, and says why. */
class FrameDecoderTest {
    static final int QPN = 0x2a2a2a;
    static final MemoryRegion REGION = new MemoryRegion(0, "table", MemoryKind.PM, 0x10000, 4096, 0x1000);
    static final WireLimits LIMITS = WireLimits.DEFAULTS.withMaxFrameBytes(64 * 1024);
    /** Request 7 awaits a 16-byte READ's answer, request 8 a CAS's. */
    static final Map<Long, WorkRequest> AWAITING = Map.of(
            7L, WorkRequest.read(MemorySegment.ofArray(new byte[16]), 0x10000, 0x1000),
            8L, WorkRequest.cas(0x10000, 0x1000, 0, 1));
    static final FrameDecoder.Context CONTEXT = new FrameDecoder.Context() {
        @Override
        public MemoryRegion region(int rkey) {
            return rkey == REGION.rkey() ? REGION : null;
        }

        @Override
        public WorkRequest awaiting(long id) {
            return AWAITING.get(id);
        }
    };

    static Frame decode(byte[] frame) throws WireViolation {
        ByteBuffer b = ByteBuffer.wrap(frame);
        int length = b.getInt();
        FrameDecoder.checkLength(length, LIMITS);
        if (b.remaining() != length) {
            throw new WireViolation("test: the length prefix says " + length + ", the frame has " + b.remaining());
        }
        return new FrameDecoder(LIMITS, QPN, CONTEXT).decode(b.slice());
    }

    static String refusal(byte[] frame) {
        try {
            decode(frame);
        } catch (WireViolation v) {
            return v.getMessage();
        }
        throw new AssertionError("accepted: " + Arrays.toString(frame));
    }

    static Frame.Request write(long address, int rkey, int bytes) {
        return new Frame.Request(Opcode.WRITE, 1, address, rkey, 0, 0, 0, new byte[bytes], bytes);
    }

    static Frame.Request read(long address, int rkey, int bytes) {
        return new Frame.Request(Opcode.READ, 2, address, rkey, 0, 0, 0, null, bytes);
    }

    static Frame.Request cas(long address, int rkey) {
        return new Frame.Request(Opcode.CAS, 3, address, rkey, 0, 5, 6, null, 8);
    }

    @Test
    void validFramesDecodeToWhatWasEncoded() throws WireViolation {
        Frame.Request w = new Frame.Request(Opcode.WRITE_IMM, 9, 0x10040, 0x1000, 77, 0, 0, new byte[] {1, 2, 3}, 3);
        Frame.Request got = (Frame.Request) decode(FrameCodec.request(QPN, w));
        assertThat(got.immediate()).isEqualTo(77);
        assertThat(got.data()).containsExactly(1, 2, 3);
        assertThat(got.address()).isEqualTo(0x10040);
        assertThat(((Frame.Request) decode(FrameCodec.request(QPN, read(0x10000 + 4080, 0x1000, 16)))).length()).isEqualTo(16);
        assertThat(((Frame.Request) decode(FrameCodec.request(QPN, cas(0x10008, 0x1000)))).operand()).isEqualTo(6);
        Frame.Request send = new Frame.Request(Opcode.SEND, 4, 0, 0, 0, 0, 0, new byte[100], 100);
        assertThat(((Frame.Request) decode(FrameCodec.request(QPN, send))).length()).isEqualTo(100);
        assertThat(decode(FrameCodec.request(QPN, new Frame.Request(Opcode.FLUSH, 5, 0, 0, 0, 0, 0, null, 0)))).isInstanceOf(Frame.Request.class);
        assertThat(decode(FrameCodec.ping(QPN))).isInstanceOf(Frame.Ping.class);
        Frame.Answer a = (Frame.Answer) decode(FrameCodec.answer(QPN, new Frame.Answer(7, Opcode.READ, CompletionStatus.SUCCESS, 0, new byte[16])));
        assertThat(a.data()).hasSize(16);
        assertThat(((Frame.Answer) decode(FrameCodec.answer(QPN, new Frame.Answer(8, Opcode.CAS, CompletionStatus.SUCCESS, 42, null)))).result())
                .isEqualTo(42);
    }

    @Test
    void lengthPrefixesOutsideTheLimitsAreRefusedBeforeTheBodyIsRead() {
        assertThatThrownBy(() -> FrameDecoder.checkLength(4, LIMITS)).hasMessageContaining("frame length 4 outside 5..65536");
        assertThatThrownBy(() -> FrameDecoder.checkLength(65537, LIMITS)).hasMessageContaining("outside");
        assertThatThrownBy(() -> FrameDecoder.checkLength(-1, LIMITS)).hasMessageContaining("4294967295");
    }

    @Test
    void kindQueuePairAndSizeMustMatch() {
        byte[] ping = FrameCodec.ping(QPN);
        ping[4] = 0x7f;
        assertThat(refusal(ping)).isEqualTo("unknown frame kind 0x7f");
        assertThat(refusal(FrameCodec.ping(QPN + 1))).contains("frame for queue pair 0x002a2a2b on the connection of queue pair 0x002a2a2a");
        assertThat(refusal(FrameCodec.hello(QPN, Frame.Purpose.QUEUE_PAIR, 1000))).isEqualTo("a second hello");
        byte[] read = FrameCodec.request(QPN, read(0x10000, 0x1000, 8));
        assertThat(refusal(Arrays.copyOf(read, read.length - 1))).contains("the frame has");
        assertThat(refusal(reframe(read, -1))).isEqualTo("READ frame of 28 bytes, expected 29");
        assertThat(refusal(reframe(read, +1))).isEqualTo("READ frame of 30 bytes, expected 29");
        assertThat(refusal(reframe(FrameCodec.request(QPN, cas(0x10000, 0x1000)), -3))).contains("CAS frame of 38 bytes, expected 41");
        assertThat(refusal(reframe(FrameCodec.request(QPN, write(0x10000, 0x1000, 4)), -8))).contains("shorter than its 33-byte header");
    }

    @Test
    void aPayloadMustBeExactlyAsLongAsAnnounced() {
        byte[] w = FrameCodec.request(QPN, write(0x10000, 0x1000, 8));
        ByteBuffer.wrap(w).putInt(4 + 33 - 4, 9); // the n field of WRITE
        assertThat(refusal(w)).isEqualTo("WRITE announcing 9 data bytes in a frame with 8");
        ByteBuffer.wrap(w).putInt(4 + 33 - 4, -8);
        assertThat(refusal(w)).contains("announcing 4294967288 data bytes");
        assertThat(refusal(reframe(w, +2))).contains("in a frame with 10");
    }

    @Test
    void memoryOutsideTheNamedRegionIsRefusedWithTheRequestToAnswer() {
        WireViolation v = violation(FrameCodec.request(QPN, write(0x10000, 0x2000, 8)));
        assertThat(v.getMessage()).isEqualTo("WRITE with unknown rkey 0x00002000");
        assertThat(v.refused().id()).as("answered REMOTE_ACCESS_ERROR before the close").isEqualTo(1);
        assertThat(refusal(FrameCodec.request(QPN, write(0x10000 - 8, 0x1000, 8)))).contains("outside rkey 0x00001000's region");
        assertThat(refusal(FrameCodec.request(QPN, write(0x10000 + 4090, 0x1000, 8)))).contains("outside");
        assertThat(refusal(FrameCodec.request(QPN, read(0x10000 + 4097, 0x1000, 0)))).contains("outside");
        assertThat(refusal(FrameCodec.request(QPN, read(0x10000 + 8, 0x1000, Integer.MAX_VALUE)))).contains("READ of 2147483647 bytes; at most");
        assertThat(refusal(FrameCodec.request(QPN, read(0x10000 + 4000, 0x1000, 60_000)))).as("no overflow past the end").contains("outside");
        assertThat(refusal(FrameCodec.request(QPN, read(-8, 0x1000, 8)))).as("an address that wraps").contains("outside");
        assertThat(refusal(FrameCodec.request(QPN, read(Long.MIN_VALUE, 0x1000, 8)))).contains("outside");
        assertThat(refusal(FrameCodec.request(QPN, cas(0x10004, 0x1000)))).isEqualTo("CAS at 0x10004 is not 8-byte aligned");
        assertThat(refusal(FrameCodec.request(QPN, cas(0x10000 + 4092, 0x1000)))).contains("outside");
    }

    @Test
    void anAnswerMustAnswerARequestThatAwaitsOne() {
        assertThat(refusal(FrameCodec.answer(QPN, new Frame.Answer(99, Opcode.READ, CompletionStatus.SUCCESS, 0, new byte[16]))))
                .isEqualTo("answer to request 99, which awaits none");
        assertThat(refusal(FrameCodec.answer(QPN, new Frame.Answer(7, Opcode.WRITE, CompletionStatus.SUCCESS, 0, null))))
                .isEqualTo("answer for a WRITE to request 7, a READ");
        assertThat(refusal(FrameCodec.answer(QPN, new Frame.Answer(7, Opcode.READ, CompletionStatus.SUCCESS, 0, new byte[17]))))
                .contains("with 17 data bytes").contains("expected 16");
        assertThat(refusal(FrameCodec.answer(QPN, new Frame.Answer(8, Opcode.CAS, CompletionStatus.SUCCESS, 0, new byte[1]))))
                .contains("expected -1");
        byte[] bad = FrameCodec.answer(QPN, new Frame.Answer(8, Opcode.CAS, CompletionStatus.SUCCESS, 0, null));
        bad[4 + 5 + 8 + 1] = 9; // the status byte
        assertThat(refusal(bad)).isEqualTo("answer with unknown status 9");
    }

    @Test
    void aHelloMustBeOfThisProtocolAndVersion() throws WireViolation {
        byte[] nonce = new byte[32];
        nonce[31] = 7;
        byte[] hello = FrameCodec.hello(QPN, Frame.Purpose.STATUS, 1000, nonce, true);
        Frame.Handshake h = FrameDecoder.decodeHello(body(hello));
        assertThat(List.of(h.qpn(), h.purpose(), h.idleTimeoutMillis(), h.secretRequired())).containsExactly(QPN, Frame.Purpose.STATUS, 1000, true);
        assertThat(h.nonce()).isEqualTo(nonce);
        assertThat(h.body()).as("the transcript the proofs cover").isEqualTo(Arrays.copyOfRange(hello, 4, hello.length));
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(FrameCodec.ping(QPN)))).hasMessageContaining("the first frame is not a hello (kind 0x11)");
        byte[] magic = hello.clone();
        magic[9] = 'X';
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(magic))).hasMessageContaining("without the RDAW magic");
        byte[] version = hello.clone();
        version[13] = 3;
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(version))).hasMessageContaining("the peer speaks wire protocol version 3, this end 2");
        byte[] purpose = hello.clone();
        purpose[14] = 3;
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(purpose))).hasMessageContaining("purpose 3; valid: 0..2");
        byte[] idle = hello.clone();
        ByteBuffer.wrap(idle).putInt(15, 0);
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(idle))).hasMessageContaining("idle timeout of 0 ms");
        byte[] flags = hello.clone();
        flags[flags.length - 1] = 2;
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(flags))).hasMessageContaining("unknown flags 0x02");
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(Arrays.copyOf(hello, 12)))).hasMessageContaining("hello of 8 bytes, expected 48");
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(reframe(hello, -1)))).hasMessageContaining("hello of 47 bytes, expected 48");
    }

    @Test
    void aPeerOfAnotherVersionIsNamedAsSuch() {
        // version 1's hello: the first 15 bytes of every version's, without nonce and flags
        byte[] v1 = ByteBuffer.allocate(19).putInt(15).put((byte) 0x20).putInt(QPN).putInt(0x52444157).put((byte) 1).put((byte) 0)
                .putInt(1000).array();
        assertThat(FrameDecoder.helloVersion(body(v1))).isEqualTo(1);
        assertThatThrownBy(() -> FrameDecoder.decodeHello(body(v1)))
                .hasMessage("the peer speaks wire protocol version 1, this end 2 (upgrade the peer's rda)");
        byte[] answer = FrameCodec.versionHello(QPN, 1000);
        assertThat(answer).as("a version-1 peer reads it as a hello of its size").hasSize(19);
        assertThat(FrameDecoder.helloVersion(body(answer))).isEqualTo(FrameCodec.VERSION);
        assertThat(FrameDecoder.helloVersion(body(FrameCodec.ping(QPN)))).isEqualTo(-1);
    }

    @Test
    void aProofIsEmptyOrOneMacAndARefusalCarriesItsReason() throws WireViolation {
        assertThat(((Frame.Proof) FrameDecoder.decodeProof(body(FrameCodec.proof(QPN, new byte[32])), QPN)).proof()).hasSize(32);
        assertThat(((Frame.Proof) FrameDecoder.decodeProof(body(FrameCodec.proof(QPN, new byte[0])), QPN)).proof()).isEmpty();
        assertThat(((Frame.Refusal) FrameDecoder.decodeProof(body(FrameCodec.refused(QPN, "wrong secret")), QPN)).reason()).isEqualTo("wrong secret");
        assertThatThrownBy(() -> FrameDecoder.decodeProof(body(FrameCodec.proof(QPN, new byte[31])), QPN)).hasMessageContaining("proof of 31 bytes");
        assertThatThrownBy(() -> FrameDecoder.decodeProof(body(FrameCodec.proof(QPN + 1, new byte[32])), QPN)).hasMessageContaining("proof for queue pair");
        assertThatThrownBy(() -> FrameDecoder.decodeProof(body(FrameCodec.ping(QPN)), QPN)).hasMessageContaining("expected a proof");
        assertThatThrownBy(() -> FrameDecoder.decodeProof(body(reframe(FrameCodec.proof(QPN, new byte[32]), 1)), QPN))
                .hasMessageContaining("announcing 32 bytes in a frame with 33");
        assertThat(violation(FrameCodec.proof(QPN, new byte[32])).getMessage()).as("after the hello").contains("a proof of the secret after the hello");
    }

    private static ByteBuffer body(byte[] frame) {
        return ByteBuffer.wrap(frame, 4, frame.length - 4).slice();
    }

    /** The frame with {@code delta} bytes added to (zeros) or taken from its end, its length prefix adjusted. */
    private static byte[] reframe(byte[] frame, int delta) {
        byte[] r = Arrays.copyOf(frame, frame.length + delta);
        ByteBuffer.wrap(r).putInt(r.length - 4);
        return r;
    }

    private static WireViolation violation(byte[] frame) {
        try {
            decode(frame);
        } catch (WireViolation v) {
            return v;
        }
        throw new AssertionError("accepted");
    }
}
