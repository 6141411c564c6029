package io.rdasuite.linearizability.lincheck;

import static io.rdasuite.linearizability.lincheck.Scenarios.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rdasuite.linearizability.lincheck.LincheckNessieIndexTest.NessieOnModel;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.nessie.NessiePlantedBug;
import java.util.List;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.api.Test;

/**
 * The mutation catalogue's fifth Nessie plant, {@link NessiePlantedBug#MIGRATE_SOURCE_FIRST} (paper 004 §4.2.3: a
 * MIGRATE installs the copy in the destination ITE, then empties the source), under the model checker of
 * {@link LincheckNessieIndexTest}, on the scenario where key 3's PUT migrates key 1 while a GET of key 1 runs. With
 * the two CASes swapped, a GET that reads both ITEs between them, and re-reads them in reverse before the copy
 * lands, reports key 1 absent. Planted through the JVM-wide switch ({@code rda ... --plant
 * nessie-migrate-source-first}), which a configuration left at {@link Plant#NONE} follows.
 */
class LincheckNessieMigrateOrderTest {
    /** Nessie whose MIGRATE empties the source first, planted by the mutation switch, not by its configuration. */
    public static class SourceFirst extends NessieOnModel {
        public SourceFirst() {
            super(LincheckNessieIndexTest.KEYS, Plant.NONE);
        }
    }

    private static final List<List<Scenarios.Call>> MIGRATION_UNDER_A_GET = List.of(
            List.of(call("put", 1, 1), call("put", 2, 1), call("delete", 2)), List.of(call("put", 3, 1)), List.of(call("get", 1)), List.of());

    private static Throwable check(Class<?> subject) {
        ExecutionScenario scenario = Scenarios.of(subject, MIGRATION_UNDER_A_GET.get(0), List.of(MIGRATION_UNDER_A_GET.get(1),
                MIGRATION_UNDER_A_GET.get(2)), MIGRATION_UNDER_A_GET.get(3));
        return catchThrowable(() -> ModelChecking.options().iterations(0).invocationsPerIteration(LincheckNessiePlantedBugsTest.INTERLEAVINGS)
                .addCustomScenario(scenario).minimizeFailedScenario(false).sequentialSpecification(KvSpec.class).check(subject));
    }

    @Test
    void aMigrateThatEmptiesTheSourceFirstIsCaughtAndTheCorrectOrderPasses() {
        Throwable found = PlantedBugs.with(NessiePlantedBug.MIGRATE_SOURCE_FIRST, () -> check(SourceFirst.class));
        assertThat(found).as("MIGRATE source first caught").isInstanceOf(LincheckAssertionError.class);
        String results = Findings.results(found);
        assertThat(results).contains("= Invalid execution results =").containsPattern("get\\(1\\): 0");
        System.out.printf("Lincheck, Nessie with a planted bug (MIGRATE empties the source first), caught:%n%s%n", results);

        Throwable correct = check(NessieOnModel.class);
        assertThat(correct).as("the correct order on the same scenario; Lincheck found:%n%s", correct == null ? "" : Findings.results(correct)).isNull();
    }
}
