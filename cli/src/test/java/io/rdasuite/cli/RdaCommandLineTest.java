package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line's contract: exit codes, errors that name the valid choices, deterministic JSON. */
class RdaCommandLineTest {
    private record Result(int exitCode, String out, String err) {
    }

    private static Result rda(String... args) {
        CommandLine cl = Rda.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Drops fields that measure wall-clock time (named wall* or *PerSecond), recursively. */
    private static JsonNode withoutWallClock(String json) throws Exception {
        JsonNode node = new ObjectMapper().readTree(json);
        strip(node);
        return node;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            List<String> drop = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getKey().startsWith("wall") || e.getKey().endsWith("PerSecond")) {
                    drop.add(e.getKey());
                } else {
                    strip(e.getValue());
                }
            }
            o.remove(drop);
        } else if (node.isArray()) {
            node.forEach(RdaCommandLineTest::strip);
        }
    }

    @Test
    void unknownConfigurationIsAnErrorListingTheValidOnes() {
        Result r = rda("check", "--config", "DMP+TURBO+DRAM-RQWRB");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("unknown server configuration 'DMP+TURBO+DRAM-RQWRB'")
                .contains("DMP+DDIO+DRAM-RQWRB").contains("WSP+NODDIO+PM-RQWRB");
    }

    @Test
    void unknownTransportIsAnErrorListingTheValidOnes() {
        Result r = rda("sim-bench", "--transport", "carrier-pigeon");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("unknown transport 'carrier-pigeon'").contains("IB, IWARP");
    }

    @Test
    void checkJsonIsIdenticalForTheSameSeed() throws Exception {
        String[] args = {"check", "--json", "--seed", "5", "--config", "DMP+DDIO+PM-RQWRB,MHP+NODDIO+DRAM-RQWRB", "--timings", "1"};
        Result first = rda(args);
        Result second = rda(args);
        assertThat(first.exitCode()).isZero();
        JsonNode a = withoutWallClock(first.out());
        assertThat(withoutWallClock(second.out())).isEqualTo(a);
        assertThat(a.get("results")).hasSize(4);
        assertThat(a.get("verdict").asText()).isEqualTo("PASS");
        assertThat(a.get("results").get(0).get("writeAlone").get("violations").asLong()).as("WRITE alone loses data in DMP+DDIO").isPositive();
    }

    @Test
    void simBenchReportsVerbsPerSecondAndIsDeterministic() throws Exception {
        String[] args = {"sim-bench", "--json", "--verbs", "2000", "--clients", "2", "--repeats", "1"};
        Result first = rda(args);
        Result second = rda(args);
        assertThat(first.exitCode()).isZero();
        JsonNode doc = new ObjectMapper().readTree(first.out());
        assertThat(doc.get("verbsPerSecond").asLong()).isPositive();
        assertThat(doc.get("verbs").asLong()).isEqualTo(4000);
        assertThat(withoutWallClock(second.out())).isEqualTo(withoutWallClock(first.out()));
    }
}
