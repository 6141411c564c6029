package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.txn.TxnCrashTarget;
import io.rdasuite.crashsim.txn.TxnExplorer;
import io.rdasuite.crashsim.txn.TxnShrinker;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Shrinking a transaction finding (issue 27: the smallest program): a planted bug's finding shrinks to a strictly smaller
 * program that still breaks the same claim under the same target, whose own token replays to the same anomaly, and the
 * same finding always shrinks to the same program.
 */
class TxnShrinkTest {
    private static final ServerConfig DDIO_DRAM = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");

    @Test
    void aBackupThatAcksBeforePersistingShrinksToASmallerProgramThatReplays() {
        TxnExplorer.Scenario s = TxnExplorer.Scenario.of(DDIO_DRAM, Transport.IB, 1, TxnPlantedBug.COMMIT_BACKUP_NOT_PERSISTED);
        TxnExplorer.Result r = new TxnExplorer().explore(s, List.of(TxnCrashTarget.ALL_SERVERS), 6, true, 1, TxnCrashHistoryCheck.strict(), true);
        assertThat(r.findings()).isNotEmpty();
        TxnExplorer.Finding found = r.findings().getFirst();

        TxnShrinker.Shrunk shrunk = TxnShrinker.shrink(found, TxnCrashHistoryCheck.strict());
        assertThat(shrunk.smaller()).isTrue();
        assertThat(shrunk.program().size()).isLessThan(s.program().size());
        assertThat(shrunk.original()).isEqualTo(s.program());
        assertThat(shrunk.candidates()).isLessThanOrEqualTo(TxnShrinker.MAX_CANDIDATES);
        TxnExplorer.Finding small = shrunk.finding();
        assertThat(small.target()).isEqualTo(found.target());
        assertThat(TxnShrinker.claimOf(small.violation())).isEqualTo(TxnShrinker.claimOf(found.violation()));
        TxnExplorer.Replay replay = TxnExplorer.decode(small.token());
        assertThat(replay.scenario().program()).isEqualTo(shrunk.program());
        TxnExplorer.Finding again = new TxnExplorer().replay(small.token(), TxnCrashHistoryCheck.strict());
        assertThat(again).isNotNull();
        assertThat(again.violation()).isEqualTo(small.violation());
        assertThat(TxnShrinker.shrink(found, TxnCrashHistoryCheck.strict()).finding().token()).as("deterministic").isEqualTo(small.token());
    }

    @Test
    void skippedValidationShrinksToTheWriteSkewPairWithoutACrash() {
        TxnExplorer.Scenario s = TxnExplorer.Scenario.of(DDIO_DRAM, Transport.IB, 1, TxnPlantedBug.VALIDATION_SKIPPED);
        TxnExplorer.Finding found = new TxnExplorer().explore(s, List.of(), 0, 0, TxnCrashHistoryCheck.strict(), true).findings().getFirst();
        TxnShrinker.Shrunk shrunk = TxnShrinker.shrink(found, TxnCrashHistoryCheck.strict());
        assertThat(shrunk.finding().target()).isNull();
        assertThat(shrunk.finding().violation()).startsWith("G2-item");
        // the cycle needs both halves of the write-skew pair: two writers, each reading both keys and appending to one
        assertThat(shrunk.program().clients().size() - shrunk.program().readers()).isEqualTo(2);
        assertThat(shrunk.program().size()).isLessThan(s.program().size());
        assertThat(new TxnExplorer().replay(shrunk.finding().token(), TxnCrashHistoryCheck.strict()).violation()).isEqualTo(shrunk.finding().violation());
    }
}
