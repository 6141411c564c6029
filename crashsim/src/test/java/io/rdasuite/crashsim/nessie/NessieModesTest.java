package io.rdasuite.crashsim.nessie;

import static io.rdasuite.crashsim.nessie.NessieClusterTest.describe;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.key;
import static io.rdasuite.crashsim.nessie.NessieClusterTest.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import io.rdasuite.store.nessie.NessieKv;
import io.rdasuite.store.nessie.NessieMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * NessieSD and NessieHY (paper 004 §5) pass Nessie's functional cluster tests, and only the server-driven
 * design suffers from CPU-consuming background processes (§6.1, Fig. 4). All times are virtual.
 */
class NessieModesTest {
    static SimFabric fabric(long seed, int nodes, FaultPlan faults) {
        SimFabric.Builder b = SimFabric.builder().seed(seed).faults(faults);
        for (int i = 0; i < nodes; i++) {
            b.node(NessieClusterTest.CONFIG);
        }
        return b.build();
    }

    @ParameterizedTest
    @EnumSource(NessieMode.class)
    void eachNodeReadsTheOthersWritesAndDeletes(NessieMode mode) {
        NessieConfig config = NessieConfig.small(NessieClusterTest.SHAPE, 64, 64).withMode(mode);
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        try (SimFabric fabric = fabric(11, 3, FaultPlan.NONE)) {
            List<NessieKv> clients = NessieCluster.deploy(fabric, 3, config).kvClients();
            for (int n = 0; n < 3; n++) {
                int me = n;
                NessieKv c = clients.get(n);
                fabric.node(n).spawn("client-" + n, () -> {
                    for (int k = 0; k < 6; k++) { // keys of every owner
                        for (int v = 1; v <= 3; v++) {
                            assertThat(c.put(key(10 * me + k), value(me, v))).isTrue();
                            assertThat(c.get(key(10 * me + k))).as("reads its own write").isEqualTo(value(me, v));
                        }
                    }
                    fabric.node(me).clock().sleepNanos(500_000);
                    for (int other = 0; other < 3; other++) {
                        for (int k = 0; k < 6; k++) {
                            seen.add(me + " reads " + other + "/" + k + ": " + Arrays.equals(c.get(key(10 * other + k)), value(other, 3)));
                        }
                    }
                    fabric.node(me).clock().sleepNanos(500_000);
                    if (me == 0) {
                        for (int k = 0; k < 6; k++) {
                            assertThat(c.delete(key(20 + k))).isTrue();
                            assertThat(c.get(key(20 + k))).isNull();
                        }
                    }
                    fabric.node(me).clock().sleepNanos(500_000);
                    for (int k = 0; k < 6; k++) {
                        seen.add(me + " after delete " + k + ": " + (c.get(key(20 + k)) == null));
                    }
                    assertThat(c.get(key(9999))).isNull();
                });
            }
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
        }
        assertThat(seen).hasSize(3 * 18 + 3 * 6).allSatisfy(s -> assertThat(s).endsWith("true"));
    }

