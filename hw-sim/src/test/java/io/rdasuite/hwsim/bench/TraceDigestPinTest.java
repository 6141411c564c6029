package io.rdasuite.hwsim.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Speed work on the simulator must leave every trace byte-identical (issue 18): the digests of the
 * {@code rda sim-bench} workload, pinned here as the simulator gave them before that work, must not move. A change
 * that is meant to alter the model (a new cost, another order of events) re-pins them and says so in its commit.
 */
class TraceDigestPinTest {
    @ParameterizedTest(name = "{0} over {1}")
    @CsvSource({ // re-pinned when the receive side got its wire (issue 32, item 1): three clients share the server's link
            "MHP+NODDIO+PM-RQWRB, IB,    24744, 1331384, 5251641788194200463",
            "MHP+NODDIO+PM-RQWRB, IWARP, 24730, 1327971, 278005951975576194",
            "DMP+DDIO+PM-RQWRB,   IB,    24802, 1277322, -3828077326736621646",
            "DMP+DDIO+PM-RQWRB,   IWARP, 24788, 1276403, -4424853591663329565",
            "WSP+DDIO+PM-RQWRB,   IB,    24744, 1277322, 8996911378361936911",
            "WSP+DDIO+PM-RQWRB,   IWARP, 24730, 1276403, 2394442685407311966",
    })
    void smallRunsKeepTheirTraces(String config, Transport transport, long events, long simulatedNanos, long digest) {
        VerbThroughputWorkload.Outcome o = VerbThroughputWorkload.run(
                new VerbThroughputWorkload.Spec(ServerConfig.parse(config), transport, 3, 3000, 64, 8, 7L));

        assertThat(o.verbs()).isEqualTo(9000);
        assertThat(o.events()).isEqualTo(events);
        assertThat(o.simulatedNanos()).isEqualTo(simulatedNanos);
        assertThat(o.traceDigest()).isEqualTo(digest);
    }

    @ParameterizedTest(name = "the default sim-bench run")
    @CsvSource("MHP+NODDIO+PM-RQWRB, IB, 2374982, 63733558, b24cdcdd3223e9a7") // re-pinned with the receive wire
    void theDefaultRunKeepsThePublishedDigest(String config, Transport transport, long events, long simulatedNanos, String digest) {
        VerbThroughputWorkload.Outcome o = VerbThroughputWorkload.run(
                new VerbThroughputWorkload.Spec(ServerConfig.parse(config), transport, 4, 250_000, 64, 16, 1L));

        assertThat(o.events()).isEqualTo(events);
        assertThat(o.simulatedNanos()).isEqualTo(simulatedNanos);
        assertThat(Long.toHexString(o.traceDigest())).isEqualTo(digest);
    }
}
