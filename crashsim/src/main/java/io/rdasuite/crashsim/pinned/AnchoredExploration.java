package io.rdasuite.crashsim.pinned;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subject;

/**
 * One cell's exploration in two parts, so that its pinned findings do not depend on the seed (DESIGN §5a; issue 27).
 *
 * <p>The <b>anchor</b> explores the base budget (less when {@code --budget} is below 1) with the timings of the fixed
 * seed {@value #ANCHOR_SEED}: the same crash states whatever the campaign's seed and budget, so its findings are
 * compared with the pinned ones exactly. The <b>search</b> adds half as many timings again (at least one), drawn from
 * the campaign's seed past the anchor's, at the crash points and images the budget asks for. A claimed property that
 * fails in either part fails the run: that is a bug wherever it is found. An unclaimed property that fails only in the
 * search is reported as reached under this seed, never as a changed finding: it is a weakness the store admits, met in
 * a timing window the anchor did not draw, and a seed must not decide a verdict.
 *
 * <p>Why not pin what some seeds reach as "possible" and stop there: a sweep of seeds can only show that the seeds it
 * ran agree; seed 7 gained findings that seeds 1 to 3 never reached, and the next seed could do the same. The anchor
 * makes the comparison exact, and the search keeps every run looking somewhere new for claimed failures. The anchor at
 * budget 1 is what {@code rda check --seed 1} explored before the split, so the pins kept their meaning.
 *
 * @param anchored the seed-independent part (compared with the pins); null when only the search ran
 * @param searched the seed's part
 * @param total    both parts as one report (claims, counts, examples)
 */
public record AnchoredExploration(Explorer.Report anchored, Explorer.Report searched, Explorer.Report total) {
    /** The seed of the anchor's timings. */
    public static final long ANCHOR_SEED = 1;

    /** The anchor's budget: the base budget, or {@code scaled} where it is smaller. */
    public static Budget anchorBudget(Budget base, Budget scaled) {
        return new Budget(Math.min(base.crashPoints(), scaled.crashPoints()), Math.min(base.imagesPerPoint(), scaled.imagesPerPoint()),
                Math.min(base.timings(), scaled.timings()));
    }

    /** The search's budget: {@code scaled}'s crash points and images over half its timings (at least one). */
    public static Budget searchBudget(Budget scaled) {
        return new Budget(scaled.crashPoints(), scaled.imagesPerPoint(), Math.max(1, scaled.timings() / 2));
    }

    /**
     * Explores {@code scenario}'s cell: the anchor at {@link #anchorBudget} from seed {@value #ANCHOR_SEED}, then the
     * search at {@link #searchBudget}, its timings drawn from {@code scenario}'s seed past the anchor's.
     */
    public static AnchoredExploration explore(Subject subject, Scenario scenario, Budget base, Budget scaled) {
        Budget anchor = anchorBudget(base, scaled);
        Explorer.Report anchored = Explorer.explore(subject, scenario.withSeed(ANCHOR_SEED), anchor);
        Explorer.Report searched = search(subject, scenario, anchor, scaled);
        return new AnchoredExploration(anchored, searched, Explorer.combine(anchored, searched));
    }

    /**
     * The search alone, as {@link #explore} draws it for {@code scenario}'s seed, without the anchor: a sweep over seeds
     * runs the anchor once (it is the same for every seed) and then only this. The result has no anchored part, so
     * its findings cannot be compared with the pins; {@code anchored} is null.
     */
    public static AnchoredExploration searchOnly(Subject subject, Scenario scenario, Budget base, Budget scaled) {
        Explorer.Report searched = search(subject, scenario, anchorBudget(base, scaled), scaled);
        return new AnchoredExploration(null, searched, searched);
    }

    /** The search: {@code scaled}'s search budget, its timings drawn from {@code scenario}'s seed past the anchor's. */
    private static Explorer.Report search(Subject subject, Scenario scenario, Budget anchor, Budget scaled) {
        return Explorer.explore(subject, scenario.withSeed(Budget.timingSeed(scenario.seed(), anchor.timings())), searchBudget(scaled));
    }

    /** Whether this exploration ran the anchor (false for {@link #searchOnly}). */
    public boolean anchoredRun() {
        return anchored != null;
    }

    /** Whether {@code invariant} failed in the anchor (never, for {@link #searchOnly}). */
    public boolean anchorFound(io.rdasuite.crashsim.Invariant invariant) {
        return anchored != null && anchored.statesByInvariant().containsKey(invariant);
    }
}
