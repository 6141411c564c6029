package io.rdasuite.crashsim;

import java.util.List;

/**
 * Shrinks a violation or a finding (DESIGN §5): first the program, by dropping chunks of operations (halves,
 * then quarters, … then single operations, ddmin-style) while exploration still finds the same invariant
 * failing; then the clients left without operations; then the crash point, by exploring the small program's
 * crash points in order and keeping the earliest that fails it. The result carries the trace and replays from
 * its token.
 */
public final class Shrinker {
    private Shrinker() {
    }

    public static Violation shrink(Subject subject, Violation found, Budget budget) {
        Scenario scenario = found.scenario();
        Invariant invariant = found.invariant();
        Program program = scenario.program().shrunkWhile(smaller -> violates(subject, scenario.withProgram(smaller), invariant, budget));
        program = withoutIdleClients(subject, scenario, program, invariant, budget);
        return earliest(subject, scenario.withProgram(program), invariant, budget, found);
    }

    /** Drops clients that have no operation left, one at a time, while the invariant still fails. */
    private static Program withoutIdleClients(Subject subject, Scenario scenario, Program program, Invariant invariant, Budget budget) {
        for (int c = program.clients().size() - 1; c >= 0 && program.clients().size() > 1; c--) {
            if (!program.clients().get(c).isEmpty()) {
                continue;
            }
            java.util.List<java.util.List<Op>> fewer = new java.util.ArrayList<>(program.clients());
            fewer.remove(c);
            Program smaller = new Program(fewer);
            if (violates(subject, scenario.withProgram(smaller), invariant, budget)) {
                program = smaller;
            }
        }
        return program;
    }

    private static boolean violates(Subject subject, Scenario s, Invariant invariant, Budget budget) {
        return Explorer.explore(subject, s, budget, invariant).statesByInvariant().containsKey(invariant);
    }

    /** The earliest crash point (then the first image) of the small program that violates the invariant. */
    private static Violation earliest(Subject subject, Scenario scenario, Invariant invariant, Budget budget, Violation fallback) {
        for (int k = 0; k < budget.timings(); k++) {
            Scenario s = scenario.withSeed(Budget.timingSeed(scenario.seed(), k));
            Violation v = earliestInTiming(subject, s, invariant, budget);
            if (v != null) {
                return v;
            }
        }
        return Explorer.reproduce(subject, fallback.scenario(), fallback.crashEvent(), fallback.state(), invariant);
    }

    /** Exploration of one timing stops at the first state (earliest point, first image) where the invariant fails. */
    private static Violation earliestInTiming(Subject subject, Scenario s, Invariant invariant, Budget budget) {
        Explorer.Report r = Explorer.exploreOneTiming(subject, s, budget, invariant);
        List<Violation> kept = new java.util.ArrayList<>(r.violations());
        kept.addAll(r.findings());
        return kept.stream().filter(v -> v.invariant() == invariant).findFirst()
                .map(v -> Explorer.reproduce(subject, s, v.crashEvent(), v.state(), invariant)).orElse(null);
    }
}
