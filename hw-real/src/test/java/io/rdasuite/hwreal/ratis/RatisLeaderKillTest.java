package io.rdasuite.hwreal.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.monitor.Replica;
import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TH-DPMS's monitor on Apache Ratis (paper 002 §4.1.3): three replica processes; the Raft leader is killed with
 * SIGKILL while a server's segments are being remapped, and no committed mapping is lost: the new leader has every
 * segment mapped before, the epoch never goes back, and the remap happened entirely or not at all.
 */
class RatisLeaderKillTest {
    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static List<Replica> segments(int node) {
        List<Replica> r = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            r.add(new Replica(node, s, 0x10000L * (node + 1) + 0x1000L * s, 10 * node + s + 1));
        }
        return r;
    }

    /** Polls until {@code check} holds, up to {@code seconds}; an upper bound on waiting, not a timing assertion. */
    private static boolean await(java.util.function.BooleanSupplier check, int seconds) throws InterruptedException {
        for (int i = 0; i < seconds * 10; i++) {
            if (check.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return check.getAsBoolean();
    }

    @Test
    void killingTheLeaderDuringARemapLosesNoCommittedMapping(@TempDir Path dir) throws Exception {
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            addresses.add("127.0.0.1:" + freePort());
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> replicas = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Path storage = Files.createDirectories(dir.resolve("m" + i));
                List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), RatisReplicaMain.class.getName(),
                        Integer.toString(i), storage.toString(), "7"));
                cmd.addAll(addresses);
                replicas.add(new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("m" + i + ".log").toFile()).start());
            }
            assertThat(await(() -> leader(dir) >= 0, 60)).as("a leader is elected").isTrue();
            try (RatisLog log = new RatisLog(addresses)) {
                Monitor monitor = new Monitor(log);
                for (int n = 0; n < 3; n++) {
                    monitor.join(n, segments(n));
                }
                List<MappingItem> committed = new ArrayList<>();
                for (int n = 0; n < 3; n++) {
                    committed.add(monitor.mapSegment(n, 0, 1));
                }
                long before = monitor.epoch();
                // under load the leadership may move (the file of the old leader gone, the new one's not yet written): wait for
                // a leader again instead of reading "none" (-1) once, as a run beside a kill campaign did
                int[] found = {-1};
                assertThat(await(() -> (found[0] = leader(dir)) >= 0, 60)).as("a leader before the kill").isTrue();
                int leader = found[0];

                AtomicReference<Object> remap = new AtomicReference<>();
                Thread t = Thread.ofPlatform().start(() -> {
                    try {
                        remap.set(monitor.declareDead(0));
                    } catch (RuntimeException e) {
                        remap.set(e);
                    }
                });
                replicas.get(leader).destroyForcibly(); // SIGKILL on Linux
                replicas.get(leader).waitFor();
                t.join(120_000);

                AtomicReference<MonitorView> view = new AtomicReference<>();
                assertThat(await(() -> {
                    try {
                        view.set(monitor.view());
                        return true;
                    } catch (RuntimeException e) {
                        return false;
                    }
                }, 60)).as("the two survivors elect a new leader and answer").isTrue();
                MonitorView after = view.get();
                for (MappingItem item : committed) {
                    assertThat(after.table()).as("committed segment %d", item.segmentNo()).containsKey(item.segmentNo());
                }
                assertThat(after.epoch()).isGreaterThanOrEqualTo(before);
                boolean remapped = !after.liveServers().contains(0);
                assertThat(after.epoch()).as("all or nothing").isEqualTo(remapped ? before + 1 : before);
                if (remap.get() instanceof Long epoch) {
                    assertThat(remapped).as("an acknowledged remap survives the leader's death").isTrue();
                    assertThat(epoch).isEqualTo(before + 1);
                }
                if (remapped) {
                    for (MappingItem item : committed) {
                        assertThat(after.table().get(item.segmentNo()).replicas()).noneMatch(r -> r.nodeId() == 0);
                    }
                }
            }
        } finally {
            replicas.forEach(Process::destroyForcibly);
        }
    }

    /** The index of the replica that leads now, or -1. */
    private static int leader(Path dir) {
        for (int i = 0; i < 3; i++) {
            if (new File(dir.resolve("m" + i).toFile(), "leader").exists()) {
                return i;
            }
        }
        return -1;
    }
}
