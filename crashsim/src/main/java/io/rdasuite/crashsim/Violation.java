package io.rdasuite.crashsim;

import io.rdasuite.crashsim.cluster.CrashState;
import java.util.List;

/**
 * A claimed property that failed after one crash: where, how, and the token that replays it.
 *
 * @param scenario   the scenario (after shrinking: the smallest program found)
 * @param crashEvent the event index before which the targeted nodes lost power
 * @param state      the post-crash image each crashed node came back with
 * @param invariant  which check failed
 * @param detail     what exactly was wrong
 * @param trace      the last events before the crash
 * @param crashPoint where the crash cut each client's operation, in its steps ({@link CrashPoint}; empty unless the
 *                   state was re-run with its trace, as shrunk examples are)
 */
public record Violation(Scenario scenario, long crashEvent, CrashState state, Invariant invariant, String detail, List<String> trace,
                        List<String> crashPoint) {
    /** A violation without a crash-point description. */
    public Violation(Scenario scenario, long crashEvent, CrashState state, Invariant invariant, String detail, List<String> trace) {
        this(scenario, crashEvent, state, invariant, detail, trace, List.of());
    }

    /** A violation of a single-server store: node 0 came back with {@code choices} and {@code fifoCut}. */
    public Violation(Scenario scenario, long crashEvent, int[] choices, int fifoCut, Invariant invariant, String detail, List<String> trace) {
        this(scenario, crashEvent, CrashState.of(0, choices, fifoCut), invariant, detail, trace);
    }

    /** The image choices of the first crashed node that came back (empty when none did). */
    public int[] choices() {
        return state.images().isEmpty() ? new int[0] : state.images().values().iterator().next().choices();
    }

    /** The FIFO cut of the first crashed node that came back (0 when none did). */
    public int fifoCut() {
        return state.images().isEmpty() ? 0 : state.images().values().iterator().next().fifoCut();
    }

    /** The replay token. */
    public String token() {
        return ReplayToken.encode(this);
    }

    /** The one-line command that reproduces it. */
    public String replayCommand() {
        return "rda replay " + token();
    }
}
