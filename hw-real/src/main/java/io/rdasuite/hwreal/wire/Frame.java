package io.rdasuite.hwreal.wire;

import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;

/** One decoded frame of the TCP fabric (layout in {@link FrameCodec}). */
public sealed interface Frame {
    /**
     * The first frame each way: the sender's own queue pair number and what the connection is for.
     *
     * @param qpn     the sender's queue pair number: every later frame to it carries this number
     * @param purpose what the client wants
     * @param idleTimeoutMillis how long the sender lets a connection stay silent: the other end PINGs often enough
     *                          for the shorter of the two
     * @param nonce   the sender's fresh random challenge ({@link io.rdasuite.hwreal.auth.HelloProof#NONCE_BYTES} bytes)
     * @param secretRequired in a server's hello: the client must prove it holds the server's secret
     * @param body    the frame body as it was on the wire: the transcript the proofs cover
     */
    record Handshake(int qpn, Purpose purpose, int idleTimeoutMillis, byte[] nonce, boolean secretRequired, byte[] body) implements Frame {
    }

    /**
     * A proof of the secret after the hellos ({@link io.rdasuite.hwreal.auth.HelloProof}); empty from a client
     * that has no secret, so the server can say why it refuses it.
     */
    record Proof(byte[] proof) implements Frame {
    }

    /** The server's answer to a proof it does not accept: why, in words the client shows its user. */
    record Refusal(String reason) implements Frame {
    }

    /** What a connection is for, chosen by the client's hello. */
    enum Purpose {
        /** A queue pair for verbs. */
        QUEUE_PAIR,
        /** One status report from the server, then close. */
        STATUS,
        /** A status report with a checksum of every registered region, then close. */
        STATUS_WITH_CHECKSUM
    }

    /**
     * A work request from the peer, to apply to this side's memory.
     *
     * @param length bytes to place (WRITE, WRITE_IMM, SEND), to read (READ), 8 for atomics, 0 for FLUSH
     * @param data   the payload of WRITE, WRITE_IMM and SEND, else null
     */
    record Request(Opcode opcode, long id, long address, int rkey, int immediate, long compare, long operand, byte[] data, int length)
            implements Frame {
    }

    /**
     * The completion of one of this side's requests.
     *
     * @param data READ's data on success, else null
     */
    record Answer(long id, Opcode opcode, CompletionStatus status, long result, byte[] data) implements Frame {
    }

    /** Keeps a quiet connection from timing out. */
    record Ping() implements Frame {
    }
}
