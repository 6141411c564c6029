package io.rdasuite.store.nessie;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The three communication designs paper 004 compares (§5): Nessie's own fully client-driven protocol, the
 * server-driven NessieSD (HERD-like: requests written into the owner's memory, polled and served by a server
 * thread there) and the hybrid NessieHY (FaRM-like: client-driven GETs, server-driven PUTs and DELETEs).
 */
public enum NessieMode {
    /** Client-driven (§4.2): RDMA READ, CAS and WRITE only; decoupled index and data tables. */
    NESSIE("nessie"),
    /** Server-driven (§5): every operation is a request to the key's owner, whose polling server thread serves it. */
    NESSIE_SD("nessie-sd"),
    /** Hybrid (§5): GETs read the owner's index and data tables with RDMA, PUTs and DELETEs are requests. */
    NESSIE_HY("nessie-hy");

    private final String cliName;

    NessieMode(String cliName) {
        this.cliName = cliName;
    }

    /** The name used on command lines and in reports: nessie, nessie-sd or nessie-hy. */
    public String cliName() {
        return cliName;
    }

    /** True when PUTs and DELETEs go to the owner's server thread. */
    public boolean serverDrivenWrites() {
        return this != NESSIE;
    }

    /** True when GETs go to the owner's server thread too. */
    public boolean serverDrivenReads() {
        return this == NESSIE_SD;
    }

    /** The mode named {@code name} (case-insensitive, "_" or "-"); an unknown name lists the valid ones. */
    public static NessieMode parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (NessieMode m : values()) {
            if (m.cliName.equals(n)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown Nessie protocol '" + name + "'; valid: "
                + Arrays.stream(values()).map(NessieMode::cliName).collect(Collectors.joining(", ")));
    }
}
