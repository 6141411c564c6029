package io.rdasuite.crashsim.cluster;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.MonitorView;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The failure that tests re-replication (paper 002 §4.1.7: a dead server's segments get new replicas, so that the
 * cluster survives the next failure): after each monitor command, once some server is dead and a command just gave a
 * segment a replica back so that every segment has as many as the live servers allow (1 + backups at most), the primary
 * of that segment loses power before the next event, once per run. The segment is then served by the copy.
 */
public final class SecondFailure {
    private int victim = -1;
    /** The mapping after the previous command (a segment whose replicas grew since is the one just re-replicated). */
    private SortedMap<Long, MappingItem> before = new TreeMap<>();

    private SecondFailure() {
    }

    /** Arms it on {@code cluster} ({@code servers} PM servers, segments of 1 + {@code backups} replicas). */
    public static SecondFailure arm(SimFabric fabric, PdsmCluster cluster, int servers, int backups) {
        SecondFailure second = new SecondFailure();
        cluster.log.afterEachCommand(() -> {
            MonitorView view = cluster.monitor.view();
            SortedMap<Long, MappingItem> previous = second.before;
            second.before = view.table();
            if (second.fired() || view.liveServers().size() >= servers) {
                return;
            }
            int want = Math.min(1 + backups, view.liveServers().size());
            Integer victim = null;
            boolean whole = true;
            for (MappingItem item : view.table().values()) {
                whole &= item.replicas().size() >= want;
                MappingItem was = previous.get(item.segmentNo());
                if (was != null && item.replicas().size() > was.replicas().size()) {
                    victim = item.primary().nodeId();
                }
            }
            if (whole && victim != null) {
                int y = victim;
                second.victim = y;
                fabric.engine().atEvent(fabric.engine().dispatched(), () -> {
                    if (fabric.node(y).isUp()) {
                        fabric.powerFailure(y);
                    }
                });
            }
        });
        return second;
    }

    /** Whether the second failure was scheduled. */
    public boolean fired() {
        return victim >= 0;
    }

    /** The server it hit, or -1. */
    public int victim() {
        return victim;
    }
}
