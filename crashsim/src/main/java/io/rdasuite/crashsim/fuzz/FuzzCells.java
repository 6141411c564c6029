package io.rdasuite.crashsim.fuzz;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The cells (server configuration × transport) a campaign draws its cases from: all of them for {@code rda fuzz}; the
 * test kit narrows them to the configurations and transports a check names. A draw from {@link #ALL} takes the same
 * random numbers as one from any other set, so narrowing changes which cell a case gets, never the rest of the case.
 */
public record FuzzCells(List<ServerConfig> configs, List<Transport> transports) {
    /** Every configuration and every transport. */
    public static final FuzzCells ALL = new FuzzCells(ServerConfig.all(), List.of(Transport.values()));

    public FuzzCells {
        configs = List.copyOf(configs);
        transports = List.copyOf(transports);
        if (configs.isEmpty() || transports.isEmpty()) {
            throw new IllegalArgumentException("a campaign draws from at least one configuration and one transport");
        }
    }

    /** A configuration, uniformly. */
    ServerConfig config(SplittableRandom r) {
        return configs.get(r.nextInt(configs.size()));
    }

    /** A transport, uniformly. */
    Transport transport(SplittableRandom r) {
        return transports.get(r.nextInt(transports.size()));
    }
}
