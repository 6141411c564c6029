package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.bench.VerbThroughputWorkload;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
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
