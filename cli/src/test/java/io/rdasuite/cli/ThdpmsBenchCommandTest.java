package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code rda bench thdpms}: Fig. 11's results as JSON, linear reads, claims with a verdict; equal seeds give equal JSON. */
class ThdpmsBenchCommandTest {
    @Test
    void fig11ReportsBandwidthPerServerCountWithClaimVerdicts() throws Exception {
        RdaRun r = RdaRun.of("bench", "thdpms", "--figure", "11", "--servers", "1,2", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        double read1 = 0;
        double read2 = 0;
        for (JsonNode p : doc.get("results")) {
            assertThat(p.get("figure").asText()).isEqualTo("11");
            assertThat(p.has("replicas")).isTrue();
            if (p.get("op").asText().equals("read")) {
                if (p.get("servers").asInt() == 1) {
                    read1 = p.get("bytesPerSecond").asDouble();
                } else {
                    read2 = p.get("bytesPerSecond").asDouble();
                }
            }
        }
        assertThat(read2 / read1).as("reads scale with servers").isBetween(1.8, 2.2);
        assertThat(doc.get("claims")).allSatisfy(c -> assertThat(c.get("verdict").asText()).isIn("agrees", "differs"));
        assertThat(RdaRun.of("bench", "thdpms", "--figure", "11", "--servers", "1,2", "--json").out()).isEqualTo(r.out());
    }

    @Test
    void aServerCountOutsideOneToSixIsAnError() {
        RdaRun r = RdaRun.of("bench", "thdpms", "--servers", "7");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("outside 1..6");
    }
}
