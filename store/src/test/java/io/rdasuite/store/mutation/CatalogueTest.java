package io.rdasuite.store.mutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.baseline.BaselinePlantedBug;
import io.rdasuite.store.erda.ErdaPlantedBug;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The mutation catalogue (DESIGN §5a): every shipped planted bug names its store and the paper section it breaks. */
class CatalogueTest {
    /** What a plant's stores may name: {@code rda check --protocols} names, Nessie (its own deployment), REMOTELOG and the {@code --clusters} cells. */
    private static final Set<String> STORES = Set.of("erda", "erda-cleaning", "efactory", "efactory-cleaning", "efactory-nohr", "saw", "imm",
            "forca", "redo", "raw", "nessie", "remotelog", "pdsm", "pdkvs", "txn", "pdfs");

    /** The shipped stores' plants: what their packages register (the test's own user family's are not among them). */
    private static List<Plant> shipped() {
        List<Plant> out = new ArrayList<>();
        ServiceLoader.load(PackagePlants.class).forEach(p -> out.addAll(p.plants()));
        return out;
    }

    @Test
    void everyPlantNamesItsStoresAndAPaperSection() {
        assertThat(Plant.NONE.stores()).isEmpty();
        assertThat(shipped()).hasSizeGreaterThan(50);
        for (Plant bug : shipped()) {
            assertThat(bug.stores()).as("%s's stores", bug).isNotEmpty();
            assertThat(STORES).as("%s's stores", bug).containsAll(bug.stores());
            assertThat(bug.description()).as("%s names a paper section", bug).containsPattern("paper 00[0-4] §\\d");
            assertThat(bug.paperSection()).as("%s ends with its paper section", bug).matches("paper 00[0-4] §\\d.*");
            assertThat(bug.whatItBreaks() + " (" + bug.paperSection() + ")").isEqualTo(bug.description());
            assertThat(bug.cliName()).as("%s's name", bug).matches("[a-z0-9]+(-[a-z0-9]+)*");
            assertThat(bug.toString()).isEqualTo(bug.cliName());
        }
    }

    @Test
    void everyStoreHasItsPlants() {
        // the brief of issue 14: at least 4 per store, 3 for REMOTELOG's recipes
        for (String store : List.of("erda", "efactory", "redo", "raw", "nessie", "remotelog")) {
            long n = shipped().stream().filter(b -> b.stores().stream().anyMatch(s -> s.startsWith(store))).count();
            assertThat(n).as("plants in %s", store).isGreaterThanOrEqualTo(store.equals("remotelog") ? 3 : 4);
        }
    }

    @Test
    void withPlantsForItsBodyOnlyAndRestoresWhatWasPlanted() {
        assertThat(PlantedBugs.activePlant()).isEqualTo(Plant.NONE);
        boolean seen = PlantedBugs.with(ErdaPlantedBug.ERDA_GET_SKIPS_CRC, () -> PlantedBugs.on(ErdaPlantedBug.ERDA_GET_SKIPS_CRC)
                && !PlantedBugs.on(Plant.NONE));
        assertThat(seen).isTrue();
        assertThat(PlantedBugs.activePlant()).isEqualTo(Plant.NONE);
        assertThatThrownBy(() -> PlantedBugs.with(BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST, () -> {
            throw new IllegalStateException("boom");
        })).hasMessage("boom");
        assertThat(PlantedBugs.activePlant()).as("restored after an exception").isEqualTo(Plant.NONE);
    }
}
