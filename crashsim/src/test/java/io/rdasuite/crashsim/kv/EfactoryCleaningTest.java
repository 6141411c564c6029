package io.rdasuite.crashsim.kv;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.efactory.EfClient;
import io.rdasuite.store.efactory.EfConfig;
import io.rdasuite.store.efactory.EfMode;
import io.rdasuite.store.efactory.EfServer;
import io.rdasuite.store.fabric.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** eFactory's two-stage log cleaning (paper 001 §4.4) with clients reading and writing throughout. */
class EfactoryCleaningTest {
    private static final int KEYS = 10;

    private record Store(SimFabric fabric, EfServer server, List<EfClient> clients) {
    }

    private static Store deploy(EfConfig config, int clients) {
        SimFabric fabric = SimFabric.builder().seed(31).node(EfactoryTest.CONFIG).node(EfactoryTest.CONFIG).node(EfactoryTest.CONFIG).build();
        EfServer server = new EfServer(fabric.node(0), config, EfMode.EFACTORY);
        List<EfClient> list = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Connection conn = fabric.connect(fabric.node(c + 1), fabric.node(0));
            server.serve(conn.responder(), c, "handler-" + c);
            list.add(new EfClient(fabric.node(c + 1), conn.requester(), server.handle(), "client-" + c));
        }
        return new Store(fabric, server, list);
    }

    @Test
    void cleaningKeepsEveryNewestValueReclaimsStaleVersionsAndSendsReadsThroughTheServerMeanwhile() {
        Store s = deploy(EfConfig.small(EfactoryTest.SHAPE, 64, 2, 200), 2);
        int[] copied = new int[1];
        long[] tails = new long[3];
        long[] readsDuring = new long[2];
        List<Integer> after = new ArrayList<>();
        try (SimFabric fabric = s.fabric()) {
            EfClient a = s.clients().get(0);
            EfClient b = s.clients().get(1);
            fabric.node(1).spawn("loader", () -> {
                for (int v = 1; v <= 8; v++) {
                    for (int k = 0; k < KEYS; k++) {
                        a.put(EfactoryTest.key(k), EfactoryTest.value(10 * v + k));
                    }
                }
            });
            fabric.node(0).spawn("cleaner", () -> {
                fabric.node(0).clock().sleepNanos(1_500_000);
                tails[0] = s.server().tail(0);
                copied[0] = s.server().clean();
                tails[1] = s.server().tail(1);
                tails[2] = s.server().tail(0);
            });
            fabric.node(2).spawn("reader-writer", () -> {
                fabric.node(2).clock().sleepNanos(1_510_000);
                long rpcBefore = b.rpcReads();
                for (int i = 0; i < 3; i++) {
                    assertThat(b.get(EfactoryTest.key(i))[0]).isEqualTo((byte) (80 + i));
                    b.put(EfactoryTest.key(i), EfactoryTest.value(90 + i)); // written during cleaning
                    fabric.node(2).clock().sleepNanos(20_000);
                }
                readsDuring[0] = b.rpcReads() - rpcBefore;
                fabric.node(2).clock().sleepNanos(400_000);
                long pureBefore = b.pureReads();
                for (int k = 0; k < KEYS; k++) {
                    after.add((int) b.get(EfactoryTest.key(k))[0]);
                }
                readsDuring[1] = b.pureReads() - pureBefore;
            });
            fabric.run();
        }
        assertThat(s.server().stage()).isEqualTo(EfServer.Stage.IDLE);
        assertThat(s.server().workingPool()).isEqualTo(1);
        assertThat(copied[0]).as("one live version per key is copied").isBetween(KEYS, KEYS + 3);
        assertThat(tails[1]).as("the new pool holds far less than the old one did").isLessThan(tails[0] / 3);
        assertThat(tails[2]).as("the old pool is free again").isEqualTo(64);
        assertThat(readsDuring[0]).as("reads during cleaning go through the server").isEqualTo(3);
        assertThat(readsDuring[1]).as("after cleaning, hybrid reads are pure again").isEqualTo(KEYS);
        for (int k = 0; k < KEYS; k++) {
            assertThat(after.get(k)).as("key %d", k).isEqualTo(k < 3 ? 90 + k : 80 + k);
        }
    }

    @Test
    void theBackgroundThreadStartsCleaningWhenThePoolPassesItsThreshold() {
        EfConfig config = EfConfig.small(EfactoryTest.SHAPE, 64, 1, 64).cleaningAt(0.5);
        Store s = deploy(config, 1);
        List<Integer> seen = new ArrayList<>();
        try (SimFabric fabric = s.fabric()) {
            EfClient a = s.clients().get(0);
            fabric.node(1).spawn("writer", () -> {
                for (int v = 1; v <= 30; v++) { // 150 versions: more than twice the pool
                    for (int k = 0; k < 5; k++) {
                        a.put(EfactoryTest.key(k), EfactoryTest.value(v));
                    }
                    fabric.node(1).clock().sleepNanos(20_000);
                }
                for (int k = 0; k < 5; k++) {
                    seen.add((int) a.get(EfactoryTest.key(k))[0]);
                }
            });
            fabric.run();
        }
        assertThat(s.server().cleaningsStarted()).isGreaterThanOrEqualTo(2);
        assertThat(seen).containsOnly(30);
    }
}