    /** Three nodes write one key while reading it, a fourth only reads; two clients per node. */
    static List<String> contendedKey(long seed, NessieConfig config) {
        List<String> log = new ArrayList<>();
        try (SimFabric fabric = fabric(seed, 4, FaultPlan.NONE)) {
            List<NessieKv> clients = NessieCluster.deploy(fabric, 4, 2, config).kvClients();
            for (int r = 0; r < 2; r++) {
                NessieKv reader = clients.get(6 + r);
                fabric.node(3).spawn("reader-" + r, () -> {
                    for (int i = 0; i < 40; i++) {
                        String got = describe(reader.get(key(7)));
                        synchronized (log) {
                            log.add("3:" + got);
                        }
                        fabric.node(3).clock().sleepNanos(3_000);
                    }
                });
            }
            byte[][] last = new byte[3][];
            for (int n = 0; n < 3; n++) {
                int me = n;
                NessieKv c = clients.get(2 * n);
                fabric.node(n).spawn("writer-" + n, () -> {
                    for (int v = 1; v <= 15; v++) {
                        assertThat(c.put(key(7), value(me, v))).isTrue();
                        String got = describe(c.get(key(7)));
                        synchronized (log) {
                            log.add(me + ":" + got);
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
            log.add("digest " + fabric.trace().digest());
        }
        return log;
    }

    @ParameterizedTest
    @EnumSource(NessieMode.class)
    void concurrentWritersOfOneKeyConvergeAndNoReadIsTorn(NessieMode mode) {
        NessieConfig config = NessieConfig.small(NessieClusterTest.SHAPE, 64, 256).withMode(mode).withServerWorkers(2);
        List<String> log = contendedKey(5, config);
        TreeMap<String, Integer> finals = new TreeMap<>();
        for (String line : log) {
            if (line.startsWith("final")) {
                finals.merge(line.substring(line.indexOf(':') + 1), 1, Integer::sum);
            } else if (!line.startsWith("digest")) {
                String read = line.substring(line.indexOf(':') + 1);
                assertThat(read).as(line).matches(line.startsWith("3:") ? "absent|w[0-2]v([1-9]|1[0-5])" : "w[0-2]v([1-9]|1[0-5])");
            }
        }
        assertThat(finals).as("all nodes read the same final value").hasSize(1);
        assertThat(finals.firstKey()).as("one of the last writes").matches("w[0-2]v15");
        assertThat(contendedKey(5, config)).as("deterministic").isEqualTo(log);
    }

    @Test
    void unknownModeNamesTheValidOnes() {
        assertThat(NessieMode.parse("NESSIE_SD")).isEqualTo(NessieMode.NESSIE_SD);
        assertThatThrownBy(() -> NessieMode.parse("herd")).hasMessageContaining("valid: nessie, nessie-sd, nessie-hy");
    }

    /**
     * Operations per virtual second (the sum of the clients' rates) of 3 nodes x 4 clients, 90% GETs of 4 KB values,
     * with {@code hogs} CPU-consuming background processes on every node (the simulator's fault-plan hogs share
     * the node's cores with its threads).
     */
    static double throughput(NessieMode mode, int hogs) {
        return throughput(mode, hogs, 0);
    }

    /** As {@link #throughput(NessieMode, int)}, the hogs scheduled in time slices of {@code sliceNs} (0: processor sharing). */
    static double throughput(NessieMode mode, int hogs, long sliceNs) {
        NessieConfig config = NessieConfig.small(new io.rdasuite.store.kv.KvShape(8, 4096), 1024, 1024).withMode(mode);
        int nodes = 3;
        int perNode = 4;
        int ops = 150;
        long[] finished = new long[nodes * perNode];
        FaultPlan faults = FaultPlan.NONE.withCpuHogSlices(sliceNs);
        for (int n = 0; n < nodes; n++) {
            faults = faults.withCpuHogs(n, hogs);
        }
        try (SimFabric fabric = fabric(3, nodes, faults)) {
            List<NessieKv> clients = NessieCluster.deploy(fabric, nodes, perNode, config).kvClients();
            for (int i = 0; i < clients.size(); i++) {
                int me = i;
                NessieKv c = clients.get(i);
                c.node().spawn("bench-" + i, () -> {
                    java.util.SplittableRandom r = new java.util.SplittableRandom(me);
                    byte[] v = new byte[4096];
                    for (int k = 0; k < 40; k++) {
                        c.put(key(100 * me + k), v);
                    }
                    long start = c.node().clock().nowNanos();
                    for (int op = 0; op < ops; op++) {
                        int k = r.nextInt(clients.size()) * 100 + r.nextInt(40);
                        if (r.nextInt(10) == 0) {
                            c.put(key(k), v);
                        } else {
                            c.get(key(k));
                        }
                    }
                    finished[me] = c.node().clock().nowNanos() - start;
                });
            }
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
        }
        return Arrays.stream(finished).mapToDouble(t -> ops * 1e9 / t).sum();
    }

    @Test
    void backgroundProcessesSlowNessieSdDownButNotNessie() {
        double sd0 = throughput(NessieMode.NESSIE_SD, 0);
        double sd8 = throughput(NessieMode.NESSIE_SD, 8);
        double cd0 = throughput(NessieMode.NESSIE, 0);
        double cd8 = throughput(NessieMode.NESSIE, 8);
        System.out.printf("SD %.0f -> %.0f, Nessie %.0f -> %.0f ops/s%n", sd0, sd8, cd0, cd8);
        assertThat(sd8).as("NessieSD with 8 background processes per node").isLessThan(0.8 * sd0);
        // Nessie's clients burn CPU too (completion polls, local DTE stores and loads), but little per operation
        assertThat(cd8).as("Nessie with 8 background processes per node").isGreaterThan(0.85 * cd0);
        assertThat(1 - sd8 / sd0).as("NessieSD's relative loss is several times Nessie's").isGreaterThan(3 * (1 - cd8 / cd0));
    }

    /**
     * Paper 004 §6.1's mechanism: with time slices, a descheduled NessieSD server stalls every client waiting on it,
     * while a descheduled Nessie client stalls only its own operation; NessieHY stalls only its PUTs.
     */
    @Test
    void timeSlicedBackgroundProcessesCollapseNessieSdAndHurtNessieLeast() {
        long slice = 100_000;
        double sd = throughput(NessieMode.NESSIE_SD, 8, slice) / throughput(NessieMode.NESSIE_SD, 0, slice);
        double hy = throughput(NessieMode.NESSIE_HY, 8, slice) / throughput(NessieMode.NESSIE_HY, 0, slice);
        double cd = throughput(NessieMode.NESSIE, 8, slice) / throughput(NessieMode.NESSIE, 0, slice);
        System.out.printf("kept with 8 time-sliced hogs: SD %.2f, HY %.2f, Nessie %.2f%n", sd, hy, cd);
        assertThat(sd).as("NessieSD keeps less than half").isLessThan(0.5);
        assertThat(hy).as("NessieHY declines less than NessieSD").isGreaterThan(sd);
        assertThat(cd).as("Nessie declines least").isGreaterThan(hy);
    }
}
