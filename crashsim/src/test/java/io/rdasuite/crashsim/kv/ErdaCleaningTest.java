package io.rdasuite.crashsim.kv;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.erda.ErdaClient;
import io.rdasuite.store.erda.ErdaConfig;
import io.rdasuite.store.erda.ErdaServer;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Log cleaning (paper 000 §4.4) concurrent with writes and reads loses nothing and never shows a torn value. */
class ErdaCleaningTest {
    private static final KvShape SHAPE = new KvShape(8, 40);

    private static byte[] key(int k) {
        return String.format("key%05d", k).getBytes();
    }

    private static byte[] value(int k, int version) {
        byte[] v = new byte[SHAPE.valueBytes()];
        Arrays.fill(v, (byte) (k * 7 + version));
        v[0] = (byte) k;
        v[1] = (byte) version;
        return v;
    }

    @Test
    void cleaningConcurrentWithWritesAndReadsLosesNothing() {
        for (long seed = 1; seed <= 4; seed++) {
            ServerConfig config = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");
            int[] lastVersion = new int[20];
            List<String> bad = new ArrayList<>();
            int[] moved = new int[1];
            long[] rpcReads = new long[1];
            byte[][] finalValues = new byte[20][];
            try (SimFabric fabric = SimFabric.builder().seed(seed).node(config).node(config).node(config).node(config).build()) {
                ErdaServer server = new ErdaServer(fabric.node(0), new ErdaConfig(SHAPE, 128, 1, 4096 * 4, 4096, 8));
                List<KvClient> clients = new ArrayList<>();
                for (int c = 0; c < 3; c++) {
                    Connection conn = fabric.connect(fabric.node(c + 1), fabric.node(0));
                    server.serve(conn.responder(), c, "handler-" + c);
                    clients.add(new ErdaClient(fabric.node(c + 1), conn.requester(), server.handle(), c, "client-" + c));
                }
                for (int w = 0; w < 2; w++) {
                    int writer = w;
                    fabric.node(w + 1).spawn("writer-" + w, () -> {
                        for (int k = writer * 10; k < writer * 10 + 10; k++) { // every key once: the cold ones stay behind
                            if (clients.get(writer).put(key(k), value(k, 1))) {
                                lastVersion[k] = 1;
                            }
                        }
                        for (int version = 2; version <= 60; version++) {
                            for (int k = writer * 10; k < writer * 10 + 10; k += 3) {
                                if (clients.get(writer).put(key(k), value(k, version))) {
                                    lastVersion[k] = version;
                                }
                            }
                        }
                    });
                }
                SplittableRandom random = new SplittableRandom(seed);
                fabric.node(3).spawn("reader", () -> {
                    for (int i = 0; i < 300; i++) {
                        int k = random.nextInt(20);
                        byte[] v = clients.get(2).get(key(k));
                        if (v != null && (v[0] != k || !Arrays.equals(v, value(k, v[1])))) {
                            bad.add("key " + k + " read bytes no put wrote");
                        }
                    }
                });
                fabric.node(0).spawn("cleaner", () -> {
                    fabric.node(0).clock().sleepNanos(100_000);
                    moved[0] = server.clean(1);
                });
                fabric.run();
                rpcReads[0] = server.readsServed();
                fabric.node(3).spawn("final-read", () -> {
                    for (int k = 0; k < 20; k++) {
                        finalValues[k] = clients.get(2).get(key(k));
                    }
                });
                fabric.run();
            }
            assertThat(bad).as("seed %d", seed).isEmpty();
            assertThat(moved[0]).as("seed %d: the cleaner moved live objects", seed).isPositive();
            assertThat(rpcReads[0]).as("seed %d: reads went through the server while the head was cleaned", seed).isPositive();
            for (int k = 0; k < 20; k++) {
                {
                    assertThat(finalValues[k]).as("seed %d key %d: last acknowledged version %d", seed, k, lastVersion[k])
                            .isEqualTo(value(k, lastVersion[k]));
                }
            }
        }
    }

    @Test
    void repeatedCleaningReusesTheSpaceItFrees() {
        ServerConfig config = ServerConfig.parse("DMP+NODDIO+PM-RQWRB");
        byte[][] last = new byte[8][];
        int[] regions = new int[1];
        boolean[] done = new boolean[1];
        int[] cleanings = new int[1];
        try (SimFabric fabric = SimFabric.builder().seed(3).node(config).node(config).build()) {
            ErdaServer server = new ErdaServer(fabric.node(0), new ErdaConfig(SHAPE, 64, 1, 4096 * 4, 4096, 4));
            Connection conn = fabric.connect(fabric.node(1), fabric.node(0));
            server.serve(conn.responder(), 0, "handler");
            KvClient client = new ErdaClient(fabric.node(1), conn.requester(), server.handle(), 0, "client");
            fabric.node(1).spawn("writer", () -> {
                for (int round = 0; round < 10; round++) {
                    for (int version = 1; version <= 40; version++) {
                        for (int k = 0; k < 8; k++) {
                            assertThat(client.put(key(k), value(k, round * 40 + version))).isTrue();
                        }
                    }
                }
                done[0] = true;
            });
            fabric.node(0).spawn("cleaner", () -> {
                while (!done[0]) {
                    fabric.node(0).clock().sleepNanos(400_000);
                    server.clean(1);
                    cleanings[0]++;
                }
            });
            fabric.run();
            fabric.node(1).spawn("reader", () -> {
                for (int k = 0; k < 8; k++) {
                    last[k] = client.get(key(k));
                }
            });
            fabric.run();
            regions[0] = server.handle().heads().stream().mapToInt(java.util.List::size).sum();
        }
        for (int k = 0; k < 8; k++) {
            assertThat(last[k]).as("key %d", k).isEqualTo(value(k, 400));
        }
        // 3,200 puts of 53-byte objects (~170 KB) would need 11+ regions of 16 KB without reuse.
        assertThat(cleanings[0]).isGreaterThan(10);
        assertThat(regions[0]).as("regions in both halves of the log").isLessThanOrEqualTo(4);
    }
}
