package io.rdasuite.crashsim.nessie;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.nessie.NessiePlantedBug;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** GETs and MIGRATEs of one key racing for certain (paper 004 §4.2.1's reverse pass, §4.2.3's order of the CASes). */
class NessieMigrationRaceTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 16})
    void theUnplantedProtocolPassesEveryPauseOfTheGetAndStallOfTheMigrate(long seed) {
        NessieFaultSearch.Report r = NessieFaultSearch.search(NessieFaultPrograms.migrations(Transport.IB, seed), 3);
        assertThat(r.failures()).as("seed %d", seed).isEmpty();
        assertThat(r.steps()).as("every step of the two racing operations").isGreaterThan(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"SKIP_GET_REVERSE_PASS", "MIGRATE_SOURCE_FIRST"})
    void eachPlantedMigrationRaceBugIsCaughtAsAKeyFoundAbsent(String bug) {
        for (long seed : new long[] {1, 7}) {
            NessieFaultCase c = NessieFaultPrograms.migrations(Transport.IB, seed);
            NessieFaultSearch.Report r = NessieFaultSearch.search(c.withConfig(c.config().withPlantedBug(NessiePlantedBug.valueOf(bug))), 3);
            assertThat(r.failingRuns()).as("%s seed %d", bug, seed).isPositive();
            assertThat(r.failures().getFirst().failure()).startsWith("STALE_READ").contains("returned absent");
            NessieFault expected = bug.equals("SKIP_GET_REVERSE_PASS") ? NessieFault.PAUSE : NessieFault.STALL;
            assertThat(r.failures()).allMatch(f -> f.fault() == expected);
        }
    }
}
