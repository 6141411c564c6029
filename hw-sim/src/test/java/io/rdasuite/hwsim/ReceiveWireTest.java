package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.bench.VerbThroughputWorkload;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * A receiver has a wire (issue 32, item 1): what N senders write into one node crosses that node's one ingress link, so
 * it cannot arrive faster than the link carries it. Before the receive side was modelled, eight clients streaming 64 KiB
 * WRITEs into one server finished in the time PCIe alone needed (15.75 GB/s), past the 12.5 GB/s of its 100 Gb/s link.
 */
class ReceiveWireTest {
    private static final int PAYLOAD = 64 * 1024;
    private static final int WINDOW = 16;

    @Test
    void eightWritersIntoOneServerShareItsIngressLink() {
        int clients = 8;
        int verbsPerClient = 400;
        VerbThroughputWorkload.Outcome o = VerbThroughputWorkload.run(new VerbThroughputWorkload.Spec(
                ServerConfig.parse("WSP+DDIO+PM-RQWRB"), Transport.IB, clients, verbsPerClient, PAYLOAD, WINDOW, 7L));

        long writtenBytes = (long) clients * writes(verbsPerClient) * PAYLOAD;
        double fastestNs = writtenBytes / CostModel.defaults().linkBytesPerNs();
        assertThat(o.simulatedNanos()).as("%d bytes written at the link's rate take %.0f ns", writtenBytes, fastestNs)
                .isGreaterThanOrEqualTo((long) fastestNs);
    }

    /**
     * The link takes what reaches it first, first: a small WRITE whose last bit reaches the server while the link is
     * idle is not held for messages another client posted before it that reach the server microseconds later (behind a
     * 64 KiB WRITE in that client's own port). When the link was reserved in posting order, it waited for them (5 µs).
     */
    @Test
    void aMessageIsNotHeldForOnesPostedBeforeItThatArriveLater() {
        long alone = smallWriteLatency(false);
        long behindALaterOne = smallWriteLatency(true);
        long onePacketNs = CostModel.defaults().serializationNs(CostModel.defaults().mtuBytes() + CostModel.defaults().headerBytes());
        assertThat(behindALaterOne).as("the small WRITE's latency alone: %d ns", alone).isLessThanOrEqualTo(alone + onePacketNs);
    }

    /**
     * The latency of client 2's signaled 64-byte WRITE into the server, posted 10 ns after client 1 posted (when
     * {@code crowded}) a 64 KiB WRITE and then a 64-byte one to the same server.
     */
    private static long smallWriteLatency(boolean crowded) {
        ServerConfig config = ServerConfig.parse("WSP+DDIO+PM-RQWRB");
        long[] latency = new long[1];
        try (SimFabric fabric = SimFabric.builder().seed(3).node(config).node(config).node(config).build()) {
            Node server = fabric.node(0);
            MemoryRegion pm = server.register(MemoryKind.PM, "r", 1 << 20);
            QueuePair first = fabric.connect(fabric.node(1), server).requester();
            QueuePair second = fabric.connect(fabric.node(2), server).requester();
            if (crowded) {
                fabric.node(1).spawn("first", () -> {
                    first.post(new WorkRequest(Opcode.WRITE, MemorySegment.ofArray(new byte[PAYLOAD]), pm.address(0), pm.rkey(), 0, 0, 0, false, false));
                    first.await(first.post(WorkRequest.write(MemorySegment.ofArray(new byte[64]), pm.address(PAYLOAD), pm.rkey())));
                });
            }
            fabric.node(2).spawn("second", () -> {
                fabric.node(2).clock().sleepNanos(10);
                long posted = fabric.engine().now();
                second.await(second.post(WorkRequest.write(MemorySegment.ofArray(new byte[64]), pm.address(2 * PAYLOAD), pm.rkey())));
                latency[0] = fabric.engine().now() - posted;
            });
            fabric.run();
        }
        return latency[0];
    }

    /** The WRITEs among {@code verbs} of the workload's stream: every window ends with a signaled WRITE and a READ of it. */
    private static int writes(int verbs) {
        int posted = 0;
        int writes = 0;
        while (posted < verbs) {
            posted++;
            writes++;
            if (posted % WINDOW == 0 && posted < verbs) {
                posted++; // the READ
            }
        }
        return writes;
    }
}
