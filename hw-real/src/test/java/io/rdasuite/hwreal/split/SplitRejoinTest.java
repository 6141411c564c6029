package io.rdasuite.hwreal.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.hwreal.ratis.MonitorAddresses;
import io.rdasuite.hwreal.ratis.RatisLog;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.apache.ratis.server.RaftServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PM server that died comes back on its PM and rejoins the running deployment (issue 29: one cluster across kill
 * cycles): server 0 is killed (its fabric closed, as a SIGKILL breaks its connections), its segments fail over, it is
 * started again on the same directory, waits to be declared dead, replays the deployment under its regions' old
 * identities (the other processes re-dial; its segments under new rkeys, so a write under an old key is refused) and
 * joins. Then server 1 dies: the only place left for the replicas it held is
 * the rejoined server 0, so re-replication copies them there; then server 2 dies too, and every acknowledged put is read
 * back from server 0 alone.
 */
class SplitRejoinTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());



    private static CompletableFuture<AutoCloseable> server(List<String> servers, String client, List<String> monitors, int i, Path dir,
                                                           boolean rejoin) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return PdsmProcesses.server(servers, client, monitors, i, new MappedFilePm(dir), dir, rejoin, 1, QUIET);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, r -> Thread.ofPlatform().start(r));
    }

    @Test
    void aRestartedServerRejoinsAndTakesTheNextFailoversReplicas(@TempDir Path dir) throws Exception {
        List<String> monitors = MonitorAddresses.freeLoopback(3);
        List<RaftServer> replicas = SplitTestSupport.startMonitorReplicas(dir, monitors);
        List<String> servers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            servers.add("127.0.0.1:" + SplitTestSupport.freePair());
        }
        String clientAddress = "127.0.0.1:" + SplitTestSupport.freePair();
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String s : servers) {
            addresses.add(new InetSocketAddress("127.0.0.1", Integer.parseInt(s.substring(s.indexOf(':') + 1))));
        }
        addresses.add(new InetSocketAddress("127.0.0.1", Integer.parseInt(clientAddress.substring(clientAddress.indexOf(':') + 1))));
        addresses.add(addresses.get(3));
        List<AutoCloseable> open = new CopyOnWriteArrayList<>();
        List<CompletableFuture<AutoCloseable>> started = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            started.add(server(servers, clientAddress, monitors, i, dir.resolve("s" + i), false));
        }
        SplitFabric clientFabric = new SplitFabric(addresses, Set.of(3, 4), Set.of(), PdsmProcesses.NODE_CONFIG, null, WireLimits.DEFAULTS, line -> { });
        open.add(clientFabric);
        try {
            PdsmCluster cluster = PdsmCluster.deploy(clientFabric, List.of(0, 1, 2), 3, List.of(4), PdsmProcesses.config(Plant.NONE), 1, false,
                    new RatisLog(monitors));
            cluster.remapOnFailure();
            AutoCloseable[] server = new AutoCloseable[3];
            for (int i = 0; i < 3; i++) {
                server[i] = started.get(i).get();
                open.add(server[i]);
            }
            PdsmClient client = cluster.clients.getFirst();
            int keys = 12;
            byte[][] acknowledged = new byte[keys][];
            List<String> problems = new CopyOnWriteArrayList<>();
            long[] round = {0};
            Runnable writeAll = () -> {
                round[0]++;
                IntStream.range(0, keys).forEach(k -> {
                    byte[] value = PdsmProcesses.encode(100L * k + round[0]);
                    if (client.put(ObjectId.ofKey(k), value)) {
                        acknowledged[k] = value;
                    } else {
                        problems.add("round " + round[0] + ": put " + k + " refused");
                    }
                });
            };
            Runnable readAll = () -> IntStream.range(0, keys).forEach(k -> {
                PdsmClient.Read r = client.get(ObjectId.ofKey(k));
                if (!(r instanceof PdsmClient.Found found) || !Arrays.equals(found.value(), acknowledged[k])) {
                    problems.add("key " + k + ": " + r);
                }
            });
            onClientNode(clientFabric, () -> {
                writeAll.run();
                readAll.run();
            });
            assertThat(problems).isEmpty();

            List<Replica> before = cluster.monitor.view().table().values().stream().flatMap(item -> item.replicas().stream())
                    .filter(r -> r.nodeId() == 0).toList();
            assertThat(before).isNotEmpty();
            server[0].close(); // server 0 dies
            assertThat(SplitTestSupport.await(() -> whole(cluster.monitor.view(), Set.of(1, 2)), 120)).as("failed over: %s", cluster.monitor.view()).isTrue();
            server[0] = server(servers, clientAddress, monitors, 0, dir.resolve("s0"), true).get();
            open.add(server[0]);
            assertThat(cluster.monitor.view().liveServers()).as("rejoined").containsExactly(0, 1, 2);
            onClientNode(clientFabric, () -> {
                writeAll.run();
                readAll.run();
            });
            assertThat(problems).as("after the rejoin").isEmpty();
            List<Boolean> staleWrites = new CopyOnWriteArrayList<>();
            onClientNode(clientFabric, () -> before.forEach(old -> staleWrites.add(client.reader(0).execute(
                    WorkRequest.write(MemorySegment.ofArray(new long[] {-1}), old.baseAddress() + 4096, old.rkey())).ok())));
            assertThat(staleWrites).as("a write under a segment's key from before the restart is refused").containsOnly(false);

            server[1].close(); // its replicas can go only to the rejoined server 0
            assertThat(SplitTestSupport.await(() -> whole(cluster.monitor.view(), Set.of(0, 2)), 120)).as("re-replicated onto server 0: %s", cluster.monitor.view())
                    .isTrue();
            assertThat(cluster.monitor.view().table().values()).allSatisfy(item -> assertThat(item.replicas().stream().map(Replica::nodeId))
                    .contains(0));
            onClientNode(clientFabric, () -> {
                writeAll.run();
                readAll.run();
            });
            assertThat(problems).as("after the second failover").isEmpty();

            server[2].close(); // now server 0 holds the only copy of every segment
            assertThat(SplitTestSupport.await(() -> cluster.monitor.view().liveServers().equals(java.util.Set.of(0)), 120)).isTrue();
            onClientNode(clientFabric, readAll);
            assertThat(problems).as("every acknowledged put read back from the rejoined server alone").isEmpty();
        } finally {
            for (AutoCloseable c : open) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing
                }
            }
            for (RaftServer r : replicas) {
                r.close();
            }
        }
    }

    /** Exactly {@code live} are live and every segment has two replicas on them. */
    private static boolean whole(MonitorView v, Set<Integer> live) {
        return v.liveServers().equals(new java.util.TreeSet<>(live)) && !v.table().isEmpty()
                && v.table().values().stream().allMatch(item -> item.replicas().size() == 2 && item.replicas().stream().allMatch(r -> live.contains(r.nodeId())));
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
