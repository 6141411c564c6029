package io.rdasuite.crashsim.thdpms;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * pDSM's pending root mark (a commit's swing hidden from one-sided get_obj readers until it is persisted at the primary
 * and its backup; paper 002 §4.1.5, §4.1.8 do not say when a swing becomes visible) and the two ways it made a get of an
 * acknowledged object fail (answer nothing) although the value was there. SplitRejoinTest met the first on loopback:
 * three keys read null right after the last failover.
 */
class PendingRootTest {
    static final ServerConfig NODE = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
    /** How long a server takes to apply a failover's configuration, or a backup's mirror responder is descheduled. */
    static final long LATE_NANOS = 2_000_000;

    private static byte[] value(int tag) {
        byte[] v = new byte[64];
        java.util.Arrays.fill(v, (byte) tag);
        return v;
    }

    private static String show(PdsmClient.Read r) {
        return r instanceof PdsmClient.Found f ? "found " + f.value()[0] : String.valueOf(r);
    }

    /**
     * §4.1.3 failover: clients learn the new primary from the monitor, and read it one-sided, before the broadcast has
     * reached it (on loopback the server queries the Raft group, milliseconds; the client's READs take tens of µs). The
     * promoted backup held every acknowledged commit's swing with its pending mark (the primary cleared the mark only in
     * its own copy), so until it applied the configuration (settlePendingRoots) every get of the segment saw a pending
     * root, and gave up after PENDING_REREADS re-reads: null, as if no replica answered. An acknowledged swing must reach
     * the backup unmarked, and a get of it must find it on the promoted backup at once.
     */
    @Test
    void anAcknowledgedPutIsReadFromAPromotedBackupBeforeItAppliesTheConfiguration() {
        List<String> seen = new ArrayList<>();
        try (SimFabric f = SimFabric.builder().seed(1).node(NODE).node(NODE).node(NODE).node(NODE).node(NODE).build()) {
            PdsmCluster cluster = PdsmCluster.deploy(f, List.of(0, 1, 2), 3, List.of(4), PdsmConfig.small(), 1, false);
            for (PdsmServer s : cluster.servers) {
                s.extend(new LateLearner(s));
            }
            PdsmClient client = cluster.clients.getFirst();
            ObjectId id = ObjectId.ofKey(1);
            f.node(4).spawn("user", () -> {
                seen.add("put " + client.put(id, value(7)));
                MappingItem item = client.mapping(client.segmentOf(id));
                int primary = item.primary().nodeId();
                PdsmServer backup = cluster.servers.get(item.backups().getFirst().nodeId());
                backup.node().spawn("inspect", () -> {
                    long bucketRoot = rootWord(backup, backup.backupLocal(item.segmentNo()), id);
                    seen.add("backup's root pending " + ((bucketRoot & PdsmServer.PENDING_ROOT) != 0));
                });
                f.engine().atEvent(f.engine().dispatched(), () -> f.powerFailure(primary));
                seen.add("get after failover " + show(client.get(id)));
                seen.add("read from the promoted backup " + (client.mapping(item.segmentNo()).primary().nodeId() == backup.node().id()));
                seen.add("applied by then " + (backup.appliedEpoch() == client.epoch()));
            });
            f.run();
        }
        assertThat(seen).startsWith("put true").contains("read from the promoted backup true", "backup's root pending false", "get after failover found 7");
        assertThat(seen).as("the get did not wait for the new primary to apply the configuration").contains("applied by then false");
    }

    /**
     * A commit whose mirror to the backup is slow (the backup's responder descheduled, as a loaded or paused backup process
     * is) keeps its root pending at the primary that long; a concurrent get must wait it out (re-reading, then refreshing
     * its mapping as after a failed READ), not give up after PENDING_REREADS re-reads of a few µs each.
     */
    @Test
    void aGetWaitsOutASwingWhoseMirrorIsSlow() {
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (SimFabric f = SimFabric.builder().seed(1).node(NODE).node(NODE).node(NODE).node(NODE).node(NODE).node(NODE).build()) {
            PdsmCluster cluster = PdsmCluster.deploy(f, List.of(0, 1, 2), 3, List.of(4, 5), PdsmConfig.small(), 1, false);
            PdsmClient writer = cluster.clients.get(0);
            PdsmClient reader = cluster.clients.get(1);
            ObjectId id = ObjectId.ofKey(1);
            long[] slowPutStarted = {-1};
            f.node(4).spawn("writer", () -> {
                seen.add("put " + writer.put(id, value(7)));
                MappingItem item = writer.mapping(writer.segmentOf(id));
                int primary = item.primary().nodeId();
                int backup = item.backups().getFirst().nodeId();
                for (var a : f.engine().actors()) { // the backup's end of the primary's bucket mirrors
                    if (a.node() == backup && a.name().startsWith("mirror-" + primary + "-to-" + backup + "-")) {
                        f.engine().stall(a, f.engine().now() + LATE_NANOS);
                    }
                }
                slowPutStarted[0] = f.node(4).clock().nowNanos();
                seen.add("slow put " + writer.put(id, value(8)));
                seen.add("slow put took more than the stall " + (f.node(4).clock().nowNanos() - slowPutStarted[0] > LATE_NANOS));
            });
            f.node(5).spawn("reader", () -> {
                while (slowPutStarted[0] < 0) {
                    f.node(5).clock().sleepNanos(1_000);
                }
                f.node(5).clock().sleepNanos(50_000); // the put is committing: its root is pending at the primary
                seen.add("get during the slow put " + show(reader.get(id)));
            });
            f.run();
        }
        assertThat(seen).contains("put true", "slow put true", "slow put took more than the stall true");
        assertThat(seen).as("the get answered with the old or the new value").containsAnyOf("get during the slow put found 7",
                "get during the slow put found 8");
    }

    /** The root word of {@code id}'s bucket in local segment {@code local} of {@code s} (from an actor of its node). */
    private static long rootWord(PdsmServer s, int local, ObjectId id) {
        var m = s.segmentMemory(local);
        PdsmConfig c = PdsmConfig.small();
        for (int i = 0; i < c.tableBuckets(); i++) {
            long bucket = c.tableOffset() + 16L * ((Long.remainderUnsigned(id.hash(), c.tableBuckets()) + i) % c.tableBuckets());
            if (m.load8(bucket) == id.hash()) {
                return m.load8(bucket + 8);
            }
        }
        throw new AssertionError("object " + id + " is not in the table");
    }

    /** A server that applies a failover's configuration {@link #LATE_NANOS} after the monitor broadcast it. */
    private record LateLearner(PdsmServer s) implements PdsmServer.Extension {
        @Override
        public long[] handle(long[] request) {
            throw new IllegalStateException("no extension operations in this deployment");
        }

        @Override
        public void learning(MonitorView view, Supplier<List<Long>> update) {
            if (view.liveServers().size() < 3) {
                s.node().clock().sleepNanos(LATE_NANOS);
            }
            update.get();
        }
    }
}
