package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import org.junit.jupiter.api.Test;

/** A STALL fault deschedules the named threads of one node for its duration, deterministically, and no others. */
class StallFaultTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+PM-RQWRB");

    /** Two threads on node 0 and one on node 1, each stepping 100 ns 200 times; returns when each finished and the trace digest. */
    private static long[] run(FaultPlan plan) {
        try (SimFabric fabric = SimFabric.builder().seed(3).faults(plan).node(CONFIG).node(CONFIG).build()) {
            long[] done = new long[4];
            String[] names = {"worker-a", "poller-b"};
            for (int i = 0; i < 2; i++) {
                int index = i;
                fabric.node(0).spawn(names[i], () -> {
                    for (int s = 0; s < 200; s++) {
                        fabric.node(0).clock().sleepNanos(100);
                    }
                    done[index] = fabric.engine().now();
                });
            }
            fabric.node(1).spawn("worker-c", () -> {
                for (int s = 0; s < 200; s++) {
                    fabric.node(1).clock().sleepNanos(100);
                }
                done[2] = fabric.engine().now();
            });
            fabric.run();
            done[3] = fabric.trace().digest();
            assertThat(fabric.firedFaults()).hasSize(plan.faults().size());
            return done;
        }
    }

    @Test
    void aStallDelaysOnlyTheNamedThreadsOfItsNodeByItsDuration() {
        long[] plain = run(FaultPlan.NONE);
        long[] stalled = run(FaultPlan.NONE.with(FaultPlan.Fault.stall(0, "worker", 50, 30_000)));
        assertThat(stalled[0]).as("worker-a waits out the stall").isGreaterThanOrEqualTo(plain[0] + 30_000 - 100);
        assertThat(stalled[1]).as("poller-b is not named").isEqualTo(plain[1]);
        assertThat(stalled[2]).as("worker-c is on another node").isEqualTo(plain[2]);
        assertThat(run(FaultPlan.NONE.with(FaultPlan.Fault.stall(0, "worker", 50, 30_000)))).as("deterministic").isEqualTo(stalled);
    }

    @Test
    void aStallOfNoThreadDoesNotFire() {
        try (SimFabric fabric = SimFabric.builder().seed(3).faults(FaultPlan.NONE.with(FaultPlan.Fault.stall(0, "nobody", 0, 1_000)))
                .node(CONFIG).build()) {
            fabric.node(0).spawn("worker", () -> fabric.node(0).clock().sleepNanos(100));
            fabric.run();
            assertThat(fabric.firedFaults()).isEmpty();
        }
    }
}
