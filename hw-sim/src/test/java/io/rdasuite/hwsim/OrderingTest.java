package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.SimRegion;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The RDMA ordering rules of paper 003 §2 as the simulator applies them at the responder:
 * <ul>
 *   <li>an unfenced posted WRITE may overtake an earlier non-posted READ of the same queue pair (and the READ
 *       then returns the WRITE's value); a fenced one never does;</li>
 *   <li>posted WRITEs are applied in the order they were posted;</li>
 *   <li>a FLUSH completes only once every earlier WRITE of the queue pair is placed (visible), whereas a
 *       WRITE's own completion promises no such thing.</li>
 * </ul>
 * Every property is checked over fabric seeds 1..64, so that PCIe jitter and placement stalls vary.
 */
class OrderingTest {
    private static final int SEEDS = 64;
    private static final long X = 512;
    private static final long OLD = 0x0A0A_0A0A_0A0A_0A0AL;
    private static final long NEW = 0x5B5B_5B5B_5B5B_5B5BL;
    private static final long SENTINEL = 0xDEAD_BEEF_DEAD_BEEFL;

    private static MemorySegment longs(long... values) {
        return MemorySegment.ofArray(values.clone());
    }

    private record ReadThenWrite(long readValue, long finalValue) {
    }

    /**
     * Sets x to OLD, then posts READ(x) and, right behind it on the same QP, WRITE(x, NEW) (fenced or not),
     * and reports what the READ returned and what x finally holds.
     */
    private static ReadThenWrite readThenWrite(long seed, ServerConfig config, MemoryKind kind, boolean fenced) {
        try (SimFabric fabric = SimFabric.builder().seed(seed).node(config).node(config).build()) {
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            MemoryRegion region = server.register(kind, "x", 4096);
            Connection conn = fabric.connect(client, server);
            long[] out = {SENTINEL, SENTINEL};
            client.spawn("client", () -> {
                QueuePair qp = conn.requester();
                qp.execute(WorkRequest.write(longs(OLD), region.address(X), region.rkey())).orThrow();
                MemorySegment readBuffer = longs(SENTINEL);
                long readId = qp.post(WorkRequest.read(readBuffer, region.address(X), region.rkey()));
                WorkRequest write = WorkRequest.write(longs(NEW), region.address(X), region.rkey()).unsignaled();
                qp.post(fenced ? write.withFence() : write);
                qp.await(readId).orThrow();
                out[0] = readBuffer.get(ValueLayout.JAVA_LONG, 0);
                // A READ is ordered after every earlier operation of its QP: it sees the WRITE's final effect.
                MemorySegment finalBuffer = longs(SENTINEL);
                qp.execute(WorkRequest.read(finalBuffer, region.address(X), region.rkey())).orThrow();
                out[1] = finalBuffer.get(ValueLayout.JAVA_LONG, 0);
            });
            assertThat(fabric.run()).as("seed %d", seed).isEqualTo(Engine.RunStatus.FINISHED);
            assertThat(fabric.node(0).simRegion("x").read8(X)).as("seed %d: x after the run", seed).isEqualTo(NEW);
            return new ReadThenWrite(out[0], out[1]);
        }
    }

    @Test
    void unfencedWriteMayOvertakeAnEarlierRead() {
        for (ServerConfig config : List.of(ServerConfig.parse("MHP+DDIO+PM-RQWRB"), ServerConfig.parse("DMP+NODDIO+DRAM-RQWRB"))) {
            for (MemoryKind kind : MemoryKind.values()) {
                List<Long> reads = new ArrayList<>();
                for (long seed = 1; seed <= SEEDS; seed++) {
                    ReadThenWrite r = readThenWrite(seed, config, kind, false);
                    assertThat(r.readValue()).as("%s %s seed %d: the READ returns the old or the new value, never anything else", config, kind, seed)
                            .isIn(OLD, NEW);
                    assertThat(r.finalValue()).as("%s %s seed %d", config, kind, seed).isEqualTo(NEW);
                    reads.add(r.readValue());
                }
                assertThat(reads).as("%s %s: over seeds 1..%d some READ returned the value of the WRITE posted after it", config, kind, SEEDS)
                        .contains(NEW);
            }
        }
    }

    @Test
    void bothOutcomesOfTheRaceAreReachable() {
        // The overtaking is a possibility, not a rule: a model that always let the WRITE win would be as wrong.
        ServerConfig config = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
        List<Long> reads = new ArrayList<>();
        for (long seed = 1; seed <= SEEDS; seed++) {
            reads.add(readThenWrite(seed, config, MemoryKind.DRAM, false).readValue());
        }
        assertThat(reads).as("READ results over seeds 1..%d", SEEDS).contains(OLD, NEW);
    }

    @Test
    void fencedWriteNeverOvertakesAnEarlierRead() {
        for (ServerConfig config : List.of(ServerConfig.parse("MHP+DDIO+PM-RQWRB"), ServerConfig.parse("DMP+NODDIO+DRAM-RQWRB"))) {
            for (MemoryKind kind : MemoryKind.values()) {
                for (long seed = 1; seed <= SEEDS; seed++) {
                    ReadThenWrite r = readThenWrite(seed, config, kind, true);
                    assertThat(r.readValue()).as("%s %s seed %d: a fenced WRITE waits for the earlier READ", config, kind, seed).isEqualTo(OLD);
                    assertThat(r.finalValue()).as("%s %s seed %d: the fenced WRITE is still applied afterwards", config, kind, seed).isEqualTo(NEW);
                }
            }
        }
    }

    @Test
    void postedWritesAreAppliedInPostingOrder() {
        ServerConfig config = ServerConfig.parse("MHP+DDIO+PM-RQWRB");
        int bytes = 256;
        long[] first = new long[bytes / 8];
        long[] second = new long[bytes / 8];
        for (int i = 0; i < first.length; i++) {
            first[i] = 0x1111_0000_0000_0000L + i + 1;
            second[i] = 0x2222_0000_0000_0000L + i + 1;
        }
        for (long seed = 1; seed <= SEEDS; seed++) {
            try (SimFabric fabric = SimFabric.builder().seed(seed).node(config).node(config).build()) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
                Connection conn = fabric.connect(client, server);
                long[] afterFlush = new long[first.length];
                List<Long> observed = new ArrayList<>();
                client.spawn("client", () -> {
                    QueuePair qp = conn.requester();
                    qp.post(WorkRequest.write(MemorySegment.ofArray(first), pm.address(X), pm.rkey()).unsignaled());
                    qp.post(WorkRequest.write(MemorySegment.ofArray(second), pm.address(X), pm.rkey()).unsignaled());
                    qp.execute(WorkRequest.flush()).orThrow();
                    qp.execute(WorkRequest.read(MemorySegment.ofArray(afterFlush), pm.address(X), pm.rkey())).orThrow();
                });
                // A server thread watching the first unit: it must never see the first WRITE after the second.
                LocalMemory local = server.local(pm);
                server.spawn("observer", () -> {
                    int afterSecond = 0;
                    for (int i = 0; i < 400 && afterSecond < 20; i++) {
                        long v = local.load8(X);
                        if (observed.isEmpty() || observed.getLast() != v) {
                            observed.add(v);
                        }
                        if (v == second[0] || afterSecond > 0) {
                            afterSecond++; // keep watching a while: the first WRITE must not reappear
                        }
                    }
                });
                assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
                assertThat(afterFlush).as("seed %d: the second WRITE is applied last", seed).isEqualTo(second);
                long[] visible = new long[first.length];
                fabric.node(0).simRegion("data").read(X, MemorySegment.ofArray(visible));
                assertThat(visible).as("seed %d: final memory", seed).isEqualTo(second);
                assertThat(observed).as("seed %d: the values a server thread saw at x, in order", seed)
                        .isSubsetOf(0L, first[0], second[0]);
                List<Integer> ranks = observed.stream().map(v -> v == 0 ? 0 : v == first[0] ? 1 : 2).toList();
                assertThat(ranks).as("seed %d: observed %s: old, then first, then second, never back", seed, observed)
                        .isSorted().doesNotHaveDuplicates();
                assertThat(observed.getLast()).as("seed %d: the observer ends on the second WRITE", seed).isEqualTo(second[0]);
            }
        }
    }

    @Test
    void manyPostedWritesToOneAddressLeaveTheLastOne() {
        // A long chain with sizes that differ, so that PCIe occupancy and placement stalls vary per write.
        ServerConfig config = ServerConfig.parse("DMP+NODDIO+PM-RQWRB");
        for (long seed = 1; seed <= SEEDS; seed++) {
            try (SimFabric fabric = SimFabric.builder().seed(seed).node(config).node(config).build()) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion pm = server.register(MemoryKind.PM, "data", 16384);
                Connection conn = fabric.connect(client, server);
                int writes = 20;
                client.spawn("client", () -> {
                    QueuePair qp = conn.requester();
                    for (int w = 1; w <= writes; w++) {
                        long[] payload = new long[w % 2 == 0 ? 1 : 1024]; // 8 bytes or 8 KiB, all starting at X
                        Arrays.fill(payload, 0x7700_0000_0000_0000L + w);
                        qp.post(WorkRequest.write(MemorySegment.ofArray(payload), pm.address(X), pm.rkey()).unsignaled());
                    }
                    qp.execute(WorkRequest.flush()).orThrow();
                });
                assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
                SimRegion data = fabric.node(0).simRegion("data");
                assertThat(data.read8(X)).as("seed %d: unit x holds the last write's value", seed).isEqualTo(0x7700_0000_0000_0000L + writes);
                assertThat(data.read8(X + 8)).as("seed %d: unit x+8 holds the last large write's value", seed)
                        .isEqualTo(0x7700_0000_0000_0000L + writes - 1);
            }
        }
    }

    @Test
    void flushCompletesOnlyAfterEarlierUnsignaledWritesAreVisible() {
        List<ServerConfig> configs = List.of(ServerConfig.parse("MHP+DDIO+PM-RQWRB"), ServerConfig.parse("DMP+NODDIO+PM-RQWRB"),
                ServerConfig.parse("WSP+DDIO+DRAM-RQWRB"), ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"));
        int writes = 6;
        int bytes = 1024;
        for (ServerConfig config : configs) {
            for (long seed = 1; seed <= SEEDS; seed++) {
                try (SimFabric fabric = SimFabric.builder().seed(seed).node(config).node(config).build()) {
                    Node server = fabric.node(0);
                    Node client = fabric.node(1);
                    MemoryRegion pm = server.register(MemoryKind.PM, "data", (long) writes * bytes);
                    Connection conn = fabric.connect(client, server);
                    SimRegion data = fabric.node(0).simRegion("data");
                    long[] expected = new long[writes * bytes / 8];
                    for (int i = 0; i < expected.length; i++) {
                        expected[i] = 0x4400_0000_0000_0000L + seed * 100_000 + i + 1;
                    }
                    long[] visibleAtFlush = new long[expected.length];
                    long[] readAfterFlush = new long[expected.length];
                    client.spawn("client", () -> {
                        QueuePair qp = conn.requester();
                        for (int w = 0; w < writes; w++) {
                            MemorySegment src = MemorySegment.ofArray(expected).asSlice((long) w * bytes, bytes);
                            qp.post(WorkRequest.write(src, pm.address((long) w * bytes), pm.rkey()).unsignaled());
                        }
                        qp.execute(WorkRequest.flush()).orThrow();
                        // The instant the FLUSH completed, with no virtual time passing: what the server's memory shows.
                        data.read(0, MemorySegment.ofArray(visibleAtFlush));
                        qp.execute(WorkRequest.read(MemorySegment.ofArray(readAfterFlush), pm.address(0), pm.rkey())).orThrow();
                    });
                    assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
                    assertThat(visibleAtFlush).as("%s seed %d: server memory when the FLUSH completed", config, seed).isEqualTo(expected);
                    assertThat(readAfterFlush).as("%s seed %d: READ after the FLUSH", config, seed).isEqualTo(expected);
                    if (!config.ddio()) {
                        // Without DDIO, placed means in the memory controller (ADR): on media in every domain.
                        assertThat(data.mediaCopy()).as("%s seed %d: NODDIO placement reached media", config, seed).isEqualTo(expected);
                    }
                }
            }
        }
    }

    @Test
    void writeCompletionAloneDoesNotMeanVisible() {
        // Contrast for the FLUSH property (paper 003 §2): on IB a WRITE completes once the responder NIC holds it,
        // so some seed must show a completed WRITE whose data is not yet placed.
        ServerConfig config = ServerConfig.parse("MHP+DDIO+PM-RQWRB");
        int notYetVisible = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            try (SimFabric fabric = SimFabric.builder().seed(seed).node(config).node(config).build()) {
                Node server = fabric.node(0);
                Node client = fabric.node(1);
                MemoryRegion pm = server.register(MemoryKind.PM, "data", 4096);
                Connection conn = fabric.connect(client, server);
                SimRegion data = fabric.node(0).simRegion("data");
                int[] misses = new int[1];
                client.spawn("client", () -> {
                    QueuePair qp = conn.requester();
                    for (int w = 0; w < 8; w++) {
                        long value = 0x3300_0000_0000_0000L + w + 1;
                        qp.execute(WorkRequest.write(longs(value), pm.address(w * 64L), pm.rkey())).orThrow();
                        if (data.read8(w * 64L) != value) {
                            misses[0]++;
                        }
                    }
                    qp.execute(WorkRequest.flush()).orThrow();
                });
                assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
                notYetVisible += misses[0];
                for (int w = 0; w < 8; w++) {
                    assertThat(data.read8(w * 64L)).isEqualTo(0x3300_0000_0000_0000L + w + 1);
                }
            }
        }
        assertThat(notYetVisible).as("completed WRITEs not yet placed at their completion, over seeds 1..%d", SEEDS).isPositive();
    }
}
