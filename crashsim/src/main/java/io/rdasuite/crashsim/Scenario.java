package io.rdasuite.crashsim;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.Objects;

/**
 * What the explorer runs: a subject (protocol), a server configuration and transport, a program per
 * client, the seed of every simulated choice, and which nodes a crash cuts (by default every PM server). The
 * explorer chooses the crash points.
 */
public record Scenario(String subject, ServerConfig config, Transport transport, long seed, Program program,
                       io.rdasuite.crashsim.cluster.CrashTarget target) {
    public Scenario {
        Objects.requireNonNull(target);
        Objects.requireNonNull(subject);
        Objects.requireNonNull(config);
        Objects.requireNonNull(transport);
        Objects.requireNonNull(program);
    }

    /** A scenario whose crashes cut every PM server ({@link io.rdasuite.crashsim.cluster.CrashTarget#ALL_SERVERS}). */
    public Scenario(String subject, ServerConfig config, Transport transport, long seed, Program program) {
        this(subject, config, transport, seed, program, io.rdasuite.crashsim.cluster.CrashTarget.ALL_SERVERS);
    }

    Scenario withProgram(Program p) {
        return new Scenario(subject, config, transport, seed, p, target);
    }

    /** The same scenario under another seed (the explorer's timings). */
    public Scenario withSeed(long s) {
        return new Scenario(subject, config, transport, s, program, target);
    }

    /** The same scenario with crashes cutting {@code t}. */
    public Scenario withTarget(io.rdasuite.crashsim.cluster.CrashTarget t) {
        return new Scenario(subject, config, transport, seed, program, t);
    }
}
