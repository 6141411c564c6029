package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.fabric.SimNode;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node restarts and rejoins a running simulation (DESIGN §5a): after a power failure of server 1 of a
 * two-server cluster, the other server and the client run on; server 1 comes back from a post-crash image with
 * its persisted data, a new rkey, and new connections, while its old rkey is refused.
 */
class RestartTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");

    private record Outcome(List<String> log, long readBack, CompletionStatus oldRkey, int incarnation, List<String> trace) {
    }

    private static Outcome run(long seed) {
        List<String> log = new ArrayList<>();
        long[] readBack = {0};
        CompletionStatus[] oldRkey = {null};
        FaultPlan plan = FaultPlan.NONE.continuingAfterPowerFailure();
        try (SimFabric fabric = SimFabric.builder().seed(seed).captureTrace(100_000).node(CONFIG).node(CONFIG).node(CONFIG).faults(plan).build()) {
            SimNode client = fabric.node(0);
            MemoryRegion before = fabric.node(1).register(MemoryKind.PM, "data", 4096);
            MemoryRegion other = fabric.node(2).register(MemoryKind.PM, "data", 4096);
            // node 1 persists a word locally, then loses power; it comes back 10 µs later and registers its region again
            fabric.node(1).spawn("writer", () -> {
                var local = fabric.node(1).local(before);
                local.store8(0, 42);
                local.clwb(0, 8);
                local.sfence();
            });
            MemoryRegion[] after = new MemoryRegion[1];
            fabric.onRestart(n -> {
                after[0] = n.register(MemoryKind.PM, "data", 4096);
                log.add("restarted node " + n.id() + " incarnation " + n.incarnation());
            });
            Connection toOther = fabric.connect(client, fabric.node(2));
            client.spawn("client", () -> {
                client.clock().sleepNanos(5_000);
                fabric.powerFailure(1);
                log.add("node 1 up: " + fabric.node(1).isUp());
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment buf = arena.allocate(8);
                    buf.set(ValueLayout.JAVA_LONG, 0, 7);
                    // the rest of the cluster runs on
                    log.add("write to node 2: " + toOther.requester().execute(WorkRequest.write(buf, other.address(0), other.rkey())).status());
                    client.clock().sleepNanos(10_000);
                    fabric.restart(1, fabric.frontier(1).newest());
                    Connection again = fabric.connect(client, fabric.node(1));
                    oldRkey[0] = again.requester().execute(WorkRequest.read(buf, before.address(0), before.rkey())).status();
                    log.add("read with new rkey: " + again.requester().execute(WorkRequest.read(buf, after[0].address(0), after[0].rkey())).status());
                    readBack[0] = buf.get(ValueLayout.JAVA_LONG, 0);
                }
            });
            fabric.run();
            return new Outcome(log, readBack[0], oldRkey[0], fabric.node(1).incarnation(), fabric.trace().lines());
        }
    }

    @Test
    void aRestartedNodeComesBackWithItsPersistedDataAndNewKeys() {
        Outcome o = run(3);
        assertThat(o.log()).containsExactly("node 1 up: false", "write to node 2: SUCCESS", "restarted node 1 incarnation 1",
                "read with new rkey: SUCCESS");
        assertThat(o.readBack()).as("the word node 1 persisted before losing power").isEqualTo(42);
        assertThat(o.oldRkey()).as("the earlier incarnation's rkey").isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
        assertThat(o.incarnation()).isEqualTo(1);
    }

    @Test
    void aRestartIsDeterministic() {
        assertThat(run(9).trace()).isEqualTo(run(9).trace());
    }

    @Test
    void aNodeThatIsUpDoesNotRestart() {
        try (SimFabric fabric = SimFabric.builder().seed(1).node(CONFIG).build()) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> fabric.restart(0, new io.rdasuite.hwsim.memory.PmImage(0, new java.util.TreeMap<>())))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("only a crashed node restarts");
        }
    }

    @Test
    void aRestartFaultBringsThePowerFailedNodeBack() {
        FaultPlan plan = FaultPlan.NONE.continuingAfterPowerFailure().with(FaultPlan.Fault.powerFailure(1, 3)).with(FaultPlan.Fault.restart(1, 6, 0));
        try (SimFabric fabric = SimFabric.builder().seed(1).node(CONFIG).node(CONFIG).faults(plan).build()) {
            fabric.node(0).spawn("ticker", () -> {
                for (int i = 0; i < 20; i++) {
                    fabric.node(0).clock().sleepNanos(100);
                }
            });
            fabric.run();
            assertThat(fabric.node(1).isUp()).isTrue();
            assertThat(fabric.node(1).incarnation()).isEqualTo(1);
            assertThat(fabric.firedFaults()).extracting(FaultPlan.Fault::kind)
                    .containsExactly(FaultPlan.Fault.Kind.POWER_FAILURE, FaultPlan.Fault.Kind.RESTART);
        }
    }
}
