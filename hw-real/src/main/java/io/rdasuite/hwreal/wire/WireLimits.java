package io.rdasuite.hwreal.wire;

import java.time.Duration;

/**
 * What one end of the TCP fabric accepts from its peer: the largest frame, how long a new connection may take to
 * say hello, how long a connection may stay silent (both ends send a PING a few times per idle period, so only a
 * dead, half-open or hung peer reaches it), how many requests may wait for a posted receive buffer, and how many
 * accepted connections may be in their hello at once. Every bound is one a peer cannot raise.
 *
 * @param maxFrameBytes         largest frame body (kind, queue pair and payload); a READ may ask for at most this
 *                              less the answer's header
 * @param helloTimeout          a connection that has not completed its hello by then is closed
 * @param idleTimeout           a connection from which nothing (not even a PING) arrived for this long is closed,
 *                              as is one whose peer stopped reading our frames for this long
 * @param maxWaitingRequests    requests queued behind a SEND or WRITE_IMM that found no posted receive buffer
 * @param maxPendingHellos      accepted connections still in their hello; further ones are closed at once
 * @param maxConnections        connections open at once, in their hello or after it; further ones are closed at once
 */
public record WireLimits(int maxFrameBytes, Duration helloTimeout, Duration idleTimeout, int maxWaitingRequests, int maxPendingHellos,
                         int maxConnections) {
    /** 16 MiB frames, 5 s to say hello, 60 s of silence, 4096 waiting requests, 64 connections in their hello, 1024 in all. */
    public static final WireLimits DEFAULTS = new WireLimits(16 << 20, Duration.ofSeconds(5), Duration.ofSeconds(60), 4096, 64, 1024);

    /** The smallest frame body limit: an answer header plus one cache line. */
    public static final int MIN_FRAME_BYTES = 4096;

    public WireLimits {
        if (maxFrameBytes < MIN_FRAME_BYTES) {
            throw new IllegalArgumentException("max frame bytes must be at least " + MIN_FRAME_BYTES + ", got " + maxFrameBytes);
        }
        if (helloTimeout.toMillis() < 1 || idleTimeout.toMillis() < 1) {
            throw new IllegalArgumentException("hello and idle timeouts must be at least 1 ms, got " + helloTimeout + " and " + idleTimeout);
        }
        if (idleTimeout.toMillis() > Integer.MAX_VALUE || helloTimeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("timeouts must be under 24 days");
        }
        if (maxWaitingRequests < 1 || maxPendingHellos < 1 || maxConnections < 1) {
            throw new IllegalArgumentException("max waiting requests, pending hellos and connections must be positive");
        }
    }

    /**
     * How often a connection that wrote nothing sends a PING: a quarter of the shorter of this end's idle timeout
     * and the peer's (from its hello), so three in a row may be late before either end gives up; never more often
     * than every 50 ms, whatever a peer asks for.
     */
    public long pingIntervalNanos(int peerIdleTimeoutMillis) {
        return Math.max(50_000_000L, Math.min(idleTimeout.toNanos(), peerIdleTimeoutMillis * 1_000_000L) / 4);
    }

    /** The idle timeout in milliseconds, as a hello carries it. */
    public int idleTimeoutMillis() {
        return (int) idleTimeout.toMillis();
    }

    /** The largest READ a peer may ask for: its answer must fit in one frame. */
    public int maxReadBytes() {
        return maxFrameBytes - FrameCodec.ANSWER_HEADER_BYTES;
    }

    public WireLimits withTimeouts(Duration hello, Duration idle) {
        return new WireLimits(maxFrameBytes, hello, idle, maxWaitingRequests, maxPendingHellos, maxConnections);
    }

    public WireLimits withMaxConnections(int connections) {
        return new WireLimits(maxFrameBytes, helloTimeout, idleTimeout, maxWaitingRequests, maxPendingHellos, connections);
    }

    public WireLimits withMaxFrameBytes(int bytes) {
        return new WireLimits(bytes, helloTimeout, idleTimeout, maxWaitingRequests, maxPendingHellos, maxConnections);
    }
}
