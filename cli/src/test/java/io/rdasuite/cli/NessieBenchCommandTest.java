package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code rda bench nessie}: JSON field names, determinism in virtual time, and errors naming the valid choices. */
class NessieBenchCommandTest {

    private static RdaRun rda(String... args) {
        return RdaRun.of(args);
    }

    private static final String[] SMALL = {"bench", "nessie", "--nodes", "3", "--value-sizes", "16384", "--get-fraction", "0.5",
            "--background", "0,8", "--ops", "20", "--keys", "48", "--json"};

    @Test
    void jsonHasTheFieldsAndClaimsAndTheSameSeedGivesTheSameDocument() throws Exception {
        RdaRun r = rda(SMALL);
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("results")).hasSize(6);
        List<String> fields = new ArrayList<>();
        doc.get("results").get(0).fieldNames().forEachRemaining(fields::add);
        assertThat(fields).contains("protocol", "valueSize", "getFraction", "distribution", "backgroundProcesses", "goodputBytesPerSecond",
                "meanGetLatencyNs", "meanPutLatencyNs");
        List<String> protocols = new ArrayList<>();
        doc.get("results").forEach(n -> protocols.add(n.get("protocol").asText()));
        assertThat(protocols).containsExactly("nessie", "nessie-sd", "nessie-hy", "nessie", "nessie-sd", "nessie-hy");
        assertThat(doc.get("results").get(0).get("goodputBytesPerSecond").asLong()).isPositive();
        assertThat(doc.get("paperClaims")).isNotEmpty();
        List<String> claimFields = new ArrayList<>();
        doc.get("paperClaims").get(0).fieldNames().forEachRemaining(claimFields::add);
        assertThat(claimFields).containsExactly("paper", "model", "agrees");
        assertThat(rda(SMALL).out()).as("virtual time: nothing wall-clock, the same seed gives the same JSON").isEqualTo(r.out());
    }

    @Test
    void anUnknownProtocolOrDistributionListsTheValidOnes() {
        RdaRun bad = rda("bench", "nessie", "--protocols", "nessie,herd");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown Nessie protocol 'herd'").contains("valid: nessie, nessie-sd, nessie-hy");
        RdaRun dist = rda("bench", "nessie", "--distribution", "latest");
        assertThat(dist.exitCode()).isEqualTo(2);
        assertThat(dist.err()).contains("valid: uniform, zipf");
        RdaRun opt = rda("bench", "nessie", "--optimizations", "filter,bloom");
        assertThat(opt.exitCode()).isEqualTo(2);
        assertThat(opt.err()).contains("unknown Nessie optimization 'bloom'").contains("valid: all, none, filter, cache, previous-versions, multiple-reads");
        RdaRun profile = rda("bench", "nessie", "--profile", "infiniband");
        assertThat(profile.exitCode()).isEqualTo(2);
        assertThat(profile.err()).contains("unknown cost profile 'infiniband'").contains("nessie-testbed");
        RdaRun workers = rda("bench", "nessie", "--workers", "13");
        assertThat(workers.exitCode()).isEqualTo(2);
        assertThat(workers.err()).contains("workers per node must be 2..12");
    }

    @Test
    void theLadderRunsNessieOncePerRungOfFigure13AndNamesTheRungs() throws Exception {
        RdaRun r = rda("bench", "nessie", "--nodes", "3", "--protocols", "nessie,nessie-sd", "--ladder", "--distribution", "zipf",
                "--profile", "nessie-testbed", "--workers", "3", "--value-sizes", "16384", "--get-fraction", "0.99", "--ops", "20", "--keys", "48", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("profile").asText()).isEqualTo("nessie-testbed");
        assertThat(doc.get("workersPerNode").asInt()).isEqualTo(3);
        List<String> rows = new ArrayList<>();
        doc.get("results").forEach(n -> rows.add(n.get("protocol").asText() + " " + n.get("optimizations").asText()));
        assertThat(rows).containsExactly("nessie basic", "nessie filter", "nessie filter,cache", "nessie filter,cache,previous-versions",
                "nessie all", "nessie-sd n/a");
        List<String> claims = new ArrayList<>();
        doc.get("paperClaims").forEach(n -> claims.add(n.get("paper").asText()));
        assertThat(claims).anyMatch(c -> c.startsWith("Fig. 13 (Zipf, 16 KB, 99% GETs)")).anyMatch(c -> c.startsWith("Fig. 12 (Zipf, 16 KB, 99% GETs)"));
    }
}
