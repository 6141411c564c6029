package io.rdasuite.hwreal.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.ratis.server.RaftServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pDSM on a real backend (the loopback fabric: real memory, real threads) with its monitor on Apache Ratis (three
 * replicas in this JVM): two clients put, overwrite, read and delete objects placed over three PM servers.
 */
class PdsmOnLoopbackWithRatisTest {
    static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");

    @Test
    void objectsPutOverwriteReadAndDeleteWithTheMonitorOnRatis(@TempDir Path dir) throws Exception {
        List<String> addresses = MonitorAddresses.freeLoopback(3);
        List<RaftServer> replicas = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                replicas.add(RatisReplicaMain.start(i, dir.resolve("m" + i), 5, addresses));
            }
            List<String> problems = new CopyOnWriteArrayList<>();
            PdsmConfig config = new PdsmConfig(3, 64 * 1024, 64, 4096, 512, 1, 8, 50_000_000, 3, 0, Plant.NONE);
            try (RatisLog log = new RatisLog(addresses); LoopbackFabric f = LoopbackFabric.builder().node(CONFIG).node(CONFIG).node(CONFIG).node(CONFIG)
                    .node(CONFIG).node(CONFIG).build()) {
                PdsmCluster cluster = PdsmCluster.deploy(f, List.of(0, 1, 2), 3, List.of(4, 5), config, 5, false, log);
                for (int c = 0; c < 2; c++) {
                    PdsmClient client = cluster.clients.get(c);
                    int me = c;
                    f.node(4 + c).spawn("client-" + c, () -> {
                        for (int k = 0; k < 8; k++) {
                            ObjectId id = ObjectId.ofKey(100 * me + k);
                            for (int v = 1; v <= 3; v++) {
                                byte[] value = value(me, k, v);
                                if (!client.put(id, value)) {
                                    problems.add("put " + me + "/" + k + " failed");
                                }
                                if (!(client.get(id) instanceof PdsmClient.Found found) || !Arrays.equals(found.value(), value)) {
                                    problems.add("read of " + me + "/" + k + " after version " + v);
                                }
                            }
                            if (!client.delete(id) || !(client.get(id) instanceof PdsmClient.Absent)) {
                                problems.add("delete of " + me + "/" + k);
                            }
                        }
                    });
                }
                f.join();
                assertThat(problems).isEmpty();
                assertThat(cluster.monitor.view().table()).hasSize(3);
            }
        } finally {
            for (RaftServer s : replicas) {
                s.close();
            }
        }
    }

    static byte[] value(int client, int key, int version) {
        byte[] v = new byte[64];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) (client * 37 + key * 11 + version * 5 + i + 1);
        }
        return v;
    }
}
