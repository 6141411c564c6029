package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.txn.TxnCrashTarget;
import io.rdasuite.crashsim.txn.TxnExplorer;
import io.rdasuite.crashsim.txn.TxnProgram;
import io.rdasuite.crashsim.txn.TxnRecord;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Crash exploration of pDSM's transactions across three PM servers, every history checked for strict serializability
 * (paper 002 §4.1.6), and each planted bug caught and named by the checker.
 */
class TxnExplorationTest {
    private static final ServerConfig DDIO_DRAM = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
    private static final ServerConfig NODDIO_PM = ServerConfig.parse("WSP+NODDIO+PM-RQWRB");
    private final TxnExplorer explorer = new TxnExplorer();

    private static TxnExplorer.Scenario scenario(ServerConfig config, Transport transport, Plant bug) {
        return TxnExplorer.Scenario.of(config, transport, 1, bug);
    }

    @Test
    void uncutRunCommitsConcurrentTransactionsAndIsStrictlySerializable() {
        List<TxnRecord> h = explorer.uncutHistory(scenario(DDIO_DRAM, Transport.IB, Plant.NONE));
        assertThat(TxnCrashHistoryCheck.strict().check(h)).isNull();
        long committedWriters = h.stream().filter(r -> r.outcome() == TxnRecord.Outcome.OK && r.client() < 3).count();
        assertThat(committedWriters).as("writers' transactions that committed").isGreaterThanOrEqualTo(4);
        TxnRecord last = h.getLast();
        assertThat(last.outcome()).isEqualTo(TxnRecord.Outcome.OK);
        assertThat(last.reads().stream().mapToInt(r -> r.length).sum()).as("elements the final read sees").isGreaterThanOrEqualTo(5);
    }

    @Test
    void correctProtocolSurvivesEveryTargetInTwoConfigurations() {
        for (ServerConfig config : List.of(DDIO_DRAM, NODDIO_PM)) {
            Transport transport = config == DDIO_DRAM ? Transport.IB : Transport.IWARP;
            TxnExplorer.Result r = explorer.explore(scenario(config, transport, Plant.NONE), List.of(TxnCrashTarget.values()), 6, true, 2,
                    TxnCrashHistoryCheck.strict(), false);
            assertThat(r.findings()).as(config + " " + transport).isEmpty();
            assertThat(r.states()).isGreaterThan(200);
        }
    }

    @Test
    void skippedValidationIsAWriteSkewCycle() {
        TxnExplorer.Result r = explorer.explore(scenario(DDIO_DRAM, Transport.IB, TxnPlantedBug.VALIDATION_SKIPPED), List.of(), 0, 0,
                TxnCrashHistoryCheck.strict(), true);
        assertThat(r.findings()).hasSize(1);
        assertThat(r.findings().getFirst().violation()).startsWith("G2-item").contains("-rw(0)->", "-rw(1)->");
    }

    @Test
    void commitBackupWithoutPersistingLosesACommittedWriteWhenThePrimaryIsLost() {
        TxnExplorer.Finding f = firstFinding(TxnPlantedBug.COMMIT_BACKUP_NOT_PERSISTED, TxnCrashTarget.ALL_SERVERS_LOSE_SERVER_0);
        assertThat(f.violation()).startsWith("G-single-item-realtime");
        assertThat(explorer.replay(f.token(), TxnCrashHistoryCheck.strict()).violation()).isEqualTo(f.violation());
    }

    @Test
    void commitPrimaryBeforeTheBackupsAckExposesAWriteThatACrashTakesBack() {
        TxnExplorer.Finding f = firstFinding(TxnPlantedBug.COMMIT_PRIMARY_BEFORE_BACKUP_ACK, TxnCrashTarget.ALL_SERVERS_LOSE_SERVER_0);
        // which key shows it depends on the run's timing; the shape does not: a write read, then taken back
        assertThat(f.violation()).startsWith("G-single-item-realtime").contains("-wr(", "-realtime->");
    }

    /**
     * Re-replication (§4.1.7) under transactions: server 0 fails, its segments are copied to new places while commits go
     * on. A primary that installs a commit after the copy and before the mapping, without the segment's lock or a mirror
     * to the copy (the plant; the bug the kill campaign found), leaves the new place a version behind: the read-back's
     * replica comparison names it. The protocol passes the same target (every target, above).
     */
    @Test
    void aCommitInstalledWhileACopyWaitsToBeMappedReachesTheCopy() {
        // transactions long enough to go on through the failover, the copies and their mapping
        TxnProgram longer = TxnProgram.generate(1, 3, 40, 4, 1);
        TxnExplorer.Result r = explorer.explore(scenario(DDIO_DRAM, Transport.IB, TxnPlantedBug.COMMIT_MISSES_PENDING_COPY).withProgram(longer),
                List.of(TxnCrashTarget.SERVER_0_REREPLICATED), 16, true, 1, TxnCrashHistoryCheck.strict(), true);
        assertThat(r.findings()).as("the plant is caught").isNotEmpty();
        System.out.println("pending-copy plant: " + r.findings().size() + " findings, first: " + r.findings().getFirst().violation());
        TxnExplorer.Result fixed = explorer.explore(scenario(DDIO_DRAM, Transport.IB, Plant.NONE).withProgram(longer),
                List.of(TxnCrashTarget.SERVER_0_REREPLICATED), 16, true, 1, TxnCrashHistoryCheck.strict(), true);
        assertThat(fixed.findings()).as("the protocol").isEmpty();
    }

    private TxnExplorer.Finding firstFinding(Plant bug, TxnCrashTarget target) {
        TxnExplorer.Result r = explorer.explore(scenario(DDIO_DRAM, Transport.IB, bug), List.of(target), 16, true, 1, TxnCrashHistoryCheck.strict(), true);
        assertThat(r.findings()).as(bug + " under " + target).isNotEmpty();
        return r.findings().getFirst();
    }
}
