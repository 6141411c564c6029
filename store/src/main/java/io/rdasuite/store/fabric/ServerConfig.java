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
 * <p>A fourth axis the paper's tables leave implicit: whether the responder's PCIe lets inbound posted writes pass
 * each other (Relaxed Ordering, the {@code +RO} suffix, e.g. {@code DMP+NODDIO+DRAM-RQWRB+RO}). The paper's "may
 * become persistent out-of-order" (§2) allows it; the twelve configurations of {@link #all()} keep PCIe's default
 * strict order of posted writes, and {@link #allOrderings()} adds their twelve Relaxed Ordering twins.
 *
 * @param domain          what survives a power failure
 * @param ddio            true when inbound DMA lands in the last-level cache rather than the memory controller
 * @param receiveBuffers  where the responder allocates the buffers of its posted receives
 * @param relaxedOrdering inbound posted writes may reach memory in any order (PCIe Relaxed Ordering); false: in the
 *                        order the NIC issued them
 */
public record ServerConfig(PersistenceDomain domain, boolean ddio, MemoryKind receiveBuffers, boolean relaxedOrdering) {
    public ServerConfig {
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(receiveBuffers, "receiveBuffers");
    }

    /** A configuration with PCIe's strict order of posted writes (the paper's tables). */
    public ServerConfig(PersistenceDomain domain, boolean ddio, MemoryKind receiveBuffers) {
        this(domain, ddio, receiveBuffers, false);
    }

    /** The twelve configurations of {@link #all()}, then each with Relaxed Ordering, in the same order. */
    public static List<ServerConfig> allOrderings() {
        List<ServerConfig> configs = new ArrayList<>(all());
        all().forEach(c -> configs.add(c.withRelaxedOrdering(true)));
        return List.copyOf(configs);
    }

    /** This configuration with PCIe Relaxed Ordering on or off. */
    public ServerConfig withRelaxedOrdering(boolean relaxed) {
        return new ServerConfig(domain, ddio, receiveBuffers, relaxed);
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

    /** The canonical name, e.g. {@code WSP+NODDIO+PM-RQWRB}, or {@code WSP+NODDIO+PM-RQWRB+RO}. */
    public String name() {
        return domain + (ddio ? "+DDIO+" : "+NODDIO+") + receiveBuffers + "-RQWRB" + (relaxedOrdering ? "+RO" : "");
    }

    /**
     * Parses a canonical name (case-insensitive; {@code ¬DDIO} and {@code !DDIO} are read as
     * {@code NODDIO}), with or without the {@code +RO} suffix. An unknown name is an {@link IllegalArgumentException}
     * listing the valid ones.
     */
    public static ServerConfig parse(String name) {
        String n = name == null ? "" : name.trim().toUpperCase(Locale.ROOT).replace("¬", "NO").replace("!", "NO").replace(" ", "");
        for (ServerConfig c : allOrderings()) {
            if (c.name().equals(n)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown server configuration '" + name + "'; valid: " + validNames()
                + " (each also with +RO: PCIe Relaxed Ordering)");
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
