package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.txn.TxnExplorer;
import org.junit.jupiter.api.Test;

/**
 * Regression from the seed sweep (rda check --seed 61, cell DMP+NODDIO+DRAM-RQWRB/IWARP, target coordinator-0): the
 * coordinator lost power with a LOCK of its next transaction still on the wire; the monitor's probes declared it dead
 * and recovery read its slots (nothing in flight) before that LOCK arrived, which then locked key 3 for good, and the
 * read-back after recovery aborted on it forever (STUCK). Recovery now fences a dead coordinator at every live server
 * before reading its slots (paper 002 §4.1.6 recovery; FaRM fences a failed machine by its lease and configuration).
 * The shrunk program's crash state must replay clean. (Weaker than a planted search: with later changes to the
 * simulated run the race no longer falls in this program's run even without the fence, at any of its crash points.)
 */
class DeadCoordinatorFenceTest {
    /** The shrunk finding's token as rda check printed it (9 operations, 4 clients). */
    private static final String FOUND = "rdat1.RE1QK05PRERJTytEUkFNLVJRV1JCOklXQVJQOjYxOm5vbmU6Y29vcmRpbmF0b3ItMDo0MTUzOjA6MXxyMCxyMSxhMD0xO2ExPTIsYTM9My9yMCxhMT00L2EyPTYscjM7YTM9NyxhMj04L3IwO3IxO3IyO3Iz.88f6e2b5";

    @Test
    void theFoundCrashStateReplaysClean() {
        assertThat(new TxnExplorer().replay(FOUND, TxnCrashHistoryCheck.strict())).as("the found state").isNull();
    }
}
