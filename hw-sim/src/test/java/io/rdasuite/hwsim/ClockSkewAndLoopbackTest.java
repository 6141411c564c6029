package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Completion;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.pm.LocalMemory;
import org.junit.jupiter.api.Test;

/**
 * Two small additions for Nessie (paper 004 §4.1.1, §4.3.1): a node may connect to itself and CAS its own
 * memory through its NIC, and nodes' clocks may be skewed against each other.
 */
class ClockSkewAndLoopbackTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");

    @Test
    void skewedNodeClocksReadFabricTimePlusTheirSkewAndSleepInFabricTime() {
        long[] seen = new long[4];
        try (SimFabric fabric = SimFabric.builder().seed(5).node(CONFIG).node(CONFIG).node(CONFIG)
                .clockSkew(1, 2_000_000).clockSkew(2, -500).build()) {
            fabric.node(0).spawn("probe", () -> {
                fabric.node(0).clock().sleepNanos(10_000);
                seen[0] = fabric.node(0).clock().nowNanos();
                seen[1] = fabric.node(1).clock().nowNanos();
                seen[2] = fabric.node(2).clock().nowNanos();
                seen[3] = fabric.clock().nowNanos();
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
        }
        assertThat(seen[3]).isGreaterThanOrEqualTo(10_000);
        assertThat(seen[0]).isEqualTo(seen[3]);
        assertThat(seen[1]).isEqualTo(seen[3] + 2_000_000);
        assertThat(seen[2]).isEqualTo(seen[3] - 500);
    }

    @Test
    void aSkewForAMissingNodeIsRefused() {
        assertThatThrownBy(() -> SimFabric.builder().node(CONFIG).clockSkew(3, 1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("node 3");
    }

    @Test
    void aNodeCasesAndReadsItsOwnMemoryThroughALoopbackConnection() {
        Completion[] done = new Completion[3];
        long[] word = new long[1];
        try (SimFabric fabric = SimFabric.builder().seed(9).node(CONFIG).build()) {
            Node node = fabric.node(0);
            MemoryRegion region = node.register(MemoryKind.DRAM, "index", 64);
            LocalMemory cpu = node.local(region);
            Connection self = fabric.connect(node, node);
            node.spawn("self", () -> {
                done[0] = self.requester().execute(WorkRequest.cas(region.address(8), region.rkey(), 0, 42));
                done[1] = self.requester().execute(WorkRequest.cas(region.address(8), region.rkey(), 0, 7));
                long[] back = new long[1];
                done[2] = self.requester().execute(WorkRequest.read(java.lang.foreign.MemorySegment.ofArray(back), region.address(8), region.rkey()));
                word[0] = back[0] == cpu.load8(8) ? back[0] : -1;
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
        }
        assertThat(done[0].ok()).isTrue();
        assertThat(done[0].result()).as("the first CAS saw 0 and swapped").isZero();
        assertThat(done[1].result()).as("the second CAS saw 42 and failed").isEqualTo(42);
        assertThat(word[0]).as("READ back through the NIC equals the CPU's view").isEqualTo(42);
        assertThat(done[2].ok()).isTrue();
    }
}
