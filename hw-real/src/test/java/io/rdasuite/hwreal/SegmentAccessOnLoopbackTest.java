package io.rdasuite.hwreal;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.thdpms.pdsm.SegmentAccessCheck;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** §4.1.2 on the loopback fabric (real memory, real threads): a client without a segment's rkey can neither read nor write it. */
class SegmentAccessOnLoopbackTest {
    @Test
    void onlyTheSegmentsOwnKeyReadsAndWritesIt() {
        List<CompletionStatus> seen = new ArrayList<>();
        try (LoopbackFabric f = LoopbackFabric.builder().node(StoresOnLoopbackTest.CONFIG).node(StoresOnLoopbackTest.CONFIG).build()) {
            SegmentAccessCheck.attempts(f, seen).run();
        }
        assertThat(seen).isEqualTo(SegmentAccessCheck.EXPECTED);
    }
}
