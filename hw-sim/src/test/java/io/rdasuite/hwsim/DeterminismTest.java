package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import org.junit.jupiter.api.Test;

/** Same seed and configuration give the same trace; another seed interleaves differently (DESIGN §3). */
class DeterminismTest {
    private record Outcome(long digest, long events, long dispatched, long endNanos, long dataDigest) {
    }

    private static Outcome run(long fabricSeed, long programSeed, ServerConfig config) {
        return run(fabricSeed, programSeed, config, fabric -> { });
    }

    private static Outcome run(long fabricSeed, long programSeed, ServerConfig config, java.util.function.Consumer<SimFabric> before) {
        try (SimFabric fabric = VerbPrograms.fabric(fabricSeed, config, Transport.IB, 3, FaultPlan.NONE)) {
            before.accept(fabric);
            VerbPrograms.spawnRandomProgram(fabric, programSeed, 200);
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            long[] media = fabric.node(0).simRegion("data").mediaCopy();
            return new Outcome(fabric.trace().digest(), fabric.trace().count(), fabric.engine().dispatched(), fabric.engine().now(),
                    java.util.Arrays.hashCode(media));
        }
    }

    @Test
    void sameSeedGivesIdenticalTrace() {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
        Outcome first = run(42, 7, config);
        Outcome second = run(42, 7, config);
        assertThat(second).isEqualTo(first);
        assertThat(first.events()).isGreaterThan(600);
    }

    @Test
    void observersLeaveTheRunAsItIsWhileAHookDoesNot() {
        // The crash explorer's single pass rests on this: an observer at every event sees the run it would see without them.
        ServerConfig config = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
        Outcome plain = run(42, 7, config);
        java.util.List<Long> seen = new java.util.ArrayList<>();
        Outcome observed = run(42, 7, config, fabric -> {
            for (long e = 0; e < plain.dispatched(); e++) {
                long index = e;
                fabric.engine().observeAt(e, () -> seen.add(fabric.engine().dispatched() - index));
            }
        });
        assertThat(observed).isEqualTo(plain);
        assertThat(seen).as("each observer ran once, just before its event").hasSize((int) plain.dispatched()).containsOnly(0L);
        long[] differing = {0};
        Outcome hooked = run(42, 7, config, fabric -> {
            for (long e = 1; e < plain.dispatched(); e += 3) {
                fabric.engine().atEvent(e, () -> differing[0]++);
            }
        });
        assertThat(hooked.digest()).as("hooks stop actors from skipping ahead (and are traced)").isNotEqualTo(plain.digest());
    }

    @Test
    void differentSeedChangesTheInterleaving() {
        ServerConfig config = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");
        Outcome base = run(1, 7, config);
        long differing = 0;
        for (long seed = 2; seed <= 6; seed++) {
            if (run(seed, 7, config).digest() != base.digest()) {
                differing++;
            }
        }
        assertThat(differing).as("fabric seeds 2..6 that gave a trace other than seed 1's").isEqualTo(5);
    }
}
