package io.rdasuite.crashsim.nessie;

import static io.rdasuite.crashsim.nessie.NessieClusterTest.CONFIG;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.SHAPE;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.describe;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.key;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.value;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.kv.StoreFullException;
import io.rdasuite.store.nessie.NessieClient;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MIGRATE at a high load factor (§4.2.3), DTE recycling after expiration with skewed clocks (§4.2.5, §4.3.1), and the ABA bug it prevents. */
class NessieRecyclingTest {

    @Test
    void aNearlyFullIndexForcesMigrationsAndEveryStoredKeyStaysReadableFromEveryNode() {
        NessieConfig config = NessieConfig.small(SHAPE, 8, 64); // 24 ITEs in all
        List<Integer> stored = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        long[] migrations = new long[1];
        boolean[] full = new boolean[1];
        try (SimFabric fabric = NessieClusterTest.fabric(3, 3)) {
            List<NessieClient> clients = NessieCluster.deploy(fabric, 3, config).clients();
            fabric.node(0).spawn("filler", () -> {
                NessieClient c = clients.get(0);
                try {
                    for (int k = 0; k < 22; k++) {
                        c.put(key(k), value(k % 3, 1 + k % 40));
                        stored.add(k);
                    }
                } catch (StoreFullException e) {
                    full[0] = true; // the recursion bound was hit: the keys stored before stay readable
                }
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            for (int n = 0; n < 3; n++) {
                NessieClient c = clients.get(n);
                int reader = n;
                fabric.node(n).spawn("reader-" + n, () -> {
                    for (int k : stored) {
                        if (!describe(c.get(key(k))).equals(describe(value(k % 3, 1 + k % 40)))) {
                            problems.add("node " + reader + " key " + k);
                        }
                    }
                });
            }
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            migrations[0] = clients.get(0).stats().migrations;
        }
        assertThat(migrations[0]).as("a load factor near 1 needs MIGRATEs").isPositive();
        assertThat(stored).as("most keys fit (full: %s)", full[0]).hasSizeGreaterThanOrEqualTo(16);
        assertThat(problems).isEmpty();
    }

    @Test
    void aMigrateDepthOfOneGivesUpAsFullWithoutLosingStoredKeys() {
        NessieConfig config = NessieConfig.small(SHAPE, 2, 64).withMigrateDepth(1); // 6 ITEs
        List<Integer> stored = new ArrayList<>();
        boolean[] full = new boolean[1];
        List<String> reads = new ArrayList<>();
        try (SimFabric fabric = NessieClusterTest.fabric(4, 3)) {
            NessieClient c = NessieCluster.deploy(fabric, 3, config).clients().get(1);
            fabric.node(1).spawn("filler", () -> {
                try {
                    for (int k = 0; k < 10; k++) {
                        c.put(key(k), value(1, k + 1));
                        stored.add(k);
                    }
                } catch (StoreFullException e) {
                    full[0] = true;
                }
                for (int k : stored) {
                    reads.add(describe(c.get(key(k))));
                }
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
        }
        assertThat(full[0]).as("10 keys never fit 6 ITEs").isTrue();
        List<String> expected = stored.stream().map(k -> describe(value(1, k + 1))).toList();
        assertThat(reads).isEqualTo(expected);
    }

    @Test
    void overwritesRecycleDataTableEntriesAfterTheirExpirationWithSkewedClocks() {
        // 6 DTEs per node, 40 overwrites per node: entries must come back, but only after 200 µs (+ skew bound)
        NessieConfig config = NessieConfig.small(SHAPE, 64, 6).withExpiration(200_000, 40_000, 100_000);
        List<String> problems = new ArrayList<>();
        long[] recycled = new long[1];
        try (SimFabric fabric = SimFabric.builder().seed(8).node(CONFIG).node(CONFIG).node(CONFIG)
                .clockSkew(1, 15_000).clockSkew(2, -15_000).build()) {
            List<NessieClient> clients = NessieCluster.deploy(fabric, 3, config).clients();
            for (int n = 0; n < 3; n++) {
                int me = n;
                NessieClient c = clients.get(n);
                fabric.node(n).spawn("writer-" + n, () -> {
                    for (int v = 1; v <= 40; v++) {
                        c.put(key(me), value(me, v));
                        c.put(key(10), value(me, v)); // a shared key: other nodes recycle this node's DTEs remotely
                        String mine = describe(c.get(key(me)));
                        String shared = describe(c.get(key(10)));
                        if (!mine.equals("w" + me + "v" + v) || !shared.matches("w[0-2]v([1-9]|[1-3][0-9]|40)")) {
                            problems.add(me + " at " + v + ": " + mine + " " + shared);
                        }
                    }
                });
            }
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            recycled[0] = clients.stream().mapToLong(c -> c.stats().recycled).sum();
        }
        assertThat(problems).isEmpty();
        assertThat(recycled[0]).as("80 puts per node through 6 DTEs").isGreaterThan(3 * (80 - 6));
    }

    /**
     * The planted bug (recycling without waiting for expiration): node 0 overwrites a key twice, re-using at once the
     * DTE of the first value, so the key's ITE returns to the word node 1 cached with the first value; node 1 then
     * reads the first value after the third was acknowledged. With expiration the DTE is not re-used and node 1 reads
     * the third value.
     */
    @Test
    void recyclingWithoutExpirationLetsAStaleCachedValueBeReadAndExpirationPreventsIt() {
        assertThat(readAfterTwoOverwrites(false)).isEqualTo("w0v3");
        assertThat(readAfterTwoOverwrites(true)).as("ABA: the ITE word came back, naming a re-used DTE").isEqualTo("w0v1");
    }

    private static String readAfterTwoOverwrites(boolean bug) {
        NessieConfig config = NessieConfig.small(SHAPE, 64, 16).withRecycleWithoutExpiry(bug);
        String[] read = new String[1];
        try (SimFabric fabric = NessieClusterTest.fabric(6, 2)) {
            List<NessieClient> clients = NessieCluster.deploy(fabric, 2, config).clients();
            fabric.node(0).spawn("writer", () -> {
                clients.get(0).put(key(1), value(0, 1));
                fabric.node(0).clock().sleepNanos(100_000);
                clients.get(0).put(key(1), value(0, 2));
                clients.get(0).put(key(1), value(0, 3));
            });
            fabric.node(1).spawn("reader", () -> {
                fabric.node(1).clock().sleepNanos(50_000);
                assertThat(describe(clients.get(1).get(key(1)))).isEqualTo("w0v1"); // cached under its ITE
                fabric.node(1).clock().sleepNanos(200_000); // node 0's puts are acknowledged by now
                read[0] = describe(clients.get(1).get(key(1)));
            });
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
        }
        return read[0];
    }
}
