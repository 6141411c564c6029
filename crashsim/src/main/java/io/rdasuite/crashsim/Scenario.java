package io.rdasuite.crashsim;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.Objects;

/**
 * What the explorer runs: a subject (protocol), a server configuration and transport, a program per
 * client, and the seed of every simulated choice. The fault plan is the explorer's: power failures of the
 * server at the crash points it chooses.
 */
public record Scenario(String subject, ServerConfig config, Transport transport, long seed, Program program) {
    public Scenario {
        Objects.requireNonNull(subject);
        Objects.requireNonNull(config);
        Objects.requireNonNull(transport);
        Objects.requireNonNull(program);
    }

    Scenario withProgram(Program p) {
        return new Scenario(subject, config, transport, seed, p);
    }
}
