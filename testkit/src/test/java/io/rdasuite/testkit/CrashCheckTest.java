package io.rdasuite.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.baseline.BaselinePlantedBug;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The kit on Redo Logging (paper 000 §5.1), which claims every property: as written it passes; with its acknowledgement
 * sent before the record persists (the planted bug {@code redo-ack-before-persist}) the kit fails it, with a shrunk
 * program, a trace, and a replay token that reproduces the failure.
 */
class CrashCheckTest {
    private static final String CONFIG = "DMP+NODDIO+PM-RQWRB";

    @CrashCheck(protocol = "redo", configs = CONFIG, budget = 0.05, fuzzRuns = 16)
    void redoLoggingKeepsItsClaims() {
    }

    @Test
    void anAcknowledgementBeforeThePersistIsCaughtShrunkAndReplayable() {
        StoreCheckReport r = PlantedBugs.with(BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST, () -> StoreCheck.run(BaselineProtocol.REDO,
                StoreCheck.Settings.defaults().withConfigs(List.of(ServerConfig.parse(CONFIG))).withBudget(0.05).withFuzzRuns(0)));
        assertThat(r.passed()).as(r.describe()).isFalse();
        StoreCheckReport.Failure f = r.failures().getFirst();
        assertThat(f.invariant()).isEqualTo("DURABILITY");
        assertThat(f.replay()).startsWith("rda replay rda2.");
        assertThat(f.program()).isNotEmpty();
        assertThat(f.program().stream().mapToInt(line -> line.split(",").length).sum())
                .as("shrunk below the default program's 13 operations").isLessThan(13);
        assertThat(r.describe()).contains("DURABILITY failed (" + CONFIG + "/IB)").contains("replay: rda replay rda2.");
        assertThat(PlantedBugs.with(BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST, () -> StoreCheck.replay(f.token()))).anyMatch(line -> line.startsWith("DURABILITY"));
    }

    @Test
    void theFuzzerStaysOnTheConfigurationsAndTransportsNamedAndSaysWhereItFailed() {
        StoreCheckReport r = PlantedBugs.with(BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST, () -> StoreCheck.run(BaselineProtocol.REDO,
                StoreCheck.Settings.defaults().withConfigs(List.of(ServerConfig.parse(CONFIG))).withBudget(0.02).withFuzzRuns(40)));
        List<StoreCheckReport.Failure> fuzz = r.failures().stream().filter(f -> f.where().startsWith("fuzz run ")).toList();
        assertThat(fuzz).as(r.describe()).isNotEmpty();
        assertThat(fuzz).allSatisfy(f -> assertThat(f.where()).contains(", " + CONFIG + "/IB"));
    }

    /** A cluster through the same annotation: TH-DPMS's object store (paper 002 §4.1.5) under power failures of every server. */
    @CrashCheck(subject = "pdsm/objects", configs = CONFIG, budget = 0.05, fuzzRuns = 0)
    void pdsmsObjectStoreKeepsItsClaims() {
    }

    /** Its acknowledgement before the flush (paper 002 §4.1.5), planted through the subject's name, is caught. */
    @CrashCheck(subject = "pdsm/objects/ack-before-flush", configs = CONFIG, budget = 0.05, fuzzRuns = 0)
    void pdsmsEarlyAckIsCaught(StoreCheckReport report) {
        assertThat(report.passed()).as(report.describe()).isFalse();
        assertThat(report.failures()).extracting(StoreCheckReport.Failure::invariant).contains("DURABILITY");
        assertThat(report.failures().getFirst().replay()).startsWith("rda replay rda2.");
    }

    @Test
    void aSubjectWithFuzzRunsIsRefusedWithTheReason() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StoreCheck.runSubject("pdsm/objects", StoreCheck.Settings.defaults()))
                .hasMessageContaining("fuzzRuns = 0");
    }

    /** The annotation plants the bug it names for its check only, and hands the report to a method that asks for it. */
    @CrashCheck(protocol = "redo", plant = "redo-ack-before-persist", configs = CONFIG, budget = 0.05, fuzzRuns = 0)
    void thePlantNamedInTheAnnotationIsCaught(StoreCheckReport report) {
        assertThat(report.passed()).isFalse();
        assertThat(report.failures().getFirst().invariant()).isEqualTo("DURABILITY");
        assertThat(PlantedBugs.activePlant()).as("switched off after the check").isSameAs(Plant.NONE);
    }

    /** The annotation hands its report to a method that asks for it, and leaves the verdict to it. */
    @Nested
    class WithAPlantedBug {
        @BeforeEach
        void plant() {
            PlantedBugs.plant(BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST);
        }

        @AfterEach
        void unplant() {
            PlantedBugs.plant(Plant.NONE);
        }

        @CrashCheck(protocol = "redo", configs = CONFIG, budget = 0.05, fuzzRuns = 0)
        void theReportGoesToTheMethod(StoreCheckReport report) {
            assertThat(report.passed()).isFalse();
            assertThat(report.cells()).singleElement().satisfies(c -> assertThat(c.failed()).contains("DURABILITY"));
        }
    }
}
