package io.rdasuite.crashsim.thdpms;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.thdpms.pdsm.SegmentAccessCheck;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** §4.1.2 on the simulator: a client without a segment's rkey can neither read nor write it. */
class SegmentAccessOnSimulatorTest {
    @Test
    void onlyTheSegmentsOwnKeyReadsAndWritesIt() {
        ServerConfig c = ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB");
        List<CompletionStatus> seen = new ArrayList<>();
        try (SimFabric f = SimFabric.builder().seed(1).node(c).node(c).build()) {
            f.node(1).spawn("client", SegmentAccessCheck.attempts(f, seen));
            f.run();
        }
        assertThat(seen).isEqualTo(SegmentAccessCheck.EXPECTED);
    }
}
