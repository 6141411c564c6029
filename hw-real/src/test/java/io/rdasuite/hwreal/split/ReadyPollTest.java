package io.rdasuite.hwreal.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.ManualClock;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import org.junit.jupiter.api.Test;

/**
 * A split deployment's client waits for a bootstrap that takes seconds (the measured campaign: about 20 s to start the
 * processes, elect a Ratis leader and replay the deployment): with the split's longest pause it wakes a few thousand
 * times, not the million times 16 µs polls would (issue 29's review: the client's bootstrap polled every 16 µs).
 * Time here is a counting clock that advances by each pause, not the wall clock.
 */
class ReadyPollTest {
    @Test
    void aTwentySecondBootstrapCostsAFewThousandWakeUps() {
        ManualClock clock = new ManualClock();
        long bootstrap = 20_000_000_000L;
        long pauses = PdsmCluster.pollUntil(() -> clock.nowNanos() >= bootstrap, clock, () -> PdsmProcesses.READY_POLL_MAX_NANOS);
        assertThat(pauses).as("wake-ups while a 20 s bootstrap runs").isBetween(4_000L, 4_100L);
        assertThat(clock.nowNanos() - bootstrap).as("ready noticed within one longest pause").isLessThanOrEqualTo(PdsmProcesses.READY_POLL_MAX_NANOS);
    }

    @Test
    void aBootstrapThatIsDoneCostsNoPause() {
        ManualClock clock = new ManualClock();
        assertThat(PdsmCluster.pollUntil(() -> true, clock, () -> PdsmProcesses.READY_POLL_MAX_NANOS)).isZero();
    }
}
