package io.rdasuite.hwreal;

import static io.rdasuite.hwreal.StoresOnLoopbackTest.CONFIG;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.SHAPE;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.key;
import static io.rdasuite.hwreal.StoresOnLoopbackTest.value;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.store.nessie.NessieClient;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Nessie (paper 004 §4) unchanged on real threads: three nodes, one client thread each, CASing index entries
 * (their own through a loopback connection) while they write their own keys and one shared key.
 */
class NessieOnLoopbackTest {
    @Test
    void threeNodesWriteAndReadBackConcurrentlyAndAgreeOnTheSharedKey() {
        ConcurrentMap<Integer, Integer> seen = new ConcurrentHashMap<>();
        List<String> problems = new CopyOnWriteArrayList<>();
        byte[][] shared = new byte[3][];
        // small data tables, a short expiration: DTEs are recycled during the run
        NessieConfig config = NessieConfig.realThreads(SHAPE, 256, 64).withExpiration(20_000_000, 1_000_000, 10_000_000);
        try (LoopbackFabric f = LoopbackFabric.builder().node(CONFIG).node(CONFIG).node(CONFIG).build()) {
            List<NessieClient> clients = NessieCluster.deploy(f, 3, config).clients();
            for (int c = 0; c < 3; c++) {
                NessieClient kv = clients.get(c);
                int base = 10 * c;
                int me = c;
                f.node(c).spawn("client-" + c, () -> {
                    for (int v = 1; v <= 40; v++) {
                        for (int k = base; k < base + 4; k++) {
                            assertThat(kv.put(key(k), value(k, v))).isTrue();
                            byte[] got = kv.get(key(k));
                            if (got == null || got[1] != v || !Arrays.equals(got, value(k, v))) {
                                problems.add("node " + me + " key " + k + " version " + v);
                            }
                        }
                        assertThat(kv.put(key(99), value(99, v))).isTrue();
                        byte[] s = kv.get(key(99));
                        if (s == null || !Arrays.equals(s, value(99, s[1]))) {
                            problems.add("node " + me + " read a torn or unknown shared value");
                        }
                    }
                    for (int k = base; k < base + 4; k++) {
                        seen.put(k, (int) kv.get(key(k))[1]);
                    }
                });
            }
            f.join();
            for (int c = 0; c < 3; c++) {
                NessieClient kv = clients.get(c);
                int me = c;
                f.node(c).spawn("final-" + c, () -> shared[me] = kv.get(key(99)));
            }
            f.join();
        }
        assertThat(problems).isEmpty();
        assertThat(seen).hasSize(12).allSatisfy((k, v) -> assertThat(v).isEqualTo(40));
        assertThat(shared[0]).isEqualTo(value(99, 40)).isEqualTo(shared[1]).isEqualTo(shared[2]);
    }
}
