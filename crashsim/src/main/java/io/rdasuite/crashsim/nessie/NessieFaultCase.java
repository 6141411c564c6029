package io.rdasuite.crashsim.nessie;

import io.rdasuite.crashsim.Program;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.nessie.NessieConfig;
import java.util.Objects;

/**
 * One Nessie deployment and program for the client-fault search: client {@code c} runs on node {@code c} (every Nessie
 * node is a client and a storage node, paper 004 §3.1), the victim is client {@code victim}, and the search faults
 * one step of each of its operations in turn.
 *
 * @param name        the program's name in reports
 * @param program     each client's operations, in order
 * @param victim      the client that is killed or stalled
 * @param config      Nessie's sizes and periods (short expiration periods, so that a stall outlasts them cheaply)
 * @param stallNs     how long a STALL stops the victim: longer than the expiration period plus the clock-skew bound
 * @param serverConfig the nodes' configuration (Nessie's tables are DRAM: it matters little)
 * @param transport   IB/RoCE or iWARP
 * @param seed        the simulator's seed (its tie-breaks)
 * @param everyStep   victim operations (indexes into its program) that the search also faults at every step with the
 *                    given fault, whatever its per-operation budget: those whose race with the other clients needs the
 *                    fault at one exact verb
 */
public record NessieFaultCase(String name, Program program, int victim, NessieConfig config, long stallNs, ServerConfig serverConfig,
                              Transport transport, long seed, java.util.Map<Integer, NessieFault> everyStep) {
    /** A case whose every victim operation is faulted at the search's sampled steps. */
    public NessieFaultCase(String name, Program program, int victim, NessieConfig config, long stallNs, ServerConfig serverConfig,
                           Transport transport, long seed) {
        this(name, program, victim, config, stallNs, serverConfig, transport, seed, java.util.Map.of());
    }

    public NessieFaultCase {
        everyStep = java.util.Map.copyOf(everyStep);
        Objects.requireNonNull(name);
        Objects.requireNonNull(program);
        Objects.requireNonNull(config);
        Objects.requireNonNull(serverConfig);
        Objects.requireNonNull(transport);
        if (victim < 0 || victim >= program.clients().size()) {
            throw new IllegalArgumentException("victim client " + victim + " of " + program.clients().size());
        }
        if (stallNs <= config.expirationNs() + config.maxClockSkewNs()) {
            throw new IllegalArgumentException("a stall must outlast the expiration period plus the skew bound ("
                    + (config.expirationNs() + config.maxClockSkewNs()) + " ns): " + stallNs);
        }
    }

    /** How long a {@link NessieFault#PAUSE} stops the victim: half the operation timeout (§4.3.1). */
    public long pauseNs() {
        return config.operationTimeoutNs() / 2;
    }

    /** Nodes of the deployment: one per client. */
    public int nodes() {
        return program.clients().size();
    }

    /** The same case with another simulator seed. */
    public NessieFaultCase withSeed(long s) {
        return new NessieFaultCase(name, program, victim, config, stallNs, serverConfig, transport, s, everyStep);
    }

    /** The same case over another transport. */
    public NessieFaultCase withTransport(Transport t) {
        return new NessieFaultCase(name, program, victim, config, stallNs, serverConfig, t, seed, everyStep);
    }

    /** The same case with another configuration (a planted bug, other periods). */
    public NessieFaultCase withConfig(NessieConfig c) {
        return new NessieFaultCase(name, program, victim, c, stallNs, serverConfig, transport, seed, everyStep);
    }
}
