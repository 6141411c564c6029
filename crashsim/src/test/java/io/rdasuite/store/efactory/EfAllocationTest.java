package io.rdasuite.store.efactory;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.PersistenceDomain;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import org.junit.jupiter.api.Test;

/**
 * Allocation in a pool that cleaning reused: the old object left at the new tail must not be seen as an object
 * (the background thread would skip it by its size, or time it out by its old allocation time). Found by YCSB over
 * the TCP transport, where real threads raced the header's write.
 */
class EfAllocationTest {
    @Test
    void anAllocatedObjectShowsNoStaleStateBeforeItsHeaderIsWritten() {
        ServerConfig config = new ServerConfig(PersistenceDomain.MHP, true, MemoryKind.PM);
        KvShape shape = new KvShape(16, 64);
        SimFabric fabric = SimFabric.builder().seed(1).node(config).build();
        EfServer server = new EfServer(fabric.node(0), EfConfig.small(shape, 64, 1, 64), EfMode.EFACTORY);
        long[] seen = new long[2];
        try (fabric) {
            fabric.node(0).spawn("allocator", () -> {
                int bytes = EfObject.bytes(shape, false);
                long at = server.tail(0);
                long stale = EfObject.state(EfObject.VALID | EfObject.DURABLE, shape.valueBytes());
                server.poolMemory(EfObject.global(0, at)).store8(at, stale); // what a reused pool holds
                seen[0] = server.poolMemory(EfObject.global(0, at)).load8(at);
                long global = server.allocateIn(0, bytes);
                seen[1] = server.poolMemory(global).load8(EfObject.within(global));
            });
            fabric.run();
        }
        assertThat(EfObject.wellFormed(seen[0])).isTrue();
        assertThat(seen[1]).as("the state word of a fresh allocation").isZero();
    }
}
