package io.rdasuite.crashsim;

import java.util.List;

/**
 * A claimed property that failed after one crash: where, how, and the token that replays it.
 *
 * @param scenario   the scenario (after shrinking: the smallest program found)
 * @param crashEvent the event index before which the server lost power
 * @param choices    the post-crash image: a choice per frontier slot
 * @param fifoCut    and how much of the volatile FIFO drained
 * @param invariant  RDA, DURABILITY, MONOTONIC_READS or STRUCTURE
 * @param detail     what exactly was wrong
 * @param trace      the last events before the crash
 */
public record Violation(Scenario scenario, long crashEvent, int[] choices, int fifoCut, Invariant invariant, String detail, List<String> trace) {
    /** The replay token. */
    public String token() {
        return ReplayToken.encode(this);
    }

    /** The one-line command that reproduces it. */
    public String replayCommand() {
        return "rda replay " + token();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Violation v && v.scenario.equals(scenario) && v.crashEvent == crashEvent && java.util.Arrays.equals(v.choices, choices)
                && v.fifoCut == fifoCut && v.invariant.equals(invariant) && v.detail.equals(detail);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(scenario, crashEvent, java.util.Arrays.hashCode(choices), fifoCut, invariant, detail);
    }
}
