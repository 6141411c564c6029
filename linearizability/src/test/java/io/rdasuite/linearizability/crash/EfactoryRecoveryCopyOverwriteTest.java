package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.fuzz.FaultSchedule;
import io.rdasuite.crashsim.fuzz.FuzzCase;
import io.rdasuite.crashsim.fuzz.FuzzExplorer;
import io.rdasuite.store.efactory.EfPlantedBug;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.fabric.Transport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Regression (paper 001 §4.4, and our recovery, which the paper leaves open): eFactory with its cleaner claims a
 * consistent version of every key under crashed writers. The power failed in the log merging stage, after client 3's
 * PUT of key 10 had been allocated in the new pool and linked (§4.3.1 steps 2-3) and before its data (step 5) reached
 * PM. Recovery, finishing the merge, copied key 4's version from the old pool to the new pool's tail, which it took
 * past the last version it kept: that was where key 10's unfinished version lay, still named by key 10's entry. The
 * power failed again before recovery reached key 10's entry; the second recovery found key 4's intact copy at the
 * head of key 10's list and kept it, and a GET of key 10 met key 4's object every time. Recovery now allocates past
 * every version its walks discarded too ({@code Recovery.newestIntact}). The case is the one the fuzzer printed
 * ({@code rda fuzz} with the longer cleaning programs, docs/COMMANDS.md).
 */
class EfactoryRecoveryCopyOverwriteTest {
    private static final FaultSchedule FAULTS = new FaultSchedule(FaultSchedule.ServerCrash.POWER_FAILURE, FaultSchedule.Repeat.DURING_RECOVERY, null,
            List.of(new FaultSchedule.ClientCrash(1, 416)), List.of(), 0, 176, false);

    private static final FuzzCase CASE = new FuzzCase(new Scenario("kv/efactory-cleaning", ServerConfig.parse("DMP+NODDIO+PM-RQWRB"), Transport.IWARP,
            23940038072329757L, Program.decode("G0,G3/D0,P9:1,G0,G7,G0,G0,P0:2/P0:3,D5,P0:4/D7,G0,D5,P0:5,G9,G1,P4:6,G0,P9:7,P4:8,P8:9,P10:10,P3:11,P6:12"
                    + "/P4:13,P2:14,P0:15,D0,P6:16,P1:17,D1,D1,D1,P2:18,P2:19/P0:20,P2:21,P0:22,G0,P4:23")), FAULTS);

    /**
     * The crash state the fuzzer printed (the power failing before event 12418, in the merge stage, then before event 251
     * of the restarted run's recovery) and the shorter program's were pinned as crash paths until the simulator's receive
     * side got its link (issue 32, item 1): those event numbers belong to the timeline before it, and the pinned image
     * choices no longer fit the frontiers there. Instead of a new pinned path (finding one needs the fuzzer with the fix
     * reverted), the case's whole exploration runs: the same program, faults and seed, crash points spread over the run
     * and a second power failure during each recovery. With the fix switched off (plant
     * {@code ef-recovery-tail-before-discarded}: recovery's tail not moved past the discarded versions), this exploration
     * fails on CONSISTENT_VERSION.
     */
    private static final Budget BUDGET = new Budget(60, 4, 1);

    @Test
    void aSecondPowerFailureDuringRecoveryLeavesEveryKeyReadable() {
        FuzzExplorer.RunReport r = FuzzExplorer.explore(CASE, BUDGET);
        assertThat(r.error()).as("the case simulates").isNull();
        assertThat(r.states()).as("crash states explored").isPositive();
        assertThat(r.faultsFired()).as("faults that happened").contains("power-failure", "crash-during-recovery");
        assertThat(r.failures()).extracting(FuzzExplorer.Failure::invariant).doesNotContain(Invariant.CONSISTENT_VERSION);
        assertThat(r.failures()).as("claimed properties failing").isEmpty();
    }

    @Test
    void withTheTailSetBeforeTheDiscardedVersionsAKeyMeetsAnotherKeysObject() {
        FuzzExplorer.RunReport r = PlantedBugs.with(EfPlantedBug.EF_RECOVERY_TAIL_BEFORE_DISCARDED, () -> FuzzExplorer.explore(CASE, BUDGET));
        assertThat(r.error()).as("the case simulates").isNull();
        assertThat(r.failures()).extracting(FuzzExplorer.Failure::invariant).contains(Invariant.CONSISTENT_VERSION);
    }
}
