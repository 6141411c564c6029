package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.efactory.EfPlantedBug;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaPlantedBug;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.protocol.KvProtocol;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A log cleaner must wait for the writers in flight when it switches (paper 000 §4.4: a maximum RTT for one-sided
 * writes reserved before the switch; paper 001 §4.4: merge every object written during compressing). {@code rda
 * check}'s cleaning program keeps one there: client 0's puts of key 3 stall between the reservation and the data write
 * across Erda's half switch ({@code ~45000}) and across eFactory's merge switch ({@code ~120000}), and the client reads
 * key 3 after each. A cleaner that does not wait moves or merges the version before, the late write lands where no
 * entry names it, and the read after the acknowledged put returns the older value: the history is not linearizable
 * even before the crash. eFactory claims (buffered-durable) linearizability, so its plant fails a claim; Erda claims
 * only atomic puts, so its plant shows as a LINEARIZABILITY finding its store as written lacks (pinned findings catch it).
 *
 * <p>The same writer makes eFactory's compress stage observable when it names the new pool's copy before writing it
 * ({@code ef-clean-publish-before-copy}): the stalled put is the version written during compression, whose PrePTR is
 * pointed at the copy's place; a crash before the copy is written, while the put's data is still missing, leaves
 * recovery a version list that ends in an empty place, and the value client 1 read before the crash is gone
 * (MONOTONIC_READS, claimed).
 */
class CleanerWaitsForWritersTest {
    /** StoreCells.CLEANING_PROGRAM (cli). */
    private static final Program CLEANING_PROGRAM = Program.decode(
            "P3:1,P3:2~45000,G3,P3:3~120000,G3,P1:1,P2:1,G1/G1,P1:3,P2:2,G3,G2/P1:4,G1,P2:3,P1:5,G2");
    private static final Budget BUDGET = new Budget(150, 16, 4); // rda check's base budget

    enum Case {
        ERDA_NO_QUIESCE(ErdaProtocol.ERDA_CLEANING, ErdaPlantedBug.ERDA_CLEAN_NO_QUIESCE, "WSP+NODDIO+PM-RQWRB", Invariant.LINEARIZABILITY),
        EF_MERGE_SKIPS_WRITER_WAIT(EfProtocol.EFACTORY_CLEANING, EfPlantedBug.EF_MERGE_SKIPS_WRITER_WAIT, "WSP+NODDIO+PM-RQWRB", Invariant.LINEARIZABILITY),
        EF_PUBLISH_BEFORE_COPY(EfProtocol.EFACTORY_CLEANING, EfPlantedBug.EF_CLEAN_PUBLISH_BEFORE_COPY, "DMP+DDIO+DRAM-RQWRB", Invariant.MONOTONIC_READS);

        final KvProtocol protocol;
        final Plant plant;
        final ServerConfig config;
        final Invariant breaks;

        Case(KvProtocol protocol, Plant plant, String config, Invariant breaks) {
            this.protocol = protocol;
            this.plant = plant;
            this.config = ServerConfig.parse(config);
            this.breaks = breaks;
        }
    }

    @ParameterizedTest
    @EnumSource(Case.class)
    void aWriterInFlightAcrossTheCleanersSwitchRevealsThePlant(Case c) {
        KvSubject subject = new KvSubject(c.protocol);
        Scenario scenario = new Scenario(subject.name(), c.config, Transport.IB, 1, CLEANING_PROGRAM);

        Explorer.Report asWritten = Explorer.explore(subject, scenario, BUDGET);
        Explorer.Report planted = PlantedBugs.with(c.plant, () -> Explorer.explore(subject, scenario, BUDGET));

        assertThat(asWritten.passed()).as("the store as written keeps its claims: %s", asWritten.violations()).isTrue();
        assertThat(asWritten.statesByInvariant()).as("the store as written keeps %s here", c.breaks).doesNotContainKey(c.breaks);
        assertThat(planted.statesByInvariant()).as("%s breaks %s", c.plant, c.breaks).containsKey(c.breaks);
        assertThat(planted.passed()).as("claimed by %s", c.protocol).isEqualTo(c.protocol == ErdaProtocol.ERDA_CLEANING);
    }
}
