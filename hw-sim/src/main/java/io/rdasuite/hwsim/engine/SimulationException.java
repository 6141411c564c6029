package io.rdasuite.hwsim.engine;

/** A simulated thread failed, or the simulation broke one of its bounds; the message names the seed. */
public final class SimulationException extends RuntimeException {
    public SimulationException(String message, Throwable cause) {
        super(message, cause);
    }
}
