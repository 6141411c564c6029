package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rda check's transaction cells: the protocol passes every crash target, a planted ordering bug fails with the anomaly
 * named and a replay line that reproduces it, and the replayed history is one rda lin check judges the same way.
 */
class TxnCellsTest {
    static final TxnCells.Cell CELL = new TxnCells.Cell(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB);

    @Test
    void theProtocolPassesEveryTarget() {
        TxnRow row = TxnCells.explore(CELL, 1, 1, Plant.NONE);
        assertThat(row.verdict()).as("%s", row.examples()).isEqualTo("PASS");
        Map<String, String> targets = row.targets(); // the uncut run ("none") and every crash target
        assertThat(targets).hasSize(1 + io.rdasuite.crashsim.txn.TxnCrashTarget.values().length).containsKey("server-0-rereplicated")
                .allSatisfy((t, v) -> assertThat(v).isEqualTo("PASS"));
        assertThat(row.crashStates()).isGreaterThan(200);
    }

    @Test
    void aBackupAckBeforeItsRecordPersistsFailsAndReplays(@TempDir Path dir) throws Exception {
        TxnRow row = TxnCells.explore(CELL, 1, 1, TxnPlantedBug.COMMIT_BACKUP_NOT_PERSISTED);
        assertThat(row.verdict()).isEqualTo("FAIL");
        TxnRow.Example example = row.examples().getFirst();
        String replay = example.replay();
        assertThat(replay).startsWith("rda replay rdat1.");
        Path history = dir.resolve("h.jsonl");
        RdaRun r = RdaRun.of("replay", replay.substring("rda replay ".length()), "--history", history.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("reproduced").asBoolean()).isTrue();
        assertThat(doc.get("anomaly").asText()).isEqualTo(example.anomaly());
        RdaRun lin = RdaRun.of("lin", "check", "--model", "txn-list-append", "--strict", history.toString());
        assertThat(lin.exitCode()).as(lin.out() + lin.err()).isEqualTo(1);
        assertThat(lin.out()).contains(example.anomaly().substring(0, example.anomaly().indexOf(':')));
        assertThat(Files.readAllLines(history)).isNotEmpty();
    }

    /**
     * A commit installed while a re-replicated copy waits to be mapped (the kill campaign's bug, kept as a plant) happens
     * only while transactions outlast the copying: the cell's second exploration, with the longer program, catches it
     * at budget 1, and the protocol as written passes it.
     */
    @Test
    void theLongerReReplicationProgramCatchesACommitThatMissesAPendingCopy() {
        for (Plant bug : new Plant[] {TxnPlantedBug.COMMIT_MISSES_PENDING_COPY, Plant.NONE}) {
            io.rdasuite.crashsim.txn.TxnExplorer.Scenario s = io.rdasuite.crashsim.txn.TxnExplorer.Scenario.of(CELL.config(), CELL.transport(), 1, bug)
                    .withProgram(TxnCells.rereplicationProgram(1));
            io.rdasuite.crashsim.txn.TxnExplorer.Result r = new io.rdasuite.crashsim.txn.TxnExplorer().explore(s,
                    java.util.List.of(io.rdasuite.crashsim.txn.TxnCrashTarget.SERVER_0_REREPLICATED), TxnCells.crashPoints(1), false, TxnCells.images(1),
                    io.rdasuite.linearizability.crash.TxnCrashHistoryCheck.strict(), true);
            if (bug == Plant.NONE) {
                assertThat(r.findings()).as("the protocol").isEmpty();
            } else {
                assertThat(r.findings()).as("the plant").isNotEmpty();
                assertThat(r.findings().getFirst().violation()).startsWith("REPLICAS");
            }
        }
        io.rdasuite.crashsim.txn.TxnExplorer.Scenario shortOne = io.rdasuite.crashsim.txn.TxnExplorer.Scenario.of(CELL.config(), CELL.transport(), 1,
                TxnPlantedBug.COMMIT_MISSES_PENDING_COPY);
        assertThat(new io.rdasuite.crashsim.txn.TxnExplorer().explore(shortOne, java.util.List.of(io.rdasuite.crashsim.txn.TxnCrashTarget.SERVER_0_REREPLICATED),
                TxnCells.crashPoints(1), false, TxnCells.images(1), io.rdasuite.linearizability.crash.TxnCrashHistoryCheck.strict(), true).findings())
                .as("the default program alone misses it: why the cell explores the longer one").isEmpty();
    }

    @Test
    void theNegativeControlIsCaughtAsWriteSkew() {
        TxnControlRow c = TxnCells.control(1);
        assertThat(c.verdict()).isEqualTo("CAUGHT");
        assertThat(c.anomaly()).startsWith("G2-item");
    }

    /**
     * Seed 51's own timing never overlaps the two transactions (the sweep of 2026-11-27: MISSED, so `rda check --seed 51`
     * failed on correct code); the control is anchored, so every seed catches it.
     */
    @Test
    void theNegativeControlIsCaughtAtASeedWhoseOwnTimingMissesIt() {
        TxnControlRow c = TxnCells.control(51);
        assertThat(c.verdict()).isEqualTo("CAUGHT");
        assertThat(c.anomaly()).startsWith("G2-item");
    }

    @Test
    void aMistypedReplayTokenIsRejectedWithExit2() {
        RdaRun r = RdaRun.of("replay", "rdat1.RE1QK0RESU8rRFJBTS1SUVdSQjpJQjoxOnZhbGlkYXRpb24tc2tpcHBlZDpub25lOi0xOjA.d92d0d3b");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("checksum does not match");
    }

    @Test
    void anUnknownClustersValueNamesTheChoices() {
        RdaRun r = RdaRun.of("check", "--clusters", "transactions");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("valid: all, none, pdsm, pdkvs, pdfs, txn");
    }

    @Test
    void aNonAtomicRenameFailsThePdfsCellAndItsReplayLineReproducesIt() {
        TxnRow row = FsCells.explore(CELL, 1, 1, io.rdasuite.store.thdpms.fs.PdfsPlantedBug.RENAME_TWO_OPERATIONS);
        assertThat(row.verdict()).isEqualTo("FAIL");
        TxnRow.Example example = row.examples().getFirst();
        assertThat(example.violation()).startsWith("DUPLICATE");
        RdaRun r = RdaRun.of("replay", example.replay().substring("rda replay ".length()));
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).startsWith("DUPLICATE");
        assertThat(FsCells.explore(CELL, 1, 1, Plant.NONE).verdict()).isEqualTo("PASS");
    }
}
