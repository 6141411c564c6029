package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * Regression (paper 001 §5.3.1-2): SAW and IMM claim durability at the ack, hence durable linearizability, so no
 * reader may return a version a power failure can still take back. With three clients writing one key (the store
 * program of {@code rda check}), a GET returned a pending put's value whose hash entry was stored but not yet
 * flushed, and the crash rolled the entry back to an older acknowledged put: LINEARIZABILITY failed in every DMP
 * cell of IMM. The same cells now pass every claim.
 */
class ImmVisibleBeforeDurableTest {
    @Test
    void noReaderSeesAVersionACrashTakesBack() throws Exception {
        RdaRun run = RdaRun.of("check", "--json", "--protocols", "imm,saw", "--config", "DMP+DDIO+DRAM-RQWRB", "--transport", "IB",
                "--op", "WRITE", "--update", "singleton");
        JsonNode doc = new ObjectMapper().readTree(run.out());
        for (JsonNode store : doc.get("stores")) {
            assertThat(store.get("properties").get("LINEARIZABILITY").asText()).as(store.get("protocol").asText()).isEqualTo("PASS");
            assertThat(store.get("verdict").asText()).isEqualTo("PASS");
        }
        assertThat(run.exitCode()).isZero();
    }
}
