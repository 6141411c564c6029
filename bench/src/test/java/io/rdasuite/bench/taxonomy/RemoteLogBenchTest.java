package io.rdasuite.bench.taxonomy;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.UpdateKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** `rda bench remotelog`: paper 003's singleton findings (§4.3–4.4) from the recipes' simulated latencies. */
class RemoteLogBenchTest {

    @Test
    void remoteLogBenchReproducesTheSingletonFindings() {
        List<RemoteLogBench.Measurement> all = new ArrayList<>();
        for (ServerConfig c : ServerConfig.all()) {
            for (Transport t : Transport.values()) {
                for (UpdateKind u : UpdateKind.values()) {
                    for (PrimaryOp op : PrimaryOp.values()) {
                        all.add(RemoteLogBench.measure(c, t, u, op, 32, 1));
                    }
                }
            }
        }
        List<PaperClaim> findings = RemoteLogBench.claims(all);
        assertThat(findings).hasSize(6);
        assertThat(findings.subList(0, 4)).allSatisfy(f -> assertThat(f.agrees()).as(f.claim() + " / " + f.measure()).isTrue());
    }
}
