package io.rdasuite.store.mutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The mutation catalogue (DESIGN §5a): every planted bug names its store and the paper section it breaks. */
class PlantedBugTest {
    /** What a plant's stores may name: {@code rda check --protocols} names, Nessie (its own deployment), REMOTELOG and the {@code --clusters} cells. */
    private static final Set<String> STORES = Set.of("erda", "erda-cleaning", "efactory", "efactory-cleaning", "efactory-nohr", "saw", "imm",
            "forca", "redo", "raw", "nessie", "remotelog", "pdsm", "pdkvs", "txn", "pdfs");

    @Test
    void everyPlantNamesItsStoresAndAPaperSection() {
        for (PlantedBug bug : PlantedBug.values()) {
            if (bug == PlantedBug.NONE) {
                assertThat(bug.stores()).isEmpty();
                continue;
            }
            assertThat(bug.stores()).as("%s's stores", bug).isNotEmpty();
            assertThat(STORES).as("%s's stores", bug).containsAll(bug.stores());
            assertThat(bug.description()).as("%s names a paper section", bug).containsPattern("paper 00[0-4] §\\d");
            assertThat(bug.paperSection()).as("%s ends with its paper section", bug).matches("paper 00[0-4] §\\d.*");
            assertThat(bug.whatItBreaks() + " (" + bug.paperSection() + ")").isEqualTo(bug.description());
            assertThat(bug.cliName()).as("%s's name", bug).matches("[a-z0-9]+(-[a-z0-9]+)*");
        }
    }

    @Test
    void namesAreUniqueAndParseBack() {
        List<String> names = Arrays.stream(PlantedBug.values()).map(PlantedBug::cliName).toList();
        assertThat(new TreeSet<>(names)).hasSameSizeAs(names);
        for (PlantedBug bug : PlantedBug.values()) {
            assertThat(PlantedBug.parse(" " + bug.cliName().toUpperCase() + " ")).isEqualTo(bug);
        }
    }

    @Test
    void anUnknownNameListsTheValidOnes() {
        assertThatThrownBy(() -> PlantedBug.parse("erda-forgets-everything"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown planted bug 'erda-forgets-everything'")
                .hasMessageContaining("erda-get-skips-crc")
                .hasMessageContaining("remotelog-tail-before-record");
    }

    @Test
    void everyStoreHasItsPlants() {
        // the brief of issue 14: at least 4 per store, 3 for REMOTELOG's recipes
        for (String store : List.of("erda", "efactory", "redo", "raw", "nessie", "remotelog")) {
            long n = Arrays.stream(PlantedBug.values()).filter(b -> b.stores().stream().anyMatch(s -> s.startsWith(store))).count();
            assertThat(n).as("plants in %s", store).isGreaterThanOrEqualTo(store.equals("remotelog") ? 3 : 4);
        }
    }

    @Test
    void withPlantsForItsBodyOnlyAndRestoresWhatWasPlanted() {
        assertThat(PlantedBugs.active()).isEqualTo(PlantedBug.NONE);
        boolean seen = PlantedBugs.with(PlantedBug.ERDA_GET_SKIPS_CRC, () -> PlantedBugs.on(PlantedBug.ERDA_GET_SKIPS_CRC)
                && !PlantedBugs.on(PlantedBug.NONE));
        assertThat(seen).isTrue();
        assertThat(PlantedBugs.active()).isEqualTo(PlantedBug.NONE);
        assertThatThrownBy(() -> PlantedBugs.with(PlantedBug.REDO_ACK_BEFORE_PERSIST, () -> {
            throw new IllegalStateException("boom");
        })).hasMessage("boom");
        assertThat(PlantedBugs.active()).as("restored after an exception").isEqualTo(PlantedBug.NONE);
    }
}
