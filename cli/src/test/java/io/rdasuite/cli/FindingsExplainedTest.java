package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import io.rdasuite.store.thdpms.txn.TxnPlantedBug;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Findings that explain themselves (issue 27): a planted bug's finding in {@code rda fuzz} and in the TH-DPMS cells of
 * {@code rda check} names the claim it breaks, the program, where the crash fell in the protocol's own steps, and a
 * history timeline; in the JSON and in the HTML report.
 */
class FindingsExplainedTest {
    private static final String DMP = "DMP+DDIO+DRAM-RQWRB";

    @TempDir
    Path timelines;

    /** The cells draw timelines only where a run's --report asks for them (docs/COMMANDS.md, "The contract"). */
    @org.junit.jupiter.api.BeforeEach
    void drawTimelinesHere() {
        CheckReport.timelineDir = timelines;
    }

    @org.junit.jupiter.api.AfterEach
    void drawNoMore() {
        CheckReport.timelineDir = null;
    }

    @Test
    void aFuzzFailureOfImmsEarlyAckNamesTheClaimTheWriteWithImmStepAndItsTimeline(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report");
        RdaRun run = RdaRun.of("fuzz", "--plant", "imm-ack-before-persist", "--protocols", "imm", "--runs", "16", "--seed", "1", "--json",
                "--corpus", dir.resolve("corpus").toString(), "--report", report.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        JsonNode failures = new ObjectMapper().readTree(run.out()).get("failures");
        assertThat(failures).isNotEmpty();
        for (JsonNode f : failures) {
            assertThat(f.get("claim").asText()).isEqualTo(Invariant.parse(f.get("invariant").asText()).claimText());
            assertThat(f.get("programByClient").get(0).get(0).asText()).matches("(put|get|delete) k\\d+.*");
            List<String> point = new ObjectMapper().convertValue(f.get("crashPoint"), List.class);
            assertThat(point).first().asString().startsWith("power failure before event ");
            // the bug acknowledges the write_with_imm before the flush: the acknowledged put was cut in IMM's second step
            assertThat(point).anySatisfy(l -> assertThat(l).startsWith("client 0 in the protocol's steps: IMM PUT, step 2 of 2, the write_with_imm"));
            assertThat(Path.of(f.get("timeline").asText())).exists().isRegularFile();
        }
        String html = Files.readString(report.resolve("index.html"));
        assertThat(html).contains("Breaks the claim").contains("Where the crash fell").contains("IMM PUT, step 2 of 2").contains("timelines/fuzz-kv-imm-");
    }

    @Test
    void aPdsmViolationOfTheEarlySwingNamesTheClaimTheProgramThePutObjStepAndItsTimeline() {
        ClusterCells.Cell cell = new ClusterCells.Cell(ServerConfig.parse(DMP), Transport.IB, CrashTarget.ALL_SERVERS, ClusterCells.Store.PDSM);
        PdsmRow row = ClusterCells.explore(cell, 1, 1, ThdpmsPlantedBug.SWING_BEFORE_PAGES_PERSIST);
        assertThat(row.verdict()).isEqualTo("FAIL");
        List<PdsmRow.Example> shrunk = row.examples().stream().filter(PdsmRow.Example::shrunk).toList();
        assertThat(shrunk).isNotEmpty();
        for (PdsmRow.Example e : shrunk) {
            assertThat(e.claim()).isEqualTo(Invariant.parse(e.invariant()).claimText());
            // a client the shrinker emptied may stay (its node is still part of the deployment), but some client acts
            assertThat(e.program()).isNotEmpty().anySatisfy(ops -> assertThat(ops).isNotEmpty());
            assertThat(e.crashPoint()).first().asString().startsWith("power failure before event " + e.crashEvent());
            assertThat(e.crashPoint()).anySatisfy(l -> assertThat(l).matches("client \\d in the protocol's steps: pDSM (put_obj|get_obj|del_obj), step .*"));
            assertThat(Path.of(e.timeline())).exists();
        }
    }

    @Test
    void aTransactionCommittedAtThePrimaryBeforeItsBackupsIsShownAfterCommitPrimaryWithoutCommitBackup() {
        TxnRow row = TxnCells.explore(new TxnCells.Cell(ServerConfig.parse(DMP), Transport.IB), 1, 1,
                TxnPlantedBug.COMMIT_PRIMARY_BEFORE_BACKUP_ACK);
        assertThat(row.examples()).isNotEmpty();
        TxnRow.Example e = row.examples().getFirst();
        assertThat(e.claim()).isEqualTo(TxnCells.CLAIM);
        // shrunk: fewer transactions than the cell's program (kept under "original", 4 clients), and it replays on its own
        assertThat(e.shrunk()).isTrue();
        TxnRow.Original original = e.original();
        assertThat(original.program()).hasSize(4);
        assertThat(e.operations()).isLessThan(original.operations());
        RdaRun replay = RdaRun.of("replay", e.replay().substring("rda replay ".length()));
        assertThat(replay.exitCode()).isEqualTo(1);
        assertThat(replay.out().strip()).endsWith(e.anomaly());
        List<String> point = e.crashPoint();
        assertThat(point.getFirst()).isEqualTo("power failure of " + e.target() + " before event " + e.crashEvent());
        // the plant's signature: a transaction the crash cut after COMMIT-PRIMARY with no backup's COMMIT-BACKUP before it
        assertThat(point).anySatisfy(l -> assertThat(l).contains("in the protocol's steps: pDSM transaction").contains("after step 5, Commit-primary")
                .doesNotContain("COMMIT-BACKUP at"));
        assertThat(Path.of(e.timeline())).exists();
    }

    @Test
    void aPdfsFindingNamesTheNamespaceClaimAndEachClientsOperationAtTheCrash() throws java.io.IOException {
        TxnRow row = FsCells.explore(new TxnCells.Cell(ServerConfig.parse(DMP), Transport.IB), 1, 1,
                PdfsPlantedBug.RENAME_TWO_OPERATIONS);
        assertThat(row.examples()).isNotEmpty();
        TxnRow.Example e = row.examples().getFirst();
        assertThat(e.claim()).isEqualTo(FsCells.CLAIM);
        List<String> point = e.crashPoint();
        assertThat(point.getFirst()).isEqualTo("power failure of " + e.target() + " before event " + e.crashEvent());
        // the plant splits a rename in two: the crash that reveals it falls inside a rename
        assertThat(point).anySatisfy(l -> assertThat(l).matches("client \\d: rename \\S+ \\S+ in flight \\(operation \\d+ of \\d+, pDFS metadata, 002 §4.2\\).*"));
        // shrunk to fewer operations than the cell's 14, the original kept; a timeline that marks the crash and the cut rename
        assertThat(e.shrunk()).isTrue();
        assertThat(e.operations()).isLessThan(e.original().operations()).isLessThan(14);
        String html = java.nio.file.Files.readString(Path.of(e.timeline()));
        assertThat(html).contains("class=\"crash\"", "power failure of " + e.target() + " before event " + e.crashEvent());
        assertThat(html).containsPattern("rename \\S+ \\S+ \\(pending\\)");
    }
}
