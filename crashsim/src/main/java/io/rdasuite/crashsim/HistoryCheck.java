package io.rdasuite.crashsim;

import io.rdasuite.store.fabric.ServerConfig;
import java.util.List;

/**
 * A check of a whole crash run's history, for checkers that live in modules built on crashsim (the
 * linearizability checker: DESIGN §5). Implementations are found with {@link java.util.ServiceLoader}, so the
 * explorer runs them wherever they are on the class path ({@code rda check}) and without them elsewhere.
 */
public interface HistoryCheck {
    /** The invariant's name in reports, e.g. {@code LINEARIZABILITY}. */
    Invariant invariant();

    /**
     * Checks the operations of a run cut by a crash ({@code history}: invoked before the crash, completed or
     * not) together with what recovery and the read-back found ({@code observed}). Returns null when the
     * invariant holds, else one line saying why not.
     */
    String check(Subject subject, ServerConfig config, List<OpRecord> history, Observation observed);
}
