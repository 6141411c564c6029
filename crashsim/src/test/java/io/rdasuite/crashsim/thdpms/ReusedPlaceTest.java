package io.rdasuite.crashsim.thdpms;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.palloc.PAllocator;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Re-replication (paper 002 §4.1.7) into a place that held something before: a PM server that rejoined on its PM offers
 * its old segments as free places (SplitRejoinTest), so a place can hold chunk headers of a replica it no longer is. The
 * copy must leave the place's chunk headers as the source's: a stale header would make the copy's allocator, once it is
 * promoted, hand out blocks of a chunk whose header it never wrote nor mirrored, and its own backup would then miss that
 * header (a later copy or restart drops those blocks: "size-class header did not persist").
 */
class ReusedPlaceTest {
    static final ServerConfig NODE = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");

    @Test
    void aCopyLeavesNoStaleChunkHeaderInItsPlace() {
        PdsmConfig config = PdsmConfig.small();
        Map<String, List<Long>> headers = new ConcurrentHashMap<>();
        List<String> seen = new ArrayList<>();
        try (SimFabric f = SimFabric.builder().seed(1).node(NODE).node(NODE).node(NODE).node(NODE).node(NODE).build()) {
            PdsmCluster cluster = PdsmCluster.deploy(f, List.of(0, 1, 2), 3, List.of(4), config, 1, false);
            cluster.remapOnFailure();
            PdsmClient client = cluster.clients.getFirst();
            f.node(4).spawn("user", () -> {
                for (int k = 0; k < 6; k++) {
                    seen.add("put " + client.put(ObjectId.ofKey(k), new byte[64]));
                }
                for (PdsmServer s : cluster.servers) { // every free local segment held another replica once: chunks formatted
                    s.node().spawn("stale", () -> {
                        for (int local = 0; local < config.segmentsPerServer(); local++) {
                            if (!usedLocally(cluster.monitor.view(), s.node().id(), local)) {
                                PAllocator old = new PAllocator(s.segmentMemory(local), config.heapOffset(), config.segmentBytes(), config.chunkBytes(), true);
                                old.allocate(128);
                                old.allocate(256);
                                old.allocate(1024);
                            }
                        }
                    });
                }
                f.node(4).clock().sleepNanos(10_000);
                f.engine().atEvent(f.engine().dispatched(), () -> f.powerFailure(2));
                for (int i = 0; i < 1000 && !whole(cluster.monitor.view()); i++) {
                    f.node(4).clock().sleepNanos(config.probeNanos());
                }
                MonitorView v = cluster.monitor.view();
                seen.add("re-replicated " + whole(v));
                for (MappingItem item : v.table().values()) {
                    for (Replica r : item.replicas()) {
                        PdsmServer s = cluster.servers.get(r.nodeId());
                        s.node().spawn("headers", () -> headers.put(item.segmentNo() + "/" + (r.equals(item.primary()) ? "primary" : "backup"),
                                chunkHeaders(s, r.localSegment(), config)));
                    }
                }
            });
            f.run();
        }
        assertThat(seen).doesNotContain("put false").contains("re-replicated true");
        assertThat(headers).hasSize(6);
        for (String segment : headers.keySet().stream().map(k -> k.substring(0, k.indexOf('/'))).distinct().sorted().toList()) {
            List<Long> primary = headers.get(segment + "/primary");
            assertThat(headers.get(segment + "/backup")).as("segment %s's chunk headers at its backup, as at its primary (%s)", segment,
                    primary.stream().map(h -> PAllocator.classOf(h)).toList()).isEqualTo(primary);
        }
    }

    private static boolean usedLocally(MonitorView v, int node, int local) {
        return v.table().values().stream().flatMap(item -> item.replicas().stream()).anyMatch(r -> r.nodeId() == node && r.localSegment() == local);
    }

    /** Every segment at two replicas, none on the dead server 2. */
    private static boolean whole(MonitorView v) {
        return !v.liveServers().contains(2) && v.table().values().stream()
                .allMatch(item -> item.replicas().size() == 2 && item.replicas().stream().noneMatch(r -> r.nodeId() == 2));
    }

    private static List<Long> chunkHeaders(PdsmServer s, int local, PdsmConfig c) {
        List<Long> words = new ArrayList<>();
        for (long at = c.heapOffset(); at + c.chunkBytes() <= c.segmentBytes(); at += c.chunkBytes()) {
            words.add(s.segmentMemory(local).load8(at));
        }
        return words;
    }
}
