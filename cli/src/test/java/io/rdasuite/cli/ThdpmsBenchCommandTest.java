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

    private static java.util.Map<String, JsonNode> points(JsonNode doc) {
        java.util.Map<String, JsonNode> m = new java.util.TreeMap<>();
        for (JsonNode p : doc.get("results")) {
            m.put(p.get("figure").asText() + "/" + p.get("servers").asInt() + "/" + p.get("op").asText(), p);
        }
        return m;
    }

    @Test
    void fig12ReadOnlyTransactionsLeadAndZipfAbortsMore() throws Exception {
        RdaRun r = RdaRun.of("bench", "thdpms", "--figure", "12", "--store-servers", "2,6", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        var p = points(new ObjectMapper().readTree(r.out()));
        assertThat(p.get("12/6/read-only").get("opsPerSecond").asLong()).isGreaterThan(p.get("12/6/write-25-uniform").get("opsPerSecond").asLong());
        assertThat(p.get("12/6/write-25-zipf").get("abortFraction").asDouble()).isGreaterThan(p.get("12/6/write-25-uniform").get("abortFraction").asDouble());
        assertThat(p.get("12/6/write-25-uniform").get("opsPerSecond").asLong()).isGreaterThan(p.get("12/2/write-25-uniform").get("opsPerSecond").asLong());
    }

    @Test
    void fig13FileOperationsScaleAndDirectoryOperationsStayWithTheOneDirectoryServer() throws Exception {
        RdaRun r = RdaRun.of("bench", "thdpms", "--figure", "13", "--store-servers", "2,6", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        var p = points(new ObjectMapper().readTree(r.out()));
        assertThat(p.get("13/6/creat").get("opsPerSecond").asDouble() / p.get("13/2/creat").get("opsPerSecond").asDouble()).isGreaterThan(1.5);
        assertThat(p.get("13/6/mkdir").get("opsPerSecond").asDouble() / p.get("13/2/mkdir").get("opsPerSecond").asDouble()).isBetween(0.7, 1.4);
        assertThat(p.get("14/6/write").get("bytesPerSecond").asLong()).isLessThan(p.get("14/6/read").get("bytesPerSecond").asLong());
    }

    @Test
    void fig15RunsEveryFilebenchPersonalityAndEachGrowsWithServers() throws Exception {
        RdaRun r = RdaRun.of("bench", "thdpms", "--figure", "15", "--store-servers", "2,6", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        var p = points(new ObjectMapper().readTree(r.out()));
        for (String personality : java.util.List.of("fileserver", "webserver", "varmail")) {
            assertThat(p.get("15/2/" + personality).get("opsPerSecond").asLong()).as(personality).isPositive();
            assertThat(p.get("15/6/" + personality).get("opsPerSecond").asLong()).as(personality)
                    .isGreaterThan(p.get("15/2/" + personality).get("opsPerSecond").asLong());
        }
    }

    @Test
    void fig16ComparesPdkvsWithTheLoggingModel() throws Exception {
        RdaRun r = RdaRun.of("bench", "thdpms", "--figure", "16", "--store-servers", "1,2", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        var p = points(new ObjectMapper().readTree(r.out()));
        assertThat(p).containsKeys("16/2/pdkvs 95% get", "16/2/pdkvs 50% get", "16/2/pmemkv-model 95% get", "16/2/pmemkv-model 50% get");
        assertThat(p.get("16/2/pdkvs 95% get").get("opsPerSecond").asLong()).isGreaterThan(p.get("16/2/pdkvs 50% get").get("opsPerSecond").asLong());
    }

    @Test
    void aServerCountOutsideOneToSixIsAnError() {
        RdaRun r = RdaRun.of("bench", "thdpms", "--servers", "7");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("outside 1..6");
    }
}
