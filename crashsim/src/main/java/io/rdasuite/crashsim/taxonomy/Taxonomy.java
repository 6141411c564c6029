package io.rdasuite.crashsim.taxonomy;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Shrinker;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Regenerates paper 003's Tables 2 and 3 from the model (DESIGN §5, "Taxonomy"): for one cell
 * (configuration × transport × primary operation × singleton/compound), measure every candidate recipe's
 * simulated REMOTELOG append latency, then verify candidates by crash-state exploration from the cheapest
 * up; the first that passes is the model's answer. Every cheaper candidate carries its counterexample.
 */
public final class Taxonomy {
    /**
     * A candidate's outcome.
     *
     * @param recipe          the recipe
     * @param latencyNs       simulated mean append latency
     * @param crashStates     post-crash images explored
     * @param violatingStates images where a claim failed
     * @param counterexample  a shrunk violation, or null
     */
    public record Candidate(Recipe recipe, long latencyNs, long crashStates, long violatingStates, Violation counterexample) {
        public boolean correct() {
            return violatingStates == 0;
        }
    }

    /**
     * One cell's outcome.
     *
     * @param config     server configuration
     * @param transport  IB or iWARP
     * @param op         primary operation
     * @param update     singleton or compound
     * @param paper      the paper's recipe, verified
     * @param best       the cheapest candidate that passed (null if none)
     * @param cheaperWrong candidates cheaper than {@code best} that failed, with counterexamples
     */
    public record Cell(ServerConfig config, Transport transport, PrimaryOp op, UpdateKind update, Candidate paper, Candidate best,
                       List<Candidate> cheaperWrong) {
        /** True when the model's cheapest correct recipe is the paper's and the paper's passes. */
        public boolean agreesWithPaper() {
            return best != null && paper != null && paper.correct() && best.recipe().equals(paper.recipe());
        }
    }

    private Taxonomy() {
    }

    public static Cell cell(ServerConfig config, Transport transport, PrimaryOp op, UpdateKind update, Budget budget, int appends, long seed) {
        return cell(config, transport, op, update, budget, appends, seed, Recipe.Verbs.IBTA_1_5);
    }

    /**
     * A cell whose candidates use only {@code verbs}. Without IBTA 1.5's verbs ({@link Recipe.Verbs#TODAY}) the paper's
     * recipe is no candidate where it needs a FLUSH: the cell's {@code paper} is then null.
     */
    public static Cell cell(ServerConfig config, Transport transport, PrimaryOp op, UpdateKind update, Budget budget, int appends, long seed,
                            Recipe.Verbs verbs) {
        Recipe paperRecipe = Recipes.paper(config, transport, op, update);
        List<Candidate> measured = new ArrayList<>();
        for (Recipe r : Recipe.candidates(op, update, verbs)) {
            measured.add(new Candidate(r, RemoteLogLatency.measure(config, transport, r, 16, seed).meanLatencyNs(), 0, 0, null));
        }
        measured.sort(Comparator.comparingLong(Candidate::latencyNs).thenComparing(c -> c.recipe().method()));
        Candidate paper = null;
        Candidate best = null;
        List<Candidate> cheaperWrong = new ArrayList<>();
        for (Candidate c : measured) {
            boolean isPaper = c.recipe().equals(paperRecipe);
            if (best != null && !isPaper) {
                continue;
            }
            Candidate verified = verify(c, config, transport, budget, appends, seed);
            if (isPaper) {
                paper = verified;
            }
            if (best == null) {
                if (verified.correct()) {
                    best = verified;
                } else {
                    cheaperWrong.add(verified);
                }
            }
        }
        return new Cell(config, transport, op, update, paper, best, cheaperWrong);
    }

    private static Candidate verify(Candidate c, ServerConfig config, Transport transport, Budget budget, int appends, long seed) {
        RemoteLogSubject subject = new RemoteLogSubject(c.recipe());
        Scenario scenario = new Scenario(subject.name(), config, transport, seed, Program.sequentialPuts(appends));
        Explorer.Report r = Explorer.explore(subject, scenario, budget);
        Violation cx = r.passed() ? null : Shrinker.shrink(subject, r.violations().getFirst(), budget);
        return new Candidate(c.recipe(), c.latencyNs(), r.crashStates(), r.violatingStates(), cx);
    }
}
