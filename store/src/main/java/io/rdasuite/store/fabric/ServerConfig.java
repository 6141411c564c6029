package io.rdasuite.store.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A responder configuration of the taxonomy (paper 003 §3.1, Table 1): persistence domain × DDIO ×
 * where receive-queue work-request buffers (RQWRBs) live. Named {@code <DMP|MHP|WSP>+<DDIO|NODDIO>+<DRAM|PM>-RQWRB},
 * e.g. {@code DMP+DDIO+DRAM-RQWRB}; the paper writes {@code ¬DDIO} for {@code NODDIO}.
 *
 * @param domain         what survives a power failure
 * @param ddio           true when inbound DMA lands in the last-level cache rather than the memory controller
 * @param receiveBuffers where the responder allocates the buffers of its posted receives
 */
public record ServerConfig(PersistenceDomain domain, boolean ddio, MemoryKind receiveBuffers) {
    public ServerConfig {
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(receiveBuffers, "receiveBuffers");
    }

    /** The twelve configurations in the paper's Table 1 order: domain, then DDIO on/off, then DRAM/PM. */
    public static List<ServerConfig> all() {
        List<ServerConfig> configs = new ArrayList<>(12);
        for (PersistenceDomain d : PersistenceDomain.values()) {
            for (boolean ddio : new boolean[] {true, false}) {
                for (MemoryKind rq : MemoryKind.values()) {
                    configs.add(new ServerConfig(d, ddio, rq));
                }
            }
        }
        return List.copyOf(configs);
    }

    /** The canonical name, e.g. {@code WSP+NODDIO+PM-RQWRB}. */
    public String name() {
        return domain + (ddio ? "+DDIO+" : "+NODDIO+") + receiveBuffers + "-RQWRB";
    }

    /**
     * Parses a canonical name (case-insensitive; {@code ¬DDIO} and {@code !DDIO} are read as
     * {@code NODDIO}). An unknown name is an {@link IllegalArgumentException} listing the valid ones.
     */
    public static ServerConfig parse(String name) {
        String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT).replace("¬", "NO").replace("!", "NO").replace(" ", "");
        for (ServerConfig c : all()) {
            if (c.name().equals(n)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown server configuration '" + name + "'; valid: " + validNames());
    }

    /** The twelve valid names, comma-separated. */
    public static String validNames() {
        return String.join(", ", all().stream().map(ServerConfig::name).toList());
    }

    @Override
    public String toString() {
        return name();
    }
}
