package io.rdasuite.crashsim.nessie;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.nessie.CuckooHashes;
import io.rdasuite.store.nessie.NessieClient;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Nessie (paper 004 §4.2) on a simulated 3-node cluster: every node is a client and a storage node. */
class NessieClusterTest {
    static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
    static final KvShape SHAPE = new KvShape(8, 64);

    static byte[] key(int k) {
        return String.format("key-%04d", k).getBytes();
    }

    /** A value every byte of which says who wrote it and which version: a torn read mixes two. */
    static byte[] value(int writer, int version) {
        byte[] b = new byte[SHAPE.valueBytes()];
        Arrays.fill(b, (byte) (writer * 50 + version));
        return b;
    }

    static SimFabric fabric(long seed, int nodes) {
        SimFabric.Builder b = SimFabric.builder().seed(seed);
        for (int i = 0; i < nodes; i++) {
            b.node(CONFIG);
        }
        return b.build();
    }

    /** A key whose first candidate ITE lies on node {@code home}, searched from {@code from}. */
    static int keyHomedOn(int home, int from, NessieConfig config) {
        CuckooHashes h = new CuckooHashes(config.hashFunctions(), 3, config.indexSlotsPerNode());
        for (int k = from; ; k++) {
            if (h.slots(key(k))[0].node() == home) {
                return k;
            }
        }
    }

    @Test
    void eachNodeReadsItsOwnAndTheOthersWritesOfKeysHomedOnOtherNodesAndDeletes() {
        NessieConfig config = NessieConfig.small(SHAPE, 64, 64);
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        try (SimFabric fabric = fabric(11, 3)) {
            List<NessieClient> clients = NessieCluster.deploy(fabric, 3, config).clients();
            int[] keyOf = new int[3];
            for (int n = 0; n < 3; n++) {
                keyOf[n] = keyHomedOn((n + 1) % 3, 100 * n, config); // homed on the next node
            }
            for (int n = 0; n < 3; n++) {
                int me = n;
                NessieClient c = clients.get(n);
                fabric.node(n).spawn("client-" + n, () -> {
                    for (int v = 1; v <= 5; v++) {
                        assertThat(c.put(key(keyOf[me]), value(me, v))).isTrue();
                        assertThat(c.get(key(keyOf[me]))).as("reads its own write").isEqualTo(value(me, v));
                    }
                    fabric.node(me).clock().sleepNanos(500_000); // the others finish their puts
                    for (int other = 0; other < 3; other++) {
                        seen.add(me + " reads " + other + ": " + Arrays.equals(c.get(key(keyOf[other])), value(other, 5)));
                    }
                    fabric.node(me).clock().sleepNanos(500_000);
                    if (me == 0) {
                        assertThat(c.delete(key(keyOf[2]))).isTrue();
                        assertThat(c.get(key(keyOf[2]))).isNull();
                    }
                    fabric.node(me).clock().sleepNanos(500_000);
                    seen.add(me + " after delete: " + (c.get(key(keyOf[2])) == null));
                    assertThat(c.get(key(9999))).isNull();
                });
            }
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            assertThat(clients.stream().mapToLong(c -> c.stats().cacheHits).sum()).as("remote DTEs come from the cache").isPositive();
        }
        assertThat(seen).hasSize(12).allSatisfy(s -> assertThat(s).endsWith("true"));
    }

    /**
     * Three nodes write one key concurrently while reading it, and a fourth node only reads it meanwhile; returns
     * every read and the final reads, as text.
     */
    static List<String> contendedKey(long seed, NessieConfig config) {
        List<String> log = new ArrayList<>();
        try (SimFabric fabric = fabric(seed, 4)) {
            List<NessieClient> clients = NessieCluster.deploy(fabric, 4, config).clients();
            fabric.node(3).spawn("reader", () -> {
                for (int i = 0; i < 60; i++) {
                    byte[] got = clients.get(3).get(key(7));
                    synchronized (log) {
                        log.add("3:" + describe(got));
                    }
                    fabric.node(3).clock().sleepNanos(3_000);
                }
            });
            byte[][] last = new byte[3][];
            for (int n = 0; n < 3; n++) {
                int me = n;
                NessieClient c = clients.get(n);
                fabric.node(n).spawn("writer-" + n, () -> {
                    for (int v = 1; v <= 15; v++) {
                        assertThat(c.put(key(7), value(me, v))).isTrue();
                        byte[] got = c.get(key(7));
                        synchronized (log) {
                            log.add(me + ":" + describe(got));
                        }
                    }
                    fabric.node(me).clock().sleepNanos(2_000_000);
                    last[me] = c.get(key(7));
                });
            }
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            for (int n = 0; n < 3; n++) {
                log.add("final " + n + ":" + describe(last[n]));
            }
            log.add("retries " + clients.stream().mapToLong(c -> c.stats().retries).sum());
            log.add("previous " + clients.stream().mapToLong(c -> c.stats().previousVersionReads).sum());
            log.add("digest " + fabric.trace().digest());
        }
        return log;
    }

    /** "w<writer>v<version>", or "TORN" when the bytes disagree, or "absent". */
    static String describe(byte[] v) {
        if (v == null) {
            return "absent";
        }
        for (byte b : v) {
            if (b != v[0]) {
                return "TORN";
            }
        }
        return "w" + (v[0] & 0xff) / 50 + "v" + (v[0] & 0xff) % 50;
    }

    @Test
    void concurrentWritersOfOneKeyConvergeAndNoReadIsTornOrNeverWritten() {
        NessieConfig config = NessieConfig.small(SHAPE, 64, 256);
        List<String> log = contendedKey(5, config);
        TreeMap<String, Integer> finals = new TreeMap<>();
        for (String line : log) {
            if (line.startsWith("final")) {
                finals.merge(line.substring(line.indexOf(':') + 1), 1, Integer::sum);
            } else if (line.startsWith("retries") || line.startsWith("previous")) {
                assertThat(line).as("the run had conflicts and in-progress PUTs").doesNotEndWith(" 0");
            } else if (!line.startsWith("digest")) {
                String read = line.substring(line.indexOf(':') + 1);
                // the pure reader may run before the first put; writers read after their own put
                assertThat(read).as(line).matches(line.startsWith("3:") ? "absent|w[0-2]v([1-9]|1[0-5])" : "w[0-2]v([1-9]|1[0-5])");
            }
        }
        assertThat(finals).as("all nodes read the same final value").hasSize(1);
        assertThat(finals.firstKey()).as("one of the last writes").matches("w[0-2]v15");
    }

    @Test
    void theSameSeedGivesTheSameRunAndAnotherSeedAnotherOne() {
        NessieConfig config = NessieConfig.small(SHAPE, 64, 256);
        List<String> a = contendedKey(21, config);
        assertThat(contendedKey(21, config)).isEqualTo(a);
        assertThat(contendedKey(22, config).getLast()).as("the trace digest").isNotEqualTo(a.getLast());
    }
}
