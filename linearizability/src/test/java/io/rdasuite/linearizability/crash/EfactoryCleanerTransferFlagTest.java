package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.fuzz.CrashPath;
import io.rdasuite.crashsim.fuzz.FaultSchedule;
import io.rdasuite.crashsim.fuzz.FuzzCase;
import io.rdasuite.crashsim.fuzz.FuzzExplorer;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import org.junit.jupiter.api.Test;

/**
 * Regression (paper 001 §4.3.3 step 7, §4.4): eFactory claims buffered-durable linearizability per key, with its log
 * cleaner running. The GET handler verified the newest version (client 2's acknowledged put of 5) and set its
 * durability flag by a compare-and-swap on the state word; log compression had just set the transfer flag in that
 * word (the version's PrePTR pointed at the moved copy of 2). The lost swap was taken for an invalidation, so the
 * handler walked on and named 2: client 2's GET after its own put of 5 returned 2. After the power failure recovery
 * kept the newest intact version, 5. The handler now retries when only the transfer flag changed
 * ({@code EfServer.markDurable}). The program is {@code rda fuzz --runs 2000 --seed 20}'s shrunk one (run 1361).
 */
class EfactoryCleanerTransferFlagTest {
    private static final FuzzCase CLEANING = new FuzzCase(new Scenario("kv/efactory-cleaning", ServerConfig.parse("WSP+NODDIO+DRAM-RQWRB"),
            Transport.IWARP, 11804671471651153L, Program.decode("P0:1/P0:2/P0:3,P1:4,P0:5,G0/G0,P0:6,D1,G1")), FaultSchedule.POWER_FAILURE_ONLY);

    private static final String TOKEN = "rdaf2.a3YvZWZhY3RvcnktY2xlYW5pbmd8V1NQK05PRERJTytEUkFNLVJRV1JCfElXQVJQfDExODA0NjcxNDcxNjUxMTUzfFAwOjEvUDA6Mi9QMDozLFAxOjQsUDA6NSxHMC9HMCxQMDo2LEQxLEcxfFB-Tn4tfn5-MH4tMX4wfDIzNjZ-fjB-LTF-fjB8bm9uZQ.bd64d0c2";

    @Test
    void theFuzzersCrashStateIsBufferedDurablyLinearizable() {
        // the power fails before event 2366, after client 2's GET and before the cleaner's merge
        assertThat(FuzzExplorer.replay(TOKEN)).extracting(FuzzExplorer.Failure::invariant).doesNotContain(Invariant.LINEARIZABILITY);
        assertThat(FuzzExplorer.reproduce(CLEANING, CrashPath.single(2366, new int[0], 0)))
                .extracting(FuzzExplorer.Failure::invariant).doesNotContain(Invariant.LINEARIZABILITY);
    }

    @Test
    void everyCrashStateOfTheShrunkProgramKeepsTheClaims() {
        FuzzExplorer.RunReport r = FuzzExplorer.explore(CLEANING, new Budget(4_000, 2, 1));
        assertThat(r.error()).isNull();
        assertThat(r.failures()).extracting(FuzzExplorer.Failure::invariant).as("claims failing at some crash state").isEmpty();
    }
}
