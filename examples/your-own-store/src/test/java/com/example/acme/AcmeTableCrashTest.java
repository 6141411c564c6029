package com.example.acme;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.testkit.CrashCheck;
import io.rdasuite.testkit.StoreCheck;
import io.rdasuite.testkit.StoreCheckReport;

/**
 * The Acme table under power failures and crashes on RDA Suite's simulator. The configurations are those where a
 * cache is lost at a power failure (DMP: only the memory controller's queues are persistent; with DDIO the NIC writes
 * into the cache), the ones where an early acknowledgement can lose data.
 */
class AcmeTableCrashTest {
    // tag::test[]
    /** The table as designed keeps every claim: the explorer's crash states and 50 fuzz runs. */
    @CrashCheck(protocol = "acme-table", configs = {"DMP+DDIO+DRAM-RQWRB", "DMP+NODDIO+PM-RQWRB"}, budget = 0.1, fuzzRuns = 50)
    void theTableKeepsItsClaims() {
    }
    // end::test[]

    // tag::caught[]
    /** The mistake planted: the reply goes out before the persists. The kit finds the lost acknowledged put. */
    @CrashCheck(protocol = "acme-table", plant = "acme-table-early-ack", configs = "DMP+DDIO+DRAM-RQWRB", budget = 0.1, fuzzRuns = 0)
    void anAcknowledgementBeforeTheFlushIsCaught(StoreCheckReport report) {
        assertThat(report.passed()).as(report.describe()).isFalse();
        StoreCheckReport.Failure lost = report.failures().getFirst();
        assertThat(report.failures()).extracting(StoreCheckReport.Failure::invariant).contains("DURABILITY");
        assertThat(lost.replay()).contains("rda replay --classpath ").contains(" rda2.");
        assertThat(StoreCheck.replay(lost.token())).anyMatch(line -> line.startsWith("DURABILITY"));
        System.out.println(report.describe()); // docs/YOUR-OWN-STORE.md shows this report (TutorialTest holds the two equal)
    }
    // end::caught[]
}
