package io.rdasuite.store.thdpms.pdsm;

import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Fabric;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.monitor.MonitorStateMachine;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.monitor.SimulatedLog;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * The access-control check of paper 002 §4.1.2 on any fabric (an acceptance probe for a real cluster too): each segment is its own region with its own rkey, and the monitor
 * gives a segment's key only to a granted client. Node 0 serves three segments; node 1 is the client. Returns, in
 * order, the status of: a READ and a WRITE of segment 1 with the key an ungranted lookup gives (0); the same with
 * segment 0's key (granted, but for another segment); a READ and a WRITE with segment 1's own key after the grant.
 */
public final class SegmentAccessCheck {
    private SegmentAccessCheck() {
    }

    /** Builds the server and the monitor (call on the driver), then returns the body to run on the client's node. */
    public static Runnable attempts(Fabric fabric, List<CompletionStatus> out) {
        PdsmServer server = new PdsmServer(fabric.node(0), PdsmConfig.small());
        Monitor monitor = new Monitor(new SimulatedLog(new MonitorStateMachine(1), fabric.node(1).clock(), 0));
        QueuePair qp = fabric.connect(fabric.node(1), fabric.node(0)).requester();
        return () -> {
            monitor.join(0, server.replicas());
            long s0 = monitor.mapSegment(0, 0, 0).segmentNo();
            long s1 = monitor.mapSegment(0, 1, 0).segmentNo();
            monitor.grant(7, s0);
            Replica ungranted = monitor.lookup(7, s1).primary();
            Replica other = monitor.lookup(7, s0).primary();
            MemorySegment buf = MemorySegment.ofArray(new long[1]);
            List<CompletionStatus> r = new ArrayList<>();
            r.add(qp.execute(WorkRequest.read(buf, ungranted.baseAddress() + 64, ungranted.rkey())).status());
            r.add(qp.execute(WorkRequest.write(buf, ungranted.baseAddress() + 64, ungranted.rkey())).status());
            r.add(qp.execute(WorkRequest.read(buf, ungranted.baseAddress() + 64, other.rkey())).status());
            r.add(qp.execute(WorkRequest.write(buf, ungranted.baseAddress() + 64, other.rkey())).status());
            monitor.grant(7, s1);
            Replica granted = monitor.lookup(7, s1).primary();
            r.add(qp.execute(WorkRequest.read(buf, granted.baseAddress() + 64, granted.rkey())).status());
            r.add(qp.execute(WorkRequest.write(buf, granted.baseAddress() + 64, granted.rkey())).status());
            out.addAll(r);
        };
    }

    /** What {@link #attempts} must give: refused four times, then allowed twice. */
    public static final List<CompletionStatus> EXPECTED = List.of(CompletionStatus.REMOTE_ACCESS_ERROR, CompletionStatus.REMOTE_ACCESS_ERROR,
            CompletionStatus.REMOTE_ACCESS_ERROR, CompletionStatus.REMOTE_ACCESS_ERROR, CompletionStatus.SUCCESS, CompletionStatus.SUCCESS);
}
