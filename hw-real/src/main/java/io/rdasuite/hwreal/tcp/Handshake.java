package io.rdasuite.hwreal.tcp;

import io.rdasuite.hwreal.wire.Frame;
import io.rdasuite.hwreal.wire.FrameDecoder;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.hwreal.wire.WireViolation;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;

/**
 * Reads the frames of a connection's hello under one deadline for the whole hello (a peer trickling a byte at a
 * time gets no more time than a silent one).
 */
final class Handshake {
    private final Socket socket;
    private final InputStream in;
    private final WireLimits limits;
    private final long deadlineNanos;

    Handshake(Socket socket, InputStream in, WireLimits limits) {
        this.socket = socket;
        this.in = in;
        this.limits = limits;
        this.deadlineNanos = System.nanoTime() + limits.helloTimeout().toNanos();
    }

    /** The peer's hello. */
    Frame.Handshake hello() throws IOException, WireViolation {
        return FrameDecoder.decodeHello(ByteBuffer.wrap(frame()));
    }

    /** The peer's hello, or (server side) on a hello of another protocol version, the version-mismatch hello sent back first. */
    Frame.Handshake hello(java.io.OutputStream out, int ownQpn) throws IOException, WireViolation {
        byte[] body = frame();
        try {
            return FrameDecoder.decodeHello(ByteBuffer.wrap(body));
        } catch (WireViolation v) {
            int version = FrameDecoder.helloVersion(ByteBuffer.wrap(body));
            if (version >= 0 && version != io.rdasuite.hwreal.wire.FrameCodec.VERSION) {
                out.write(io.rdasuite.hwreal.wire.FrameCodec.versionHello(ownQpn, limits.idleTimeoutMillis()));
                out.flush();
            }
            throw v;
        }
    }

    /** The peer's proof of the secret, or a server's refusal. */
    Frame proof(int localQpn) throws IOException, WireViolation {
        return FrameDecoder.decodeProof(ByteBuffer.wrap(frame()), localQpn);
    }

    /** The server's status report. */
    String status() throws IOException, WireViolation {
        return FrameDecoder.decodeStatus(ByteBuffer.wrap(frame()));
    }

    /** One frame's body, its length checked before it is read. */
    private byte[] frame() throws IOException, WireViolation {
        int length = ByteBuffer.wrap(exactly(4)).getInt();
        FrameDecoder.checkLength(length, limits);
        return exactly(length);
    }

    private byte[] exactly(int n) throws IOException, WireViolation {
        byte[] bytes = new byte[n];
        int got = 0;
        while (got < n) {
            long leftMillis = (deadlineNanos - System.nanoTime()) / 1_000_000;
            if (leftMillis <= 0) {
                throw new SocketTimeoutException();
            }
            socket.setSoTimeout((int) leftMillis);
            int r = in.read(bytes, got, n - got);
            if (r < 0) {
                throw new WireViolation("the connection closed " + (got == 0 ? "before" : "inside") + " a hello frame");
            }
            got += r;
        }
        return bytes;
    }
}
