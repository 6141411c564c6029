package io.rdasuite.hwreal.wire;

import static io.rdasuite.hwreal.wire.FrameCodec.ANSWER_HEADER_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.ATOMIC_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.FLUSH_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.HEADER_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.HELLO_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.HELLO_V1_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.PROOF_HEADER_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.READ_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.SEND_HEADER_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.STATUS_HEADER_BYTES;
import static io.rdasuite.hwreal.wire.FrameCodec.WRITE_HEADER_BYTES;

import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.WorkRequest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Checks one frame body of {@link FrameCodec}'s layout against this end's limits and state before anything acts on
 * it, and decodes it: the size the kind fixes (exactly, so a truncated or padded frame is refused), the kind, the
 * queue pair number, the remote key, that {@code [address, address + length)} lies inside the key's region (without
 * overflow), that an atomic is 8-byte aligned, that a READ's answer fits in a frame, and that an answer answers a
 * request of ours that awaits one, with the opcode and data length it asked for. No socket: a buffer in, a
 * {@link Frame} or a {@link WireViolation} naming what was wrong out. Not thread-safe (one reader per connection).
 */
public final class FrameDecoder {
    /** What the checks consult on this end: its regions and its requests awaiting answers. */
    public interface Context {
        /** The region registered under {@code rkey}, or null. */
        MemoryRegion region(int rkey);

        /** This end's request {@code id} if it awaits its answer, else null. */
        WorkRequest awaiting(long id);
    }

    private static final CompletionStatus[] STATUSES = CompletionStatus.values();

    private final WireLimits limits;
    private final int localQpn;
    private final Context context;

    public FrameDecoder(WireLimits limits, int localQpn, Context context) {
        this.limits = limits;
        this.localQpn = localQpn;
        this.context = context;
    }

    /** Checks a frame's length prefix before its body is read. */
    public static void checkLength(int bodyBytes, WireLimits limits) throws WireViolation {
        if (bodyBytes < HEADER_BYTES || bodyBytes > limits.maxFrameBytes()) {
            throw new WireViolation("frame length " + Integer.toUnsignedString(bodyBytes) + " outside " + HEADER_BYTES + ".."
                    + limits.maxFrameBytes());
        }
    }

    /**
     * Decodes the first frame of a connection, which must be a hello of this protocol's version. The magic and the
     * version are checked before the size, so a peer of another version is named as such.
     */
    public static Frame.Handshake decodeHello(ByteBuffer body) throws WireViolation {
        if (body.remaining() < HEADER_BYTES || body.get(body.position()) != FrameCodec.HELLO) {
            throw new WireViolation("the first frame is not a hello (kind " + kindName(body) + ")");
        }
        if (body.remaining() < HELLO_V1_BYTES) {
            throw new WireViolation("hello of " + body.remaining() + " bytes, expected " + HELLO_BYTES);
        }
        byte[] raw = new byte[body.remaining()];
        body.get(body.position(), raw);
        body.get();
        int qpn = body.getInt();
        int magic = body.getInt();
        if (magic != FrameCodec.MAGIC) {
            throw new WireViolation(String.format("hello without the RDAW magic (0x%08x): not an RDA Suite peer", magic));
        }
        int version = body.get() & 0xff;
        if (version != FrameCodec.VERSION) {
            throw new WireViolation("the peer speaks wire protocol version " + version + ", this end " + FrameCodec.VERSION
                    + (version < FrameCodec.VERSION ? " (upgrade the peer's rda)" : " (upgrade this end's rda)"));
        }
        if (raw.length != HELLO_BYTES) {
            throw new WireViolation("hello of " + raw.length + " bytes, expected " + HELLO_BYTES);
        }
        int purpose = body.get() & 0xff;
        if (purpose >= Frame.Purpose.values().length) {
            throw new WireViolation("hello for purpose " + purpose + "; valid: 0.." + (Frame.Purpose.values().length - 1));
        }
        int idleMillis = body.getInt();
        if (idleMillis < 1) {
            throw new WireViolation("hello with an idle timeout of " + idleMillis + " ms; at least 1");
        }
        byte[] nonce = new byte[io.rdasuite.hwreal.auth.HelloProof.NONCE_BYTES];
        body.get(nonce);
        int flags = body.get() & 0xff;
        if ((flags & ~1) != 0) {
            throw new WireViolation(String.format("hello with unknown flags 0x%02x", flags));
        }
        return new Frame.Handshake(qpn, Frame.Purpose.values()[purpose], idleMillis, nonce, flags == 1, raw);
    }

    /** The version a frame that looks like a hello of ours (kind, size, magic) announces, else -1: to answer a mismatch in kind. */
    public static int helloVersion(ByteBuffer body) {
        if (body.remaining() < HELLO_V1_BYTES || body.get(body.position()) != FrameCodec.HELLO
                || body.getInt(body.position() + HEADER_BYTES) != FrameCodec.MAGIC) {
            return -1;
        }
        return body.get(body.position() + HEADER_BYTES + 4) & 0xff;
    }

