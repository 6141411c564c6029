package io.rdasuite.hwreal.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.apache.ratis.server.RaftServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Re-replication (paper 002 §4.1.7) on a real backend: pDSM on the loopback fabric (real memory and threads) with its
 * monitor on Apache Ratis. Server X is killed, the monitor's probes find it dead, every segment gets its lost replica
 * back through the replicated log (RESERVE, the primary's copy, ATTACH); then the primary of a re-replicated segment is
 * killed too, and every acknowledged put is read back from the one server left.
 */
class ReReplicationOnLoopbackWithRatisTest {
    static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");

    /** Polls until {@code check} holds, up to {@code seconds}: an upper bound on waiting, not a timing assertion. */
    private static boolean await(BooleanSupplier check, int seconds) throws InterruptedException {
        for (int i = 0; i < seconds * 20 && !check.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
        return check.getAsBoolean();
    }

    private static boolean replicated(MonitorView v, int replicas) {
        return v.table().values().stream().allMatch(item -> item.replicas().size() >= replicas);
    }

    @Test
    void aSecondFailureAfterReReplicationLosesNoAcknowledgedPut(@TempDir Path dir) throws Exception {
        List<String> addresses = MonitorAddresses.freeLoopback(3);
        List<RaftServer> replicas = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                replicas.add(RatisReplicaMain.start(i, dir.resolve("m" + i), 5, addresses));
            }
            List<String> problems = new CopyOnWriteArrayList<>();
            // probes every 20 ms, dead after 3 missed
            PdsmConfig config = new PdsmConfig(3, 64 * 1024, 64, 4096, 512, 1, 8, 20_000_000, 3, 0, Plant.NONE);
            try (RatisLog log = new RatisLog(addresses); LoopbackFabric f = LoopbackFabric.builder().node(CONFIG).node(CONFIG).node(CONFIG).node(CONFIG)
                    .node(CONFIG).build()) {
                PdsmCluster cluster = PdsmCluster.deploy(f, List.of(0, 1, 2), 3, List.of(4), config, 5, false, log);
                cluster.remapOnFailure();
                PdsmClient client = cluster.clients.getFirst();
                int keys = 24;
                byte[][] acknowledged = new byte[keys][];
                f.node(4).spawn("writer", () -> {
                    for (int v = 1; v <= 2; v++) {
                        for (int k = 0; k < keys; k++) {
                            byte[] value = PdsmOnLoopbackWithRatisTest.value(0, k, v);
                            if (client.put(ObjectId.ofKey(k), value)) {
                                acknowledged[k] = value;
                            } else {
                                problems.add("put " + k + " v" + v + " failed");
                            }
                        }
                    }
                });
                f.join();
                assertThat(problems).isEmpty();
                assertThat(cluster.monitor.view().table()).hasSize(3);

                f.kill(0); // X
                assertThat(await(() -> !cluster.monitor.liveServers().contains(0) && replicated(cluster.monitor.view(), 2), 60))
                        .as("server 0 declared dead and every segment back to two replicas: %s", cluster.monitor.view()).isTrue();
                MonitorView after = cluster.monitor.view();
                assertThat(after.liveServers()).containsExactly(1, 2);
                MappingItem someSegment = after.table().values().iterator().next();
                int y = someSegment.primary().nodeId();
                int survivor = y == 1 ? 2 : 1;
                f.kill(y); // Y: every segment now lives only on the survivor, two of them through re-replication or failover
                assertThat(await(() -> cluster.monitor.liveServers().equals(java.util.Set.of(survivor)), 60)).isTrue();
                assertThat(cluster.monitor.view().table()).as("no segment lost").hasSize(3);

                f.node(4).spawn("reader", () -> {
                    for (int k = 0; k < keys; k++) {
                        PdsmClient.Read r = client.get(ObjectId.ofKey(k));
                        if (!(r instanceof PdsmClient.Found found) || !Arrays.equals(found.value(), acknowledged[k])) {
                            problems.add("key " + k + ": " + r);
                        }
                    }
                });
                f.join();
                assertThat(problems).as("every acknowledged put read back from server %d alone", survivor).isEmpty();
            }
        } finally {
            for (RaftServer s : replicas) {
                s.close();
            }
        }
    }
}
