package io.rdasuite.hwreal.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.ratis.RatisLog;
import io.rdasuite.hwreal.ratis.MonitorAddresses;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pDSM split as {@code rda serve --role pdsm-server} and {@code rda thdpms-client} split it, with each "process" a
 * {@link SplitFabric} of its own in this JVM (real TCP between them, the monitor on three Ratis replicas): every
 * acknowledged put is read back, also after server 0's fabric is closed (its connections break, as at a SIGKILL)
 * and the monitor failed its segments over and re-replicated them.
 */
class SplitPdsmTest {
    /** Polls until {@code check} holds, up to {@code seconds}: a bound on waiting, not a timing assertion. */


    @Test
    void everyAcknowledgedPutSurvivesAServerKilledInAnotherFabric(@TempDir Path dir) throws Exception {
        List<String> monitors = MonitorAddresses.freeLoopback(3);
        List<org.apache.ratis.server.RaftServer> replicas = SplitTestSupport.startMonitorReplicas(dir, monitors);
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            addresses.add(new InetSocketAddress("127.0.0.1", SplitTestSupport.freePair()));
        }
        addresses.add(addresses.get(3)); // the client node shares the monitor node's process
        List<SplitFabric> fabrics = new CopyOnWriteArrayList<>();
        List<CompletableFuture<PdsmCluster>> deployed = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            Set<Integer> local = p < 3 ? Set.of(p) : Set.of(3, 4);
            Set<Integer> listening = p < 3 ? Set.of(p) : Set.of();
            SplitFabric f = new SplitFabric(addresses, local, listening, PdsmProcesses.NODE_CONFIG, null, WireLimits.DEFAULTS, line -> { });
            fabrics.add(f);
            deployed.add(CompletableFuture.supplyAsync(() -> PdsmCluster.deploy(f, List.of(0, 1, 2), 3, List.of(4),
                    PdsmProcesses.config(Plant.NONE), 1, false, new RatisLog(monitors)), r -> Thread.ofPlatform().start(r)));
        }
        try {
            PdsmCluster cluster = deployed.get(3).get();
            cluster.remapOnFailure();
            PdsmClient client = cluster.clients.getFirst();
            int keys = 12;
            byte[][] acknowledged = new byte[keys][];
            List<String> problems = new CopyOnWriteArrayList<>();
            Runnable writeAll = () -> IntStream.range(0, keys).forEach(k -> {
                byte[] value = PdsmProcesses.encode(100L * k + (acknowledged[k] == null ? 1 : 2));
                if (client.put(ObjectId.ofKey(k), value)) {
                    acknowledged[k] = value;
                } else {
                    problems.add("put " + k + " refused");
                }
            });
            Runnable readAll = () -> IntStream.range(0, keys).forEach(k -> {
                PdsmClient.Read r = client.get(ObjectId.ofKey(k));
                if (!(r instanceof PdsmClient.Found found) || !Arrays.equals(found.value(), acknowledged[k])) {
                    problems.add("key " + k + ": " + r);
                }
            });
            onClientNode(fabrics.get(3), () -> {
                writeAll.run();
                writeAll.run();
                readAll.run();
            });
            assertThat(problems).isEmpty();

            fabrics.get(0).close(); // server 0's process dies
            assertThat(SplitTestSupport.await(() -> {
                MonitorView v = cluster.monitor.view();
                return !v.liveServers().contains(0) && v.table().values().stream().allMatch(item -> item.replicas().size() == 2);
            }, 120)).as("server 0 declared dead and every segment back to two replicas: %s", cluster.monitor.view()).isTrue();
            onClientNode(fabrics.get(3), readAll);
            assertThat(problems).as("every acknowledged put read back after the failover").isEmpty();
        } finally {
            for (SplitFabric f : fabrics) {
                f.close();
            }
            for (org.apache.ratis.server.RaftServer r : replicas) {
                r.close();
            }
        }
    }

    private static void onClientNode(SplitFabric f, Runnable body) throws InterruptedException {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        f.node(4).spawn("test-client", () -> {
            try {
                body.run();
            } finally {
                done.countDown();
            }
        });
        done.await();
    }
}