    /**
     * Decodes the frame after the hellos while a secret is checked: a {@link Frame.Proof} (empty, or
     * {@link io.rdasuite.hwreal.auth.HelloProof#PROOF_BYTES} bytes) or, from a server, a {@link Frame.Refusal},
     * addressed to {@code localQpn}.
     */
    public static Frame decodeProof(ByteBuffer body, int localQpn) throws WireViolation {
        int size = body.remaining();
        if (size < PROOF_HEADER_BYTES) {
            throw new WireViolation("expected a proof of the secret, got a frame of " + size + " bytes (kind " + kindName(body) + ")");
        }
        int kind = body.get() & 0xff;
        int qpn = body.getInt();
        if (kind != FrameCodec.PROOF && kind != FrameCodec.REFUSED) {
            throw new WireViolation(String.format("expected a proof of the secret, got frame kind 0x%02x", kind));
        }
        if (qpn != localQpn) {
            throw new WireViolation(String.format("proof for queue pair 0x%08x on the connection of queue pair 0x%08x", qpn, localQpn));
        }
        int n = body.getInt();
        if (n != body.remaining()) {
            throw new WireViolation((kind == FrameCodec.PROOF ? "proof" : "refusal") + " announcing " + Integer.toUnsignedString(n)
                    + " bytes in a frame with " + body.remaining());
        }
        byte[] bytes = new byte[n];
        body.get(bytes);
        if (kind == FrameCodec.REFUSED) {
            return new Frame.Refusal(new String(bytes, StandardCharsets.UTF_8));
        }
        if (n != 0 && n != io.rdasuite.hwreal.auth.HelloProof.PROOF_BYTES) {
            throw new WireViolation("proof of " + n + " bytes; expected 0 or " + io.rdasuite.hwreal.auth.HelloProof.PROOF_BYTES);
        }
        return new Frame.Proof(bytes);
    }

    /** Decodes the server's answer to a status hello. */
    public static String decodeStatus(ByteBuffer body) throws WireViolation {
        if (body.remaining() < STATUS_HEADER_BYTES || body.get() != FrameCodec.STATUS) {
            throw new WireViolation("expected a status frame");
        }
        body.getInt();
        int n = body.getInt();
        if (n != body.remaining()) {
            throw new WireViolation("status text of " + n + " bytes in a frame with " + body.remaining());
        }
        byte[] text = new byte[n];
        body.get(text);
        return new String(text, StandardCharsets.UTF_8);
    }

    /** Checks and decodes a frame body that follows the hello (exactly the bytes the length prefix announced). */
    public Frame decode(ByteBuffer body) throws WireViolation {
        int size = body.remaining();
        if (size < HEADER_BYTES || size > limits.maxFrameBytes()) {
            throw new WireViolation("frame length " + size + " outside " + HEADER_BYTES + ".." + limits.maxFrameBytes());
        }
        int kind = body.get() & 0xff;
        int qpn = body.getInt();
        if (qpn != localQpn) {
            throw new WireViolation(String.format("frame for queue pair 0x%08x on the connection of queue pair 0x%08x", qpn, localQpn));
        }
        Opcode opcode = FrameCodec.opcodeOf(kind);
        if (opcode != null) {
            return request(opcode, body, size);
        }
        return switch (kind) {
            case FrameCodec.ANSWER -> answer(body, size);
            case FrameCodec.PING -> {
                exact("PING", size, HEADER_BYTES);
                yield new Frame.Ping();
            }
            case FrameCodec.HELLO -> throw new WireViolation("a second hello");
            case FrameCodec.PROOF, FrameCodec.REFUSED -> throw new WireViolation("a proof of the secret after the hello");
            default -> throw new WireViolation(String.format("unknown frame kind 0x%02x", kind));
        };
    }

