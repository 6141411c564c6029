package io.rdasuite.hwreal.wire;

/**
 * A frame the peer must not have sent: the connection that carried it is closed, with this message (what was
 * wrong) in one log line. {@link #refused} is the request to answer with REMOTE_ACCESS_ERROR first, when the frame
 * was a well-formed request naming memory it may not reach (a NIC moves such a queue pair to the error state).
 */
public final class WireViolation extends Exception {
    private final transient Frame.Request refused;

    public WireViolation(String message) {
        this(message, null);
    }

    public WireViolation(String message, Frame.Request refused) {
        super(message, null, false, false);
        this.refused = refused;
    }

    /** The well-formed request refused for the memory it named, or null. */
    public Frame.Request refused() {
        return refused;
    }
}
