package io.rdasuite.crashsim.nessie;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.Transport;
import org.junit.jupiter.api.Test;

/**
 * Paper 004 §4.3.1's ABA argument for MIGRATE, run ({@link NessieFaultPrograms#aba}): the victim is stalled at every step
 * of its PUT that MIGRATEs key k while k's owner overwrites k until the source DTE is recycled and the source ITE holds
 * the victim's word again. Before MIGRATE re-checked its timeout right before each CAS, the stalls between its timeout
 * check and its destination CAS made k read an older value after a newer one was acknowledged (DURABILITY of the
 * read-back; see NessieClient's class comment); now every stall must pass, and the race must really be run: at least
 * one stall must end in a MIGRATE aborted by that re-check.
 */
class NessieAbaTest {
    @Test
    void aMigrateStalledPastItsTimeoutCheckCannotCasTheRecycledWordBack() {
        for (long seed : new long[] {1, 2, 16}) {
            NessieFaultCase c = NessieFaultPrograms.aba(Transport.IB, seed);
            NessieFaultRun.Outcome dry = NessieFaultRun.run(c, null, -1);
            assertThat(dry.failures()).isEmpty();
            long[] put = dry.window().get(NessieFaultPrograms.ABA_VICTIM_GETS);
            int reused = 0;
            for (long at = put[0]; at <= put[1]; at++) {
                NessieFaultRun.Outcome r = NessieFaultRun.run(c, NessieFault.STALL, at);
                assertThat(r.failures()).as("seed %d, stall before event %d", seed, at).isEmpty();
                reused += r.victimMigrationTimeouts() > 0 ? 1 : 0;
            }
            assertThat(reused).as("seed %d: stalls that reached the re-check before a CAS", seed).isPositive();
        }
    }
}
