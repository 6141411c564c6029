package io.rdasuite.crashsim.thdpms;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.thdpms.addr.GlobalAddress;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Table 4's raw heap API (paper 002 §4.1.8): pallocate → a global address, write and read through it, pfree once. */
class PdsmHeapTest {
    @Test
    void pallocateWriteReadPfree() {
        ServerConfig c = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
        List<Object> seen = new ArrayList<>();
        try (SimFabric f = SimFabric.builder().seed(1).node(c).node(c).node(c).node(c).node(c).build()) {
            PdsmCluster cluster = PdsmCluster.deploy(f, List.of(0, 1, 2), 3, List.of(4), PdsmConfig.small(), 1, false);
            PdsmClient client = cluster.clients.getFirst();
            f.node(4).spawn("user", () -> {
                GlobalAddress p = client.pallocate(128, ObjectId.ofKey(9));
                seen.add(p.space());
                seen.add(p.replicas());
                byte[] data = new byte[128];
                for (int i = 0; i < data.length; i++) {
                    data[i] = (byte) (i * 3 + 1);
                }
                seen.add(client.write(p, data));
                seen.add(java.util.Arrays.equals(client.read(p, 128), data));
                seen.add(client.pfree(p));
                seen.add(client.pfree(p));
            });
            f.run();
        }
        assertThat(seen).containsExactly(GlobalAddress.Space.HEAP, 2, true, true, true, false);
    }
}
