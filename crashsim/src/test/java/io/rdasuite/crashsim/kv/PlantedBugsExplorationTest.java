package io.rdasuite.crashsim.kv;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.store.baseline.BaselinePlantedBug;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.efactory.EfPlantedBug;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaPlantedBug;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.RemoteLogPlantedBug;
import io.rdasuite.store.persist.UpdateKind;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The mutation catalogue (DESIGN §5a) against crash exploration: for a handful of planted bugs, one configuration
 * where the bug shows, explored with the program {@code rda check} runs. The store as written passes there; with
 * the bug planted the explorer finds states that break the claimed property the bug breaks. {@code ci/mutation.sh}
 * scores the whole catalogue.
 */
class PlantedBugsExplorationTest {
    /** {@code rda check}'s store program: two clients race on two keys with puts, overwrites and reads. */
    private static final Program STORE_PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1), Op.get(2)),
            List.of(Op.get(1), Op.put(1, 3), Op.get(2), Op.put(2, 2))));
    private static final Budget BUDGET = new Budget(150, 16, 4);
    /**
     * {@code rda check}'s program for the cleaning stores (StoreCells.CLEANING_PROGRAM): key 3's writer stalls between
     * reservation and data write across the cleaner's switches (45 µs, then 120 µs), each put followed by its own read.
     */
    private static final Program CLEANING_PROGRAM = new Program(List.of(
            List.of(Op.put(3, 1), Op.stalledPut(3, 2, 45_000), Op.get(3), Op.stalledPut(3, 3, 120_000), Op.get(3),
                    Op.put(1, 1), Op.put(2, 1), Op.get(1)),
            List.of(Op.get(1), Op.put(1, 3), Op.put(2, 2), Op.get(3), Op.get(2)),
            List.of(Op.put(1, 4), Op.get(1), Op.put(2, 3), Op.put(1, 5), Op.get(2))));

    static Stream<Arguments> revealingCells() {
        return Stream.of(
                kv(ErdaPlantedBug.ERDA_GET_SKIPS_CRC, ErdaProtocol.ERDA, "MHP+NODDIO+DRAM-RQWRB", "RDA"),
                kv(ErdaPlantedBug.ERDA_RECOVERY_WRONG_SEGMENT, ErdaProtocol.ERDA, "DMP+DDIO+DRAM-RQWRB", "STRUCTURE"),
                kv(ErdaPlantedBug.ERDA_RECOVERY_PARTIAL_SCAN, ErdaProtocol.ERDA, "DMP+DDIO+DRAM-RQWRB", "STRUCTURE"),
                kv(EfPlantedBug.EF_RECOVERY_TRUSTS_VALID_BIT, EfProtocol.EFACTORY, "MHP+DDIO+DRAM-RQWRB", "RDA"),
                kv(EfPlantedBug.EF_BACKGROUND_FLAG_WITHOUT_PERSIST, EfProtocol.EFACTORY, "DMP+DDIO+DRAM-RQWRB", "MONOTONIC_READS"),
                kv(EfPlantedBug.SAW_COMMIT_WITHOUT_PERSIST, EfProtocol.SAW, "DMP+DDIO+DRAM-RQWRB", "DURABILITY"),
                kv(EfPlantedBug.IMM_ACK_BEFORE_PERSIST, EfProtocol.IMM, "WSP+NODDIO+DRAM-RQWRB", "DURABILITY"),
                kv(BaselinePlantedBug.REDO_CHECKPOINT_BEFORE_APPLY, BaselineProtocol.REDO, "DMP+NODDIO+DRAM-RQWRB", "RDA"),
                kv(BaselinePlantedBug.RAW_APPLY_BEFORE_PERSIST, BaselineProtocol.RAW, "DMP+DDIO+DRAM-RQWRB", "RDA"),
                log(RemoteLogPlantedBug.REMOTELOG_TAIL_BEFORE_RECORD, PrimaryOp.WRITE, UpdateKind.COMPOUND, "MHP+NODDIO+DRAM-RQWRB", "STRUCTURE"),
                log(RemoteLogPlantedBug.REMOTELOG_RESPONDER_SKIPS_FLUSH, PrimaryOp.WRITE, UpdateKind.SINGLETON, "DMP+DDIO+DRAM-RQWRB", "DURABILITY"));
    }

    private static Arguments kv(Plant bug, KvProtocol protocol, String config, String invariant) {
        return Arguments.of(bug, new KvSubject(protocol), ServerConfig.parse(config), STORE_PROGRAM, invariant);
    }

    private static Arguments log(Plant bug, PrimaryOp op, UpdateKind update, String config, String invariant) {
        ServerConfig c = ServerConfig.parse(config);
        return Arguments.of(bug, new RemoteLogSubject(Recipes.paper(c, Transport.IB, op, update)), c, Program.sequentialPuts(3), invariant);
    }

    /**
     * Plants of Erda's cleaner: Erda claims only atomic puts, so these show as findings the store as written does not
     * have in the cell (rda check's pinned findings catch them): WSP with IB loses no acknowledged put.
     */
    static Stream<Arguments> findingCells() {
        return Stream.of(
                Arguments.of(ErdaPlantedBug.ERDA_CLEAN_MOVES_OLDER, "WSP+DDIO+DRAM-RQWRB", "DURABILITY"));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("findingCells")
    void cleaningPlantsGainAFindingTheStoreAsWrittenLacks(Plant bug, String config, String invariant) {
        KvSubject subject = new KvSubject(ErdaProtocol.ERDA_CLEANING);
        Invariant expected = Invariant.parse(invariant);
        Scenario scenario = new Scenario(subject.name(), ServerConfig.parse(config), Transport.IB, 1, CLEANING_PROGRAM);

        Explorer.Report asWritten = Explorer.explore(subject, scenario, BUDGET);
        Explorer.Report planted = PlantedBugs.with(bug, () -> Explorer.explore(subject, scenario, BUDGET));

        assertThat(asWritten.passed()).as("the store as written passes: %s", asWritten.violations()).isTrue();
        assertThat(asWritten.statesByInvariant()).as("the store as written keeps every acknowledged put here").doesNotContainKey(expected);
        assertThat(planted.statesByInvariant()).as("%s shows as %s", bug, invariant).containsKey(expected);
    }

    @ParameterizedTest(name = "{0} in {1} on {2}")
    @MethodSource("revealingCells")
    void explorationCatchesThePlantTheUnplantedStorePasses(Plant bug, Subject subject, ServerConfig config, Program program, String invariant) {
        Invariant expected = Invariant.parse(invariant);
        Scenario scenario = new Scenario(subject.name(), config, Transport.IB, 1, program);

        Explorer.Report asWritten = Explorer.explore(subject, scenario, BUDGET);
        Explorer.Report planted = PlantedBugs.with(bug, () -> Explorer.explore(subject, scenario, BUDGET));

        assertThat(asWritten.passed()).as("the store as written passes: %s", asWritten.violations()).isTrue();
        assertThat(planted.passed()).as("%s is caught", bug).isFalse();
        assertThat(planted.statesByInvariant()).as("%s breaks %s", bug, invariant).containsKey(expected);
        assertThat(PlantedBugs.activePlant()).as("the switch is off again").isEqualTo(Plant.NONE);
    }
}