    private Frame.Request request(Opcode opcode, ByteBuffer b, int size) throws WireViolation {
        return switch (opcode) {
            case READ -> {
                exact("READ", size, READ_BYTES);
                long id = b.getLong();
                long address = b.getLong();
                int rkey = b.getInt();
                int length = b.getInt();
                if (length < 0 || length > limits.maxReadBytes()) {
                    throw new WireViolation("READ of " + Integer.toUnsignedString(length) + " bytes; at most " + limits.maxReadBytes());
                }
                Frame.Request r = new Frame.Request(opcode, id, address, rkey, 0, 0, 0, null, length);
                reachable(r, address, rkey, length);
                yield r;
            }
            case WRITE, WRITE_IMM -> {
                atLeast(opcode.name(), size, WRITE_HEADER_BYTES);
                long id = b.getLong();
                long address = b.getLong();
                int rkey = b.getInt();
                int immediate = b.getInt();
                byte[] data = payload(opcode.name(), b, size, WRITE_HEADER_BYTES);
                Frame.Request r = new Frame.Request(opcode, id, address, rkey, immediate, 0, 0, data, data.length);
                reachable(r, address, rkey, data.length);
                yield r;
            }
            case SEND -> {
                atLeast("SEND", size, SEND_HEADER_BYTES);
                long id = b.getLong();
                byte[] data = payload("SEND", b, size, SEND_HEADER_BYTES);
                yield new Frame.Request(opcode, id, 0, 0, 0, 0, 0, data, data.length);
            }
            case CAS, FAA -> {
                exact(opcode.name(), size, ATOMIC_BYTES);
                long id = b.getLong();
                long address = b.getLong();
                int rkey = b.getInt();
                Frame.Request r = new Frame.Request(opcode, id, address, rkey, 0, b.getLong(), b.getLong(), null, 8);
                MemoryRegion region = reachable(r, address, rkey, 8);
                if (((address - region.baseAddress()) & 7) != 0) {
                    throw new WireViolation(String.format("%s at 0x%x is not 8-byte aligned", opcode, address), r);
                }
                yield r;
            }
            case FLUSH -> {
                exact("FLUSH", size, FLUSH_BYTES);
                yield new Frame.Request(opcode, b.getLong(), 0, 0, 0, 0, 0, null, 0);
            }
            case WRITE_ATOMIC -> throw new AssertionError("WRITE_ATOMIC has no wire code");
        };
    }

    /** The region {@code rkey} names, if {@code [address, address + length)} lies inside it. */
    private MemoryRegion reachable(Frame.Request r, long address, int rkey, int length) throws WireViolation {
        MemoryRegion region = context.region(rkey);
        if (region == null) {
            throw new WireViolation(String.format("%s with unknown rkey 0x%08x", r.opcode(), rkey), r);
        }
        long offset = address - region.baseAddress(); // addresses are unsigned: compare them so, and never add (no overflow)
        boolean inside = Long.compareUnsigned(address, region.baseAddress()) >= 0 && Long.compareUnsigned(offset, region.lengthBytes()) <= 0
                && length <= region.lengthBytes() - offset;
        if (!inside) {
            throw new WireViolation(String.format("%s of %d bytes at 0x%x outside rkey 0x%08x's region [0x%x, +%d)", r.opcode(), length,
                    address, rkey, region.baseAddress(), region.lengthBytes()), r);
        }
        return region;
    }

    private Frame.Answer answer(ByteBuffer b, int size) throws WireViolation {
        atLeast("ANSWER", size, ANSWER_HEADER_BYTES);
        long id = b.getLong();
        int kind = b.get() & 0xff;
        int status = b.get() & 0xff;
        long result = b.getLong();
        int n = b.getInt();
        Opcode opcode = FrameCodec.opcodeOf(kind);
        if (opcode == null) {
            throw new WireViolation(String.format("answer with unknown opcode kind 0x%02x", kind));
        }
        if (status >= STATUSES.length) {
            throw new WireViolation("answer with unknown status " + status);
        }
        WorkRequest asked = context.awaiting(id);
        if (asked == null) {
            throw new WireViolation("answer to request " + id + ", which awaits none");
        }
        if (asked.opcode() != opcode) {
            throw new WireViolation("answer for a " + opcode + " to request " + id + ", a " + asked.opcode());
        }
        boolean carriesData = opcode == Opcode.READ && STATUSES[status] == CompletionStatus.SUCCESS;
        int expected = carriesData ? asked.lengthBytes() : -1;
        if (n != expected || b.remaining() != Math.max(n, 0)) {
            throw new WireViolation("answer to " + opcode + " " + id + " with " + n + " data bytes (" + b.remaining()
                    + " in the frame), expected " + expected);
        }
        byte[] data = null;
        if (carriesData) {
            data = new byte[n];
            b.get(data);
        }
        return new Frame.Answer(id, opcode, STATUSES[status], result, data);
    }

    private static byte[] payload(String what, ByteBuffer b, int size, int header) throws WireViolation {
        int n = b.getInt();
        if (n < 0 || n != size - header) {
            throw new WireViolation(what + " announcing " + Integer.toUnsignedString(n) + " data bytes in a frame with " + (size - header));
        }
        byte[] data = new byte[n];
        b.get(data);
        return data;
    }

    private static void exact(String what, int size, int expected) throws WireViolation {
        if (size != expected) {
            throw new WireViolation(what + " frame of " + size + " bytes, expected " + expected);
        }
    }

    private static void atLeast(String what, int size, int header) throws WireViolation {
        if (size < header) {
            throw new WireViolation(what + " frame of " + size + " bytes, shorter than its " + header + "-byte header");
        }
    }

    private static String kindName(ByteBuffer body) {
        return body.remaining() == 0 ? "none" : String.format("0x%02x", body.get(body.position()) & 0xff);
    }
}
