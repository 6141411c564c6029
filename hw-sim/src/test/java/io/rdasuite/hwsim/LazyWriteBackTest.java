package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.pm.LocalMemory;
import org.junit.jupiter.api.Test;

/**
 * Natural eviction and its absence (DESIGN §3, the cache): a CPU store that is never persisted reaches PM only if the
 * cache writes its line back. With natural eviction that happens within microseconds, so a crash a millisecond later
 * finds it durable; under {@link CostModel#withoutNaturalEviction()} the line stays dirty and every crash frontier
 * still offers the image without it, which is what lets the crash search find a missing persist at any seed.
 */
class LazyWriteBackTest {
    private static final long OFFSET = 256;
    private static final long VALUE = 0x1234_5678_9ABC_DEF0L;

    /** Stores one word on node 0's PM, waits a millisecond without persisting it, and returns node 0's crash frontier. */
    private static CrashFrontier storeAndWait(CostModel cost) {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
        try (SimFabric fabric = SimFabric.builder().seed(3).cost(cost).node(config).build()) {
            Node server = fabric.node(0);
            MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
            LocalMemory memory = server.local(pm);
            server.spawn("writer", () -> {
                memory.store8(OFFSET, VALUE);
                server.clock().sleepNanos(1_000_000);
            });
            fabric.run();
            return fabric.frontierIfPowerFailedNow(0);
        }
    }

    private static long word(CrashFrontier frontier, boolean oldest) {
        byte[] bytes = (oldest ? frontier.oldest() : frontier.newest()).bytes("data", OFFSET, 8);
        return java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
    }

    @Test
    void naturalEvictionMakesAnUnpersistedStoreDurableSoon() {
        CrashFrontier f = storeAndWait(CostModel.defaults());
        assertThat(word(f, true)).as("written back within the millisecond: no image loses it").isEqualTo(VALUE);
    }

    @Test
    void withoutNaturalEvictionAnUnpersistedStoreCanStillBeLost() {
        CrashFrontier f = storeAndWait(CostModel.defaults().withoutNaturalEviction());
        assertThat(word(f, true)).as("still only in the cache: the oldest image lacks it").isZero();
        assertThat(word(f, false)).as("and the newest has it").isEqualTo(VALUE);
    }
}
