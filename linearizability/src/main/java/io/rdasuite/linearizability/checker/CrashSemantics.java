package io.rdasuite.linearizability.checker;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a crash means for the operations pending at it and for the object's state (see the package javadoc).
 */
public enum CrashSemantics {
    /**
     * Jepsen's reading: an operation pending at a crash is indeterminate, like {@code info}: it may take effect
     * at any point after its call, even after the crash, or never. The state is never lost.
     */
    OPEN,
    /**
     * Durable linearizability (Izraelevitz et al. 2016): an operation pending at a crash takes effect before the
     * crash or never; the state survives the crash, so every completed operation does.
     */
    DURABLE,
    /**
     * Buffered durable linearizability (Izraelevitz et al. 2016), in the prefix form: as {@link #DURABLE}, but
     * the state after a crash is the state after some prefix of the linearization of the epoch the crash ends,
     * so a suffix of that epoch's operations, completed or not, may be lost.
     */
    BUFFERED;

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CrashSemantics parse(String name) {
        for (CrashSemantics c : values()) {
            if (c.cliName().equalsIgnoreCase(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown crash semantics '" + name + "' (valid: "
                + Arrays.stream(values()).map(CrashSemantics::cliName).collect(Collectors.joining(", ")) + ")");
    }
}
