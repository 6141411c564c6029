package io.rdasuite.hwreal.wire;

import io.rdasuite.store.fabric.Opcode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The frames of the TCP fabric and their encoding. Every frame is {@code u32 length} then a body of that many
 * bytes: {@code u8 kind}, {@code u32 qpn} (the receiver's queue pair number; in a hello, the sender's own), and a
 * payload whose size the kind fixes, or fixes up to one length-prefixed byte string. Big-endian throughout.
 *
 * <pre>
 * HELLO      0x20  u32 magic "RDAW", u8 version, u8 purpose, u32 idle timeout (ms),   (43 bytes)
 *                  32 bytes nonce, u8 flags (bit 0, server: a secret is required)
 * PROOF      0x21  u32 n (0 or 32), n bytes HMAC-SHA256                               (4 + n)
 * REFUSED    0x22  u32 n, n bytes of UTF-8: why the server refuses the client         (4 + n)
 * READ       1     u64 id, u64 address, u32 rkey, u32 length                          (24)
 * WRITE      2     u64 id, u64 address, u32 rkey, u32 immediate, u32 n, n bytes       (28 + n)
 * WRITE_IMM  3     as WRITE
 * SEND       4     u64 id, u32 n, n bytes                                             (12 + n)
 * CAS        5     u64 id, u64 address, u32 rkey, u64 compare, u64 operand            (36)
 * FAA        6     as CAS
 * FLUSH      7     u64 id                                                             (8)
 * ANSWER     0x10  u64 id, u8 opcode kind, u8 status, u64 result, i32 n (-1: none), n  (22 + n)
 * PING       0x11  nothing                                                            (0)
 * STATUS     0x12  u32 n, n bytes of UTF-8 JSON                                       (4 + n)
 * </pre>
 *
 * A connection opens with a hello each way (the client's first). When the server's hello requires a secret, the
 * client sends a PROOF and the server answers with its own PROOF or a REFUSED, then closes
 * ({@link io.rdasuite.hwreal.auth.HelloProof}); nothing else is read or acted on before that. The first 10 bytes of
 * a hello's payload (magic to idle timeout) keep their place in every version, so each end can name the other's
 * version when they differ: a server answers a hello of another version with a hello of that 15-byte first-version
 * layout carrying its own version, which a peer of any version decodes far enough to say "protocol version N".
 *
 * <p>Queue pair numbers play the part of the destination QP in InfiniBand's transport header (IBTA vol. 1 §9.2): a
 * frame for any other queue pair is refused. {@link FrameDecoder} checks every field before anything acts on it.
 */
public final class FrameCodec {
    static final int MAGIC = 0x52444157; // "RDAW"
    /** 2: the hello carries a nonce and a flag, and PROOF and REFUSED frames follow it (issue 29). */
    public static final int VERSION = 2;
    static final byte HELLO = 0x20;
    static final byte PROOF = 0x21;
    static final byte REFUSED = 0x22;
    static final byte ANSWER = 0x10;
    static final byte PING = 0x11;
    static final byte STATUS = 0x12;
    /** Kind and queue pair number, before every payload. */
    static final int HEADER_BYTES = 5;
    /** The hello of protocol version 1, whose fields every later hello begins with. */
    static final int HELLO_V1_BYTES = HEADER_BYTES + 10;
    static final int HELLO_BYTES = HELLO_V1_BYTES + 33;
    static final int PROOF_HEADER_BYTES = HEADER_BYTES + 4;
    static final int READ_BYTES = HEADER_BYTES + 24;
    static final int WRITE_HEADER_BYTES = HEADER_BYTES + 28;
    static final int SEND_HEADER_BYTES = HEADER_BYTES + 12;
    static final int ATOMIC_BYTES = HEADER_BYTES + 36;
    static final int FLUSH_BYTES = HEADER_BYTES + 8;
    /** An answer's body without its data. */
    public static final int ANSWER_HEADER_BYTES = HEADER_BYTES + 22;
    static final int STATUS_HEADER_BYTES = HEADER_BYTES + 4;

    private FrameCodec() {
    }

    /** The wire code of a request opcode; WRITE_ATOMIC has none (no NIC implements it). */
    static byte kindOf(Opcode opcode) {
        return switch (opcode) {
            case READ -> 1;
            case WRITE -> 2;
            case WRITE_IMM -> 3;
            case SEND -> 4;
            case CAS -> 5;
            case FAA -> 6;
            case FLUSH -> 7;
            case WRITE_ATOMIC -> throw new IllegalArgumentException("WRITE_ATOMIC has no wire encoding");
        };
    }

    /** The request opcode of wire code {@code kind}, or null. */
    static Opcode opcodeOf(int kind) {
        return switch (kind) {
            case 1 -> Opcode.READ;
            case 2 -> Opcode.WRITE;
            case 3 -> Opcode.WRITE_IMM;
            case 4 -> Opcode.SEND;
            case 5 -> Opcode.CAS;
            case 6 -> Opcode.FAA;
            case 7 -> Opcode.FLUSH;
            default -> null;
        };
    }

    private static ByteBuffer frame(int bodyBytes, byte kind, int qpn) {
        ByteBuffer b = ByteBuffer.allocate(4 + bodyBytes);
        return b.putInt(bodyBytes).put(kind).putInt(qpn);
    }

    /**
     * A hello carrying the sender's own queue pair number, the silence after which it closes a connection, its fresh
     * nonce and (a server's) whether a secret is required.
     */
    public static byte[] hello(int ownQpn, Frame.Purpose purpose, int idleTimeoutMillis, byte[] nonce, boolean secretRequired) {
        if (nonce.length != io.rdasuite.hwreal.auth.HelloProof.NONCE_BYTES) {
            throw new IllegalArgumentException("a hello's nonce has " + io.rdasuite.hwreal.auth.HelloProof.NONCE_BYTES + " bytes, got " + nonce.length);
        }
        return frame(HELLO_BYTES, HELLO, ownQpn).putInt(MAGIC).put((byte) VERSION).put((byte) purpose.ordinal())
                .putInt(idleTimeoutMillis).put(nonce).put((byte) (secretRequired ? 1 : 0)).array();
    }

    /** A client's hello with a fresh nonce (tests and tools that speak the protocol by hand). */
    public static byte[] hello(int ownQpn, Frame.Purpose purpose, int idleTimeoutMillis) {
        return hello(ownQpn, purpose, idleTimeoutMillis, io.rdasuite.hwreal.auth.HelloProof.nonce(), false);
    }

    /**
     * What a server answers a hello of protocol {@code version} other than ours with: the first version's 15-byte
     * hello layout carrying our version, which that peer reports as a version mismatch.
     */
    public static byte[] versionHello(int ownQpn, int idleTimeoutMillis) {
        return frame(HELLO_V1_BYTES, HELLO, ownQpn).putInt(MAGIC).put((byte) VERSION).put((byte) 0).putInt(idleTimeoutMillis).array();
    }

    /** A proof of the secret (empty: the sender has none) to the queue pair {@code qpn}. */
    public static byte[] proof(int qpn, byte[] proof) {
        return frame(PROOF_HEADER_BYTES + proof.length, PROOF, qpn).putInt(proof.length).put(proof).array();
    }

    /** The server's refusal of a client's proof, with the reason the client shows. */
    public static byte[] refused(int qpn, String reason) {
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        return frame(PROOF_HEADER_BYTES + text.length, REFUSED, qpn).putInt(text.length).put(text).array();
    }

    /** A request to the queue pair {@code qpn}. */
    public static byte[] request(int qpn, Frame.Request r) {
        byte kind = kindOf(r.opcode());
        return switch (r.opcode()) {
            case READ -> frame(READ_BYTES, kind, qpn).putLong(r.id()).putLong(r.address()).putInt(r.rkey()).putInt(r.length()).array();
            case WRITE, WRITE_IMM -> frame(WRITE_HEADER_BYTES + r.data().length, kind, qpn).putLong(r.id()).putLong(r.address())
                    .putInt(r.rkey()).putInt(r.immediate()).putInt(r.data().length).put(r.data()).array();
            case SEND -> frame(SEND_HEADER_BYTES + r.data().length, kind, qpn).putLong(r.id()).putInt(r.data().length).put(r.data()).array();
            case CAS, FAA -> frame(ATOMIC_BYTES, kind, qpn).putLong(r.id()).putLong(r.address()).putInt(r.rkey())
                    .putLong(r.compare()).putLong(r.operand()).array();
            case FLUSH -> frame(FLUSH_BYTES, kind, qpn).putLong(r.id()).array();
            case WRITE_ATOMIC -> throw new IllegalArgumentException("WRITE_ATOMIC has no wire encoding");
        };
    }

    /** An answer to the queue pair {@code qpn}. */
    public static byte[] answer(int qpn, Frame.Answer a) {
        int n = a.data() == null ? 0 : a.data().length;
        ByteBuffer b = frame(ANSWER_HEADER_BYTES + n, ANSWER, qpn).putLong(a.id()).put(kindOf(a.opcode()))
                .put((byte) a.status().ordinal()).putLong(a.result()).putInt(a.data() == null ? -1 : n);
        if (a.data() != null) {
            b.put(a.data());
        }
        return b.array();
    }

    public static byte[] ping(int qpn) {
        return frame(HEADER_BYTES, PING, qpn).array();
    }

    /** A status report to the client whose hello named {@code qpn}. */
    public static byte[] status(int qpn, String json) {
        byte[] text = json.getBytes(StandardCharsets.UTF_8);
        return frame(STATUS_HEADER_BYTES + text.length, STATUS, qpn).putInt(text.length).put(text).array();
    }
}
