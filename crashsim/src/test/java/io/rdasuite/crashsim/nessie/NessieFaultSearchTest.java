package io.rdasuite.crashsim.nessie;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Op;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.nessie.NessiePlantedBug;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client-fault search of Nessie (issue 27, deliverable 5; paper 004 §4.2, §4.3.1). */
class NessieFaultSearchTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 5, 9})
    void theUnplantedProtocolPassesEveryKillAndStallOfTheVictimsOperations(long seed) {
        NessieFaultSearch.Report r = NessieFaultSearch.search(NessieFaultPrograms.patterns(Transport.IB, seed), 3);
        assertThat(r.failures()).as("seed %d", seed).isEmpty();
        assertThat(r.steps()).isGreaterThanOrEqualTo(2 * 6 * 2);
    }

    @Test
    void aKilledClientLeavesOnlyTheKeyItWasWritingAndTheOthersGoOn() {
        NessieFaultCase c = NessieFaultPrograms.contended(Transport.IB, 1);
        NessieFaultRun.Outcome dry = NessieFaultRun.run(c, null, -1);
        long[] put = dry.window().getFirst(); // the victim's P1:11
        int stuck = 0;
        for (long at = put[0]; at <= put[1]; at += 5) {
            NessieFaultRun.Outcome r = NessieFaultRun.run(c, NessieFault.KILL, at);
            assertThat(r.failures()).as("kill at %d", at).isEmpty();
            assertThat(r.lockedKeys()).as("only the dead client's key can be held").isSubsetOf(1);
            if (!r.lockedKeys().isEmpty()) {
                stuck++;
                assertThat(r.findings()).isNotEmpty();
            }
            // every operation of clients 1 and 2 on other keys completed
            assertThat(r.history().stream().filter(h -> h.client() != 0 && h.op().key() != 1).allMatch(h -> h.completed())).isTrue();
        }
        assertThat(stuck).as("a kill after the candidate CAS holds key 1 for good (§4.3.1, node failure)").isPositive();
    }

    @Test
    void theLivenessCheckFailsWhenAClientsOperationsDoNotAllComplete() {
        // a stall is not a kill: a stalled client's operations must all complete, the victim's too
        NessieFaultCase c = NessieFaultPrograms.contended(Transport.IB, 1);
        NessieFaultRun.Outcome r = NessieFaultRun.run(c, NessieFault.STALL, c.program().clients().get(0).size() > 0 ? 20 : 0);
        assertThat(r.failures()).isEmpty();
        assertThat(r.history().stream().filter(h -> h.client() == 0).allMatch(h -> h.completed())).isTrue();
        NessieFaultCase starved = c.withConfig(NessieFaultPrograms.config(4, 24, 1));
        assertThat(NessieFaultRun.run(starved, NessieFault.STALL, 20).failures()).anyMatch(f -> f.startsWith(NessieFaultRun.LIVENESS));
    }

    @ParameterizedTest
    @ValueSource(strings = {"BLIND_CANDIDATE_CAS", "SKIP_DUPLICATE_REMOVAL"})
    void eachPlantedProtocolBugIsCaught(String bug) {
        NessieFaultCase c = NessieFaultPrograms.patterns(Transport.IB, 1);
        NessieFaultSearch.Report r = NessieFaultSearch.search(c.withConfig(c.config().withPlantedBug(NessiePlantedBug.valueOf(bug))), 3);
        assertThat(r.failingRuns()).isPositive();
    }

    @Test
    void recyclingWithoutExpiryIsCaughtAsAStaleCachedRead() {
        NessieFaultCase c = NessieFaultPrograms.patterns(Transport.IB, 1);
        NessieFaultRun.Outcome r = NessieFaultRun.run(c.withConfig(c.config().withRecycleWithoutExpiry(true)), null, -1);
        assertThat(r.failures()).anyMatch(f -> f.startsWith("STALE_READ"));
        assertThat(NessieFaultRun.run(c, null, -1).failures()).isEmpty();
    }

    @Test
    void stepsAreEveryEventOfASmallWindowAndASeededSampleOfALargeOne() {
        assertThat(NessieFaultSearch.steps(10, 14, 8, 1)).containsExactly(10L, 11L, 12L, 13L, 14L);
        assertThat(NessieFaultSearch.steps(0, 1000, 8, 3)).hasSize(8).contains(0L, 1000L).isEqualTo(NessieFaultSearch.steps(0, 1000, 8, 3));
        assertThat(Op.put(1, 2).writes()).isTrue();
    }
}
