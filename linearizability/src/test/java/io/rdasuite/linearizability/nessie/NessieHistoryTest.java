package io.rdasuite.linearizability.nessie;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.linearizability.checker.CheckOptions;
import io.rdasuite.linearizability.checker.CheckResult;
import io.rdasuite.linearizability.checker.LinearizabilityChecker;
import io.rdasuite.linearizability.checker.Verdict;
import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Models;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.nessie.NessieClient;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import io.rdasuite.store.nessie.NessieOptimization;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Nessie (paper 004 §4) through the history checker: multi-node simulated runs with skewed clocks, an index
 * table small enough to force MIGRATEs, data tables small enough to recycle entries, and a client stalled past
 * the expiration period are linearizable; the planted ABA bug (recycling without waiting for expiry) is not.
 */
class NessieHistoryTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
    private static final KvShape SHAPE = new KvShape(8, 64);

    private static byte[] key(int k) {
        return Arrays.copyOf(("k" + k).getBytes(StandardCharsets.US_ASCII), SHAPE.keyBytes());
    }

    private static byte[] value(String tag) {
        return Arrays.copyOf(tag.getBytes(StandardCharsets.US_ASCII), SHAPE.valueBytes());
    }

    private static String tag(byte[] v) {
        if (v == null) {
            return null;
        }
        int end = 0;
        while (end < v.length && v[end] != 0) {
            end++;
        }
        return new String(v, 0, end, StandardCharsets.US_ASCII);
    }

    /** A client whose operations go into the history, timed by the simulator's clock. */
    private record Recorded(KvClient kv, int process, List<Event> events, SimFabric fabric) {
        void put(int k, String tag) {
            events.add(Event.invoke(process, Fn.WRITE, k, tag, fabric.clock().nowNanos()));
            boolean ok;
            try {
                ok = kv.put(key(k), value(tag));
            } catch (StoreFullException e) {
                ok = false;
            }
            events.add(ok ? Event.ok(process, Fn.WRITE, k, tag, fabric.clock().nowNanos())
                    : Event.info(process, Fn.WRITE, k, tag, fabric.clock().nowNanos()));
        }

        void get(int k) {
            events.add(Event.invoke(process, Fn.READ, k, null, fabric.clock().nowNanos()));
            events.add(Event.ok(process, Fn.READ, k, tag(kv.get(key(k))), fabric.clock().nowNanos()));
        }

        void delete(int k) {
            events.add(Event.invoke(process, Fn.DELETE, k, null, fabric.clock().nowNanos()));
            boolean ok = kv.delete(key(k));
            events.add(ok ? Event.ok(process, Fn.DELETE, k, null, fabric.clock().nowNanos())
                    : Event.info(process, Fn.DELETE, k, null, fabric.clock().nowNanos()));
        }
    }

    private static final long[] MIGRATIONS_AND_RECYCLED = new long[2];

    private static CheckResult randomRun(long seed) {
        return randomRun(seed, NessieOptimization.all());
    }

    private static CheckResult randomRun(long seed, Set<NessieOptimization> optimizations) {
        // 3 nodes x 8 index slots for 20 keys, 12 data entries per node: migrations and recycling within 40 ops per node
        NessieConfig config = NessieConfig.small(SHAPE, 8, 12).withExpiration(200_000, 40_000, 100_000).withOptimizations(optimizations);
        List<Event> events = new ArrayList<>();
        try (SimFabric fabric = SimFabric.builder().seed(seed).node(CONFIG).node(CONFIG).node(CONFIG)
                .clockSkew(1, 20_000).clockSkew(2, -20_000).build()) {
            List<NessieClient> clients = NessieCluster.deploy(fabric, 3, config).clients();
            Recorded filler = new Recorded(clients.get(0), 3, events, fabric);
            fabric.node(0).spawn("filler", () -> {
                for (int k = 0; k < 20; k++) { // 20 keys in 24 index entries: cuckoo placement needs MIGRATEs
                    filler.put(k, "fill-" + k);
                }
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            for (int n = 0; n < 3; n++) {
                Recorded r = new Recorded(clients.get(n), n, events, fabric);
                int node = n;
                fabric.node(n).spawn("client-" + n, () -> {
                    SplittableRandom random = new SplittableRandom(seed * 31 + node);
                    for (int i = 0; i < 40; i++) {
                        int k = random.nextInt(20);
                        int kind = random.nextInt(10);
                        if (node == 2 && i == 20) {
                            fabric.node(node).clock().sleepNanos(600_000); // a slow client, stalled past the expiration period
                        }
                        if (kind < 4) {
                            r.put(k, "n" + node + "-" + i);
                        } else if (kind < 9) {
                            r.get(k);
                        } else {
                            r.delete(k);
                        }
                    }
                });
            }
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            for (NessieClient c : clients) {
                MIGRATIONS_AND_RECYCLED[0] += c.stats().migrations;
                MIGRATIONS_AND_RECYCLED[1] += c.stats().recycled;
            }
        }
        return LinearizabilityChecker.check(History.of(events), Models.KV, CheckOptions.defaults());
    }

    @Test
    void multiNodeRunsWithSkewMigrationsRecyclingAndAStalledClientAreLinearizable() {
        for (long seed = 1; seed <= 6; seed++) {
            CheckResult r = randomRun(seed);
            assertThat(r.verdict()).as("seed %d", seed).isEqualTo(Verdict.LINEARIZABLE);
            assertThat(r.operations()).isEqualTo(140);
        }
        assertThat(MIGRATIONS_AND_RECYCLED[0]).as("MIGRATEs in the runs").isPositive();
        assertThat(MIGRATIONS_AND_RECYCLED[1]).as("recycled data entries in the runs").isPositive();
    }

    @Test
    void everyRungOfFigure13sOptimizationLadderIsLinearizable() {
        for (Set<NessieOptimization> on : NessieOptimization.ladder()) {
            for (long seed = 7; seed <= 9; seed++) {
                CheckResult r = randomRun(seed, on);
                assertThat(r.verdict()).as("%s, seed %d", NessieOptimization.label(on), seed).isEqualTo(Verdict.LINEARIZABLE);
            }
        }
    }

    private static Verdict abaRun(boolean bug) {
        NessieConfig config = NessieConfig.small(SHAPE, 64, 16).withRecycleWithoutExpiry(bug);
        List<Event> events = new ArrayList<>();
        try (SimFabric fabric = SimFabric.builder().seed(6).node(CONFIG).node(CONFIG).build()) {
            List<NessieClient> clients = NessieCluster.deploy(fabric, 2, config).clients();
            Recorded writer = new Recorded(clients.get(0), 0, events, fabric);
            Recorded reader = new Recorded(clients.get(1), 1, events, fabric);
            fabric.node(0).spawn("writer", () -> {
                writer.put(1, "v1");
                fabric.node(0).clock().sleepNanos(100_000);
                writer.put(1, "v2");
                writer.put(1, "v3");
            });
            fabric.node(1).spawn("reader", () -> {
                fabric.node(1).clock().sleepNanos(50_000);
                reader.get(1);
                fabric.node(1).clock().sleepNanos(200_000);
                reader.get(1);
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
        }
        return LinearizabilityChecker.check(History.of(events), Models.KV, CheckOptions.defaults()).verdict();
    }

    @Test
    void theHistoryCheckerCatchesThePlantedAbaBug() {
        assertThat(abaRun(false)).isEqualTo(Verdict.LINEARIZABLE);
        assertThat(abaRun(true)).as("a stale value read after the newer put completed").isEqualTo(Verdict.NOT_LINEARIZABLE);
    }
}
