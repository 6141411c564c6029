package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdasuite.store.baseline.BaselinePlantedBug;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code rda check --plant}: the mutation test's switch on the command line (DESIGN §5a). */
class PlantOptionTest {
    /** One Redo Logging cell, REMOTELOG cut to one cell: a second or two. */
    private static final String[] ONE_REDO_CELL = {"check", "--json", "--seed", "1", "--protocols", "redo", "--config", "WSP+NODDIO+DRAM-RQWRB",
            "--transport", "IB", "--op", "SEND", "--update", "SINGLETON"};

    @AfterEach
    void unplant() {
        PlantedBugs.plant(Plant.NONE); // --plant lasts for the JVM's life; later tests run the stores as written
    }

    private static String[] with(String... extra) {
        String[] args = java.util.Arrays.copyOf(ONE_REDO_CELL, ONE_REDO_CELL.length + extra.length);
        System.arraycopy(extra, 0, args, ONE_REDO_CELL.length, extra.length);
        return args;
    }

    @Test
    void anUnknownPlantIsAnErrorListingTheCatalogue() {
        RdaRun r = RdaRun.of(with("--plant", "erda-forgets-everything"));
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("unknown planted bug 'erda-forgets-everything'").contains("redo-ack-before-persist")
                .contains("remotelog-tail-before-record");
    }

    @Test
    void aPlantedAckBeforePersistFailsTheCellTheStoreAsWrittenPasses() throws Exception {
        RdaRun asWritten = RdaRun.of(ONE_REDO_CELL);
        RdaRun none = RdaRun.of(with("--plant", "none"));
        RdaRun planted = RdaRun.of(with("--plant", "redo-ack-before-persist"));

        assertThat(asWritten.exitCode()).as(asWritten.err()).isZero();
        assertThat(none.exitCode()).as("--plant none is the default").isZero();
        assertThat(planted.exitCode()).isEqualTo(1);
        JsonNode store = new ObjectMapper().readTree(planted.out()).get("stores").get(0);
        assertThat(store.get("verdict").asText()).isEqualTo("FAIL");
        assertThat(store.get("properties").get("DURABILITY").asText()).isEqualTo("FAIL");
        assertThat(PlantedBugs.activePlant()).as("planted for the JVM's life").isEqualTo(BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST);
        assertThat(RdaRun.of(ONE_REDO_CELL).exitCode()).as("the next check without --plant runs the store as written").isZero();
    }
}
