package io.rdasuite.crashsim.pinned;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pin file: parsing, the comparison that fails a moved weakness, and pins merged from several seeds. */
class PinnedFindingsTest {
    private static final String CELL = PinnedFindings.cell("kv/erda", "DMP+DDIO+DRAM-RQWRB", "IB");

    private static TreeSet<String> set(String... s) {
        return new TreeSet<>(List.of(s));
    }

    @Test
    void gainedAndLostFindingsAreDifferencesAndPossibleOnesAreNot() {
        PinnedFindings p = PinnedFindings.parse("# comment\n" + CELL + "\tDURABILITY,?MONOTONIC_READS\n", "test");
        assertThat(p.compare(CELL, set("DURABILITY"))).isNull();
        assertThat(p.compare(CELL, set("DURABILITY", "MONOTONIC_READS"))).isNull();
        PinnedFindings.Difference lost = p.compare(CELL, set());
        assertThat(lost.lost()).containsExactly("DURABILITY");
        assertThat(lost.describe()).isEqualTo("kv/erda DMP+DDIO+DRAM-RQWRB IB: lost DURABILITY");
        PinnedFindings.Difference gained = p.compare(CELL, set("DURABILITY", "RDA"));
        assertThat(gained.gained()).containsExactly("RDA");
        assertThat(gained.describe()).endsWith("gained RDA");
        PinnedFindings.Difference unpinned = p.compare(PinnedFindings.cell("kv/erda", "X", "IB"), set());
        assertThat(unpinned.unpinned()).as("a new cell of a pinned store").isTrue();
        assertThat(unpinned.describe()).contains("no pinned findings for this cell");
        assertThat(p.compare(PinnedFindings.cell("kv/acme-table", "DMP+DDIO+DRAM-RQWRB", "IB"), set("RDA")))
                .as("a store the file names nowhere (a user's, under --classpath) is not compared").isNull();
        assertThat(p.compare(PinnedFindings.cell("kv/erd", "DMP+DDIO+DRAM-RQWRB", "IB"), set()))
                .as("a prefix of a pinned store's name is another store").isNull();
        assertThat(p.compare(PinnedFindings.cell("kv/erda", "DMP+DDIO+DRAM-RQWRB+RO", "IB"), set("DURABILITY")))
                .as("an unpinned Relaxed Ordering cell, explored only when named").isNull();
    }

    @Test
    void malformedAndDuplicateLinesAreErrorsNamingTheLine() {
        assertThatThrownBy(() -> PinnedFindings.parse("a\tb\n", "f.tsv")).hasMessageContaining("f.tsv line 1").hasMessageContaining("found 2");
        assertThatThrownBy(() -> PinnedFindings.parse(CELL + "\t-\n\n" + CELL + "\tRDA\n", "f.tsv")).hasMessageContaining("line 3")
                .hasMessageContaining("appears twice");
    }

    @Test
    void findingsEverySeedReachesAreCertainTheOthersPossible(@TempDir Path dir) throws Exception {
        String other = PinnedFindings.cell("kv/redo", "DMP+DDIO+DRAM-RQWRB", "IB");
        TreeMap<String, TreeSet<String>> seed1 = new TreeMap<>();
        seed1.put(CELL, set("CONSISTENT_VERSION", "DURABILITY"));
        seed1.put(other, set());
        TreeMap<String, TreeSet<String>> seed2 = new TreeMap<>();
        seed2.put(CELL, set("CONSISTENT_VERSION", "MONOTONIC_READS"));
        seed2.put(other, set());
        TreeMap<String, PinnedFindings.Pin> pins = PinnedFindings.pinsOf(List.of(seed1, seed2));
        assertThat(pins.get(CELL).certain()).containsExactly("CONSISTENT_VERSION");
        assertThat(pins.get(CELL).possible()).containsExactly("DURABILITY", "MONOTONIC_READS");
        Path file = dir.resolve("pins.tsv");
        PinnedFindings.write(file, pins, "test");
        assertThat(Files.readString(file)).contains(CELL + "\tCONSISTENT_VERSION,?DURABILITY,?MONOTONIC_READS\n").contains(other + "\t-\n");
        PinnedFindings read = PinnedFindings.read(file);
        assertThat(read.entries()).isEqualTo(pins);
        assertThat(read.compare(CELL, set("CONSISTENT_VERSION", "DURABILITY"))).isNull();
    }

    @Test
    void theSuiteShipsPinsForEveryStoreCellAndBothControls() {
        PinnedFindings builtIn = PinnedFindings.builtIn();
        assertThat(builtIn.entries().keySet().stream().filter(k -> k.startsWith("kv/"))).hasSize(10 * 24);
        for (io.rdasuite.store.protocol.KvProtocol p : io.rdasuite.store.protocol.KvProtocols.recoverable()) {
            for (io.rdasuite.store.fabric.ServerConfig c : io.rdasuite.store.fabric.ServerConfig.all()) {
                for (String t : List.of("IB", "IWARP")) { // a shipped store without pins would go uncompared: it must have them
                    assertThat(builtIn.pin(PinnedFindings.cell("kv/" + p.cliName(), c.name(), t))).as(p.cliName() + " " + c.name() + " " + t).isNotNull();
                }
            }
        }
        assertThat(builtIn.pin(PinnedFindings.cell("inplace/WRITE/singleton/FLUSH", "MHP+NODDIO+DRAM-RQWRB", "IB")).certain()).contains("RDA");
        assertThat(builtIn.pin(PinnedFindings.cell("kv/redo", "WSP+DDIO+PM-RQWRB", "IB")).certain()).isEmpty();
    }
}
