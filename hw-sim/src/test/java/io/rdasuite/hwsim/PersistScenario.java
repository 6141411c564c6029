package io.rdasuite.hwsim;

import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.RemoteUpdater;
import io.rdasuite.store.persist.Update;
import io.rdasuite.store.persist.UpdateResponder;
import java.util.List;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One client writes a value into the server's PM with a {@link Recipe}, then keeps writing other data
 * (into the same cache lines, never over the value) so that later events exist to crash at.
 */
final class PersistScenario {
    static final String REGION = "data";
    static final int REGION_BYTES = 4096;

    final SimFabric fabric;
    final byte[] value;
    final long offset;
    /** The dispatched-event index when the recipe returned (-1 until then), and whether it reported success. */
    long persistedAtEvent = -1;
    boolean persisted;

    PersistScenario(long seed, ServerConfig config, Transport transport, Recipe method, int valueBytes, long offset,
                    int laterWrites, FaultPlan faults) {
        this(seed, config, transport, method, valueBytes, offset, laterWrites, faults, false);
    }

    PersistScenario(long seed, ServerConfig config, Transport transport, Recipe method, int valueBytes, long offset,
                    int laterWrites, FaultPlan faults, boolean captureTrace) {
        SimFabric.Builder builder = SimFabric.builder().seed(seed).transport(transport).faults(faults).node(config).node(config);
        if (captureTrace) {
            builder.captureTrace(100_000);
        }
        this.fabric = builder.build();
        this.offset = offset;
        this.value = new byte[valueBytes];
        for (int i = 0; i < valueBytes; i++) {
            value[i] = (byte) (0x11 + i * 7 + seed);
            if (value[i] == 0) {
                value[i] = 1;
            }
        }
        Node server = fabric.node(0);
        Node client = fabric.node(1);
        MemoryRegion pm = server.register(MemoryKind.PM, REGION, REGION_BYTES);
        Connection conn = fabric.connect(client, server);
        if (method.method().needsResponderCpu() || method.op() != PrimaryOp.WRITE) {
            UpdateResponder.start(server, conn.responder(), UpdateResponder.registerBuffers(server, "responder"), pm, "responder");
        }
        RemoteUpdater writer = new RemoteUpdater(client, conn.requester(), method, pm, "writer");
        client.spawn("client", () -> {
            persisted = writer.apply(List.of(new Update(pm.address(offset), pm.rkey(), MemorySegment.ofArray(value))));
            persistedAtEvent = fabric.engine().dispatched();
            laterTraffic(conn.requester(), pm, laterWrites);
        });
    }

    /** Writes 8-byte values into every unit of the region except the value's. */
    private void laterTraffic(QueuePair qp, MemoryRegion pm, int writes) {
        long valueEnd = offset + value.length;
        long first = offset & ~63L;
        for (int i = 0; i < writes; i++) {
            long at = first + (i * 8L) % 512;
            if (at + 8 > offset && at < valueEnd) {
                at = (valueEnd + 7) & ~7L;
                at += (i * 8L) % 256;
            }
            if (at + 8 > REGION_BYTES) {
                continue;
            }
            MemorySegment v = MemorySegment.ofArray(new long[] {0x5A5A_0000L + i});
            WorkRequest w = WorkRequest.write(v, pm.address(at), pm.rkey());
            if (i % 4 == 3) {
                qp.execute(w);
            } else {
                qp.post(w.unsignaled());
            }
        }
        qp.execute(WorkRequest.flush());
    }

    byte[] valueOnMedia() {
        long[] media = fabric.node(0).simRegion(REGION).mediaCopy();
        return MemorySegment.ofArray(media).asSlice(offset, value.length).toArray(ValueLayout.JAVA_BYTE);
    }
}
