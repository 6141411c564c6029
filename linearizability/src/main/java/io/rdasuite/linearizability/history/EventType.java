package io.rdasuite.linearizability.history;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The kind of a history event. A client operation is an {@link #INVOKE} followed by one completion of the same
 * process: {@link #OK} (it took effect, with this result), {@link #FAIL} (it certainly did not take effect) or
 * {@link #INFO} (unknown: it may take effect at any later point, or never). {@link #CRASH} and {@link #RECOVERY}
 * mark a crash of a node (or of the whole system) and the end of its recovery.
 */
public enum EventType {
    INVOKE, OK, FAIL, INFO, CRASH, RECOVERY;

    /** The lower-case name used by every format ({@code invoke}, {@code ok}, …). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this event completes an invoked operation. */
    public boolean isCompletion() {
        return this == OK || this == FAIL || this == INFO;
    }

    /** Whether this event belongs to a client operation (as opposed to a crash or recovery). */
    public boolean isClient() {
        return this == INVOKE || isCompletion();
    }

    /** The type named {@code name} (any case); an unknown name is an error listing the valid ones. */
    public static EventType parse(String name) {
        switch (name) { // the usual spellings without a loop: this runs once per event
            case "invoke": return INVOKE;
            case "ok": return OK;
            case "fail": return FAIL;
            case "info": return INFO;
            default: break;
        }
        for (EventType t : values()) {
            if (t.wireName().equalsIgnoreCase(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown event type '" + name + "' (valid: "
                + Arrays.stream(values()).map(EventType::wireName).collect(Collectors.joining(", ")) + ")");
    }
}
