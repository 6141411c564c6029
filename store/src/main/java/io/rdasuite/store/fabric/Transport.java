package io.rdasuite.store.fabric;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The RDMA transport, which decides what a completion of a posted operation means (paper 003 §3.2, WSP).
 */
public enum Transport {
    /**
     * InfiniBand and RoCE: a posted operation completes once the responder's NIC acknowledged receiving it.
     */
    IB,
    /**
     * iWARP: a posted operation completes once it reached the requester's reliable transport (TCP/SCTP);
     * it may not have left the requester yet.
     */
    IWARP;

    /** Parses {@code IB} or {@code IWARP} (case-insensitive; {@code ROCE} means IB). */
    public static Transport parse(String name) {
        String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT);
        return switch (n) {
            case "IB", "ROCE", "IB/ROCE" -> IB;
            case "IWARP" -> IWARP;
            default -> throw new IllegalArgumentException("unknown transport '" + name + "'; valid: "
                    + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", ")));
        };
    }
}
