package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code rda taxonomy --ordering} and {@code --verbs} (issue 32, items 2 and 3) on the cell where they matter most. */
class TaxonomyCommandTest {
    private static final String[] ONE_CELL = {"taxonomy", "--json", "--config", "DMP+NODDIO+PM-RQWRB", "--transport", "IB", "--op", "WRITE",
            "--update", "compound", "--budget", "0.5"};

    private static RdaRun taxonomy(String... extra) {
        String[] args = java.util.Arrays.copyOf(ONE_CELL, ONE_CELL.length + extra.length);
        System.arraycopy(extra, 0, args, ONE_CELL.length, extra.length);
        return RdaRun.of(args);
    }

    @Test
    void bothOrderingsAndBothVerbSetsEachGetTheirCheapestRecipe() throws Exception {
        RdaRun r = taxonomy("--ordering", "both", "--verbs", "both");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode cells = new ObjectMapper().readTree(r.out()).get("cells");
        assertThat(cells).hasSize(2);
        JsonNode strict = cells.get(0);
        JsonNode relaxed = cells.get(1);
        assertThat(strict.get("config").asText()).isEqualTo("DMP+NODDIO+PM-RQWRB");
        assertThat(relaxed.get("config").asText()).isEqualTo("DMP+NODDIO+PM-RQWRB+RO");
        assertThat(strict.get("withoutIbta15Verbs").get("method").asText()).isEqualTo("READ_FLUSH");
        assertThat(relaxed.get("withoutIbta15Verbs").get("method").asText()).isEqualTo("READ_FLUSH_EACH");
        assertThat(relaxed.get("cell").asInt()).as("a +RO cell is numbered after the 144 strict ones").isGreaterThanOrEqualTo(144);
    }

    @Test
    void theDefaultIsStrictOrderWithIbta15sVerbsOnly() throws Exception {
        RdaRun r = taxonomy();
        JsonNode cells = new ObjectMapper().readTree(r.out()).get("cells");
        assertThat(cells).hasSize(1);
        assertThat(cells.get(0).has("withoutIbta15Verbs")).isFalse();
    }

    @Test
    void anUnknownOrderingOrVerbSetIsBadUsageNamingTheValidOnes() {
        RdaRun ordering = taxonomy("--ordering", "loose");
        assertThat(ordering.exitCode()).isEqualTo(2);
        assertThat(ordering.err()).contains("unknown ordering 'loose'; valid: strict, relaxed, both");
        RdaRun verbs = taxonomy("--verbs", "ibta2");
        assertThat(verbs.exitCode()).isEqualTo(2);
        assertThat(verbs.err()).contains("unknown value 'ibta2'; valid: ibta1.5, both");
    }
}
