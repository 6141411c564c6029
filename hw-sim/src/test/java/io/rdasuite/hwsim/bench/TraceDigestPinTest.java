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
    @CsvSource({
            "MHP+NODDIO+PM-RQWRB, IB,    24744, 1363847, -7053901373177414589",
            "MHP+NODDIO+PM-RQWRB, IWARP, 24730, 1370127, -8312045702888331732",
            "DMP+DDIO+PM-RQWRB,   IB,    24806, 1312980, 383478813550064519",
            "DMP+DDIO+PM-RQWRB,   IWARP, 24792, 1313608, -5192480284540089579",
            "WSP+DDIO+PM-RQWRB,   IB,    24744, 1312578, 2351404742720350379",
            "WSP+DDIO+PM-RQWRB,   IWARP, 24730, 1315076, -3279050010087295461",
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
    @CsvSource("MHP+NODDIO+PM-RQWRB, IB, 2374982, 67836662, b223c6fa781e4029")
    void theDefaultRunKeepsThePublishedDigest(String config, Transport transport, long events, long simulatedNanos, String digest) {
        VerbThroughputWorkload.Outcome o = VerbThroughputWorkload.run(
                new VerbThroughputWorkload.Spec(ServerConfig.parse(config), transport, 4, 250_000, 64, 16, 1L));

        assertThat(o.events()).isEqualTo(events);
        assertThat(o.simulatedNanos()).isEqualTo(simulatedNanos);
        assertThat(Long.toHexString(o.traceDigest())).isEqualTo(digest);
    }
}
