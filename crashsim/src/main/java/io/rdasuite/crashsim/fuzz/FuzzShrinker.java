package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a fuzz failure (DESIGN §5, after the explorer's Shrinker): while exploration still finds the same claimed
 * invariant failing, it removes faults from the schedule (a repeated crash, a process crash made a power failure,
 * client crashes, stalls, hogs, the cleaner's drawn start, torn lines), then whole clients, then chunks of operations
 * (halves, quarters, … single operations, ddmin-style), in the program and in the operations after a recovery; last
 * it takes the earliest crash point (then the first image) that still fails, and reproduces it with its trace. Each
 * candidate is explored at {@value #SEARCH_FACTOR} times the run's crash points.
 */
public final class FuzzShrinker {
    private FuzzShrinker() {
    }

    /** The shrunk failure and how many explorations shrinking took. */
    public record Shrunk(FuzzExplorer.Failure failure, int explorations) {
    }

    /** Shrinking samples this many times the run's crash points: a smaller program moves the failing one. */
    static final int SEARCH_FACTOR = 4;

    public static Shrunk shrink(FuzzExplorer.Failure found, Budget runBudget) {
        Budget budget = new Budget(runBudget.crashPoints() * SEARCH_FACTOR, runBudget.imagesPerPoint(), 1);
        Invariant invariant = found.invariant();
        int[] checks = {0};
        FuzzCase c = found.fuzzCase();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (FaultSchedule s : c.schedule().simplifications()) {
                FuzzCase candidate = c.withSchedule(s);
                if (fails(candidate, invariant, budget, checks)) {
                    c = candidate;
                    changed = true;
                    break;
                }
            }
        }
        for (int i = c.program().clients().size() - 1; i >= 0 && c.program().clients().size() > 1; i--) {
            FuzzCase candidate = withoutClient(c, i);
            if (fails(candidate, invariant, budget, checks)) {
                c = candidate;
            }
        }
        c = ddmin(c, false, invariant, budget, checks);
        if (c.schedule().afterRecovery() != null) {
            c = ddmin(c, true, invariant, budget, checks);
        }
        FuzzExplorer.RunReport earliest = FuzzExplorer.explore(c, budget, invariant, true);
        checks[0]++;
        FuzzExplorer.Failure at = earliest.failures().stream().filter(f -> f.invariant().equals(invariant)).findFirst().orElse(null);
        if (at == null) { // the sampled points found it, the ordered ones did not: keep the sampled state
            at = FuzzExplorer.explore(c, budget, invariant).failures().stream().filter(f -> f.invariant().equals(invariant)).findFirst()
                    .orElse(found);
            checks[0]++;
        }
        FuzzExplorer.Failure state = at;
        FuzzExplorer.Failure traced = FuzzExplorer.reproduce(state.fuzzCase(), state.path()).stream().filter(f -> f.invariant().equals(invariant))
                .findFirst().orElse(state);
        return new Shrunk(traced, checks[0]);
    }

    private static boolean fails(FuzzCase c, Invariant invariant, Budget budget, int[] checks) {
        checks[0]++;
        FuzzExplorer.RunReport r = FuzzExplorer.explore(c, budget, invariant);
        return r.error() == null && r.failures().stream().anyMatch(f -> f.invariant().equals(invariant));
    }

    /** The case without client {@code i} (its operations, its operations after recovery, its crash); later clients move down. */
    static FuzzCase withoutClient(FuzzCase c, int i) {
        List<List<Op>> clients = new ArrayList<>(c.program().clients());
        clients.remove(i);
        FaultSchedule s = c.schedule();
        List<FaultSchedule.ClientCrash> crashes = new ArrayList<>();
        for (FaultSchedule.ClientCrash cc : s.clientCrashes()) {
            if (cc.client() != i) {
                crashes.add(new FaultSchedule.ClientCrash(cc.client() > i ? cc.client() - 1 : cc.client(), cc.permille()));
            }
        }
        s = s.withClientCrashes(crashes);
        if (s.afterRecovery() != null) {
            List<List<Op>> after = new ArrayList<>(s.afterRecovery().clients());
            after.remove(i);
            s = s.withRepeat(FaultSchedule.Repeat.AFTER_RECOVERY, new Program(after));
        }
        io.rdasuite.crashsim.Scenario sc = c.scenario();
        return new FuzzCase(new io.rdasuite.crashsim.Scenario(sc.subject(), sc.config(), sc.transport(), sc.seed(), new Program(clients)), s);
    }

    /** Drops chunks of operations (of the program, or of the operations after recovery) while the invariant still fails. */
    private static FuzzCase ddmin(FuzzCase c, boolean after, Invariant invariant, Budget budget, int[] checks) {
        Program program = after ? c.schedule().afterRecovery() : c.program();
        Program smallest = program.shrunkWhile(smaller -> fails(withOps(c, after, smaller), invariant, budget, checks));
        return smallest == program ? c : withOps(c, after, smallest);
    }

    /** The case with its program, or its operations after recovery, replaced. */
    private static FuzzCase withOps(FuzzCase c, boolean after, Program ops) {
        return after ? c.withSchedule(c.schedule().withRepeat(FaultSchedule.Repeat.AFTER_RECOVERY, ops)) : c.withProgram(ops);
    }
}
