package io.rdasuite.crashsim.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.store.mutation.Plant;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Campaigns: correct stores pass, the in-place control is caught and shrunk, its token and corpus entry replay to
 * the same failure, and a seed gives the same campaign whatever the number of threads.
 */
class FuzzCampaignTest {
    private static final Budget BUDGET = new Budget(6, 3, 1);

    private static FuzzCampaign.Result campaign(List<String> stores, long seed, long runs, int threads, int shrink) {
        return FuzzCampaign.run(new FuzzCampaign.Options(FuzzTarget.parse(stores), seed, runs, BUDGET, threads, shrink), () -> false, p -> { });
    }

    @Test
    void correctStoresPassACampaignThatExercisesEveryFault() {
        FuzzCampaign.Result r = campaign(List.of("redo", "erda", "erda-cleaning", "efactory-nohr", "remotelog"), 11, 64, 2, 0);
        assertThat(r.runs()).isEqualTo(64);
        assertThat(r.failingRuns()).as("failures: %s", r.failures()).isZero();
        assertThat(r.errorRuns()).as("errors: %s", r.errors()).isZero();
        assertThat(r.crashStates()).isGreaterThan(64 * 3);
        assertThat(r.signatures()).isGreaterThan(50);
        assertThat(r.newCoverageRuns()).isPositive();
        assertThat(r.mutantRuns()).as("half the runs mutate a pooled case once the pool has one").isGreaterThan(16);
        assertThat(r.faultsFired()).allSatisfy((kind, runs) -> assertThat(runs).as(kind).isPositive());
        // Erda claims atomic puts only: its lost acknowledged puts (paper 001 §7.2) are findings, not failures
        assertThat(r.findings().keySet()).anyMatch(k -> k.startsWith("erda"));
    }

    @Test
    void aSeedGivesTheSameCampaignOnOneThreadOrTwo() {
        FuzzCampaign.Result one = campaign(List.of("efactory", "raw", "remotelog"), 5, 24, 1, 0);
        FuzzCampaign.Result two = campaign(List.of("efactory", "raw", "remotelog"), 5, 24, 2, 0);
        assertThat(two).usingRecursiveComparison().isEqualTo(one);
        assertThat(campaign(List.of("efactory", "raw", "remotelog"), 6, 24, 2, 0).crashStates()).isNotEqualTo(one.crashStates());
    }

    @Test
    void theInPlaceControlIsCaughtShrunkAndReplayedExactly(@TempDir Path dir) throws Exception {
        FuzzCampaign.Result r = campaign(List.of("inplace"), 1, 16, 2, 1);
        assertThat(r.passed()).isFalse();
        assertThat(r.errorRuns()).isZero();
        FuzzCampaign.FoundFailure f = r.failures().getFirst();
        assertThat(f.shrunk()).isNotNull();
        FuzzExplorer.Failure s = f.shrunk();
        assertThat(s.invariant()).isEqualTo(f.found().invariant()).isEqualTo(io.rdasuite.crashsim.Invariant.RDA); // a torn value: no put wrote those bytes
        assertThat(s.fuzzCase().size()).isLessThanOrEqualTo(f.found().fuzzCase().size()).isEqualTo(1);
        assertThat(s.fuzzCase().schedule().weight()).isZero();
        assertThat(s.trace()).isNotEmpty();
        String token = s.token(Plant.NONE);
        List<FuzzExplorer.Failure> replayed = FuzzExplorer.replay(token);
        assertThat(replayed).isNotEmpty();
        assertThat(replayed.getFirst().invariant()).isEqualTo(s.invariant());
        assertThat(replayed.getFirst().detail()).isEqualTo(s.detail());
        assertThat(replayed.getFirst().trace()).isEqualTo(s.trace());
        FuzzCorpus.save(dir, token, List.of(s.detail()));
        List<FuzzCorpus.Replayed> corpus = FuzzCorpus.load(dir).stream().map(FuzzCorpus::replay).toList();
        assertThat(corpus).singleElement().satisfies(e -> assertThat(e.stillFails()).isTrue());
    }
}
