package io.rdasuite.hwreal.ratis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.monitor.Replica;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.ratis.server.RaftServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitor's Ratis snapshots: past {@link RatisReplicaMain#SNAPSHOT_EVERY} entries a replica writes one, a restart
 * comes back to the same state, and a snapshot that no longer matches its MD5 is refused instead of loaded.
 */
class RatisSnapshotTest {
    private static Path snapshot(Path storage) throws IOException {
        try (Stream<Path> files = Files.walk(storage)) {
            return files.filter(f -> f.getFileName().toString().matches("snapshot\\.\\d+_\\d+")).findFirst().orElse(null);
        }
    }

    @Test
    void aReplicaRestartsFromItsSnapshotAndRefusesACorruptOne(@TempDir Path storage) throws Exception {
        List<String> one = MonitorAddresses.freeLoopback(1);
        MonitorView before;
        MappingItem granted;
        RaftServer server = RatisReplicaMain.start(0, storage, 7, one);
        try (RatisLog log = new RatisLog(one)) {
            Monitor monitor = new Monitor(log);
            monitor.join(1, List.of(new Replica(1, 0, 4096, 11)));
            long segment = monitor.mapSegment(1, 0, 0).segmentNo();
            for (int i = 0; i <= RatisReplicaMain.SNAPSHOT_EVERY; i++) {
                monitor.grant(i % 10, segment);
            }
            before = monitor.view();
            granted = monitor.lookup(3, segment);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (snapshot(storage) == null && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        } finally {
            server.close();
        }
        assertThat(snapshot(storage)).as("a snapshot past " + RatisReplicaMain.SNAPSHOT_EVERY + " entries").isNotNull();
        assertThat(granted.primary().rkey()).as("client 3 was granted the segment").isNotZero();

        server = RatisReplicaMain.start(0, storage, 7, one);
        try (RatisLog log = new RatisLog(one)) {
            Monitor monitor = new Monitor(log);
            assertThat(monitor.view().epoch()).isEqualTo(before.epoch());
            assertThat(monitor.view().table()).isEqualTo(before.table());
            assertThat(monitor.lookup(3, granted.segmentNo())).isEqualTo(granted);
        } finally {
            server.close();
        }

        List<Path> snapshots;
        try (Stream<Path> files = Files.walk(storage)) {
            snapshots = files.filter(f -> f.getFileName().toString().matches("snapshot\\.\\d+_\\d+")).toList();
        }
        assertThat(snapshots.size()).as("old snapshots are removed").isLessThanOrEqualTo(3);
        for (Path f : snapshots) { // the latest one is loaded: spoil each
            byte[] bytes = Files.readAllBytes(f);
            bytes[bytes.length / 2] ^= 1;
            Files.write(f, bytes);
        }
        assertThatThrownBy(() -> RatisReplicaMain.start(0, storage, 7, one).close()).as("a corrupt snapshot is refused, not loaded")
                .hasStackTraceContaining("does not match its MD5");
    }
}
