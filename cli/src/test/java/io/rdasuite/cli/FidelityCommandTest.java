package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code rda bench fidelity} (issue 32, item 4): the claims list's fields, the causes and bounds, and bad input. */
class FidelityCommandTest {
    private static final List<String> FIELDS = List.of("source", "figure", "claim", "measure", "paper", "measured", "ratio", "tolerance",
            "verdict", "cause", "explanation");

    @Test
    void paper003sClaimsCarryEveryFieldAndEachDifferenceItsNamedCause() throws Exception {
        RdaRun r = RdaRun.of("bench", "fidelity", "--only", "remotelog", "--quick", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        JsonNode claims = doc.get("claims");
        assertThat(claims).hasSize(6);
        for (JsonNode c : claims) {
            assertThat(c.fieldNames()).toIterable().containsExactlyElementsOf(FIELDS);
            if (c.get("verdict").asText().equals("differs")) {
                assertThat(c.get("cause").asText()).as(c.get("claim").asText()).isEqualTo("MESSAGE_PASSING_COST");
            } else {
                assertThat(c.get("cause").isNull()).isTrue();
            }
        }
        assertThat(doc.get("differUnexplained").asLong()).isZero();
        assertThat(doc.get("agree").asLong()).as("paper 003's singleton claims agree").isEqualTo(4);
    }

    @Test
    void fig11sFiguresStayWithinTheirPortsAndPm() throws Exception {
        RdaRun r = RdaRun.of("bench", "fidelity", "--only", "thdpms", "--quick", "--json");
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("bounds")).isNotEmpty().allSatisfy(b -> assertThat(b.get("holds").asBoolean()).as(b.toString()).isTrue());
        assertThat(doc.get("bounds")).anySatisfy(b -> assertThat(b.get("limit").asText()).contains("PM"));
        assertThat(doc.get("claims")).filteredOn(c -> c.get("claim").asText().startsWith("Fig. 11: persisting write"))
                .singleElement().satisfies(c -> assertThat(c.get("verdict").asText()).isEqualTo("agrees"));
        assertThat(doc.get("claims")).filteredOn(c -> c.get("figure").asText().equals("paper 002 Fig. 17"))
                .hasSize(2).allSatisfy(c -> assertThat(c.get("verdict").asText()).isEqualTo("agrees"));
    }

    @Test
    void everyKeyValueAndNessieFigureStaysWithinItsPortsBounds() throws Exception {
        // the bench's other sources: paper 000 and 001's YCSB runs (the server's port each way) and paper 004's uniform runs
        // (every node's port); Fig. 11's, with the PM bound, are the test above
        RdaRun r = RdaRun.of("bench", "fidelity", "--only", "erda,efactory,nessie", "--quick", "--json");
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("bounds")).hasSizeGreaterThan(50).allSatisfy(b -> assertThat(b.get("holds").asBoolean()).as(b.toString()).isTrue());
        assertThat(doc.get("boundsBroken").asLong()).isZero();
    }

    @Test
    void anUnknownSourceIsBadUsageNamingTheValidOnes() {
        RdaRun r = RdaRun.of("bench", "fidelity", "--only", "fig99");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("unknown source 'fig99'; valid: erda, efactory, remotelog, taxonomy, nessie, thdpms");
    }
}
