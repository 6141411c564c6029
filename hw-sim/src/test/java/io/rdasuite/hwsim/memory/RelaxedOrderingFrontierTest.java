package io.rdasuite.hwsim.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * PCIe Relaxed Ordering in the crash-state model (issue 32): the volatile FIFO's writes may reach memory in any order,
 * so a later write can survive without an earlier one, which strict ordering (a prefix) never allows.
 */
class RelaxedOrderingFrontierTest {
    private static byte[] unit(long value) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
    }

    /** Two writes, a (unit 0 := 1) then b (unit 1 := 2), still in the FIFO when the power fails. */
    private static CrashFrontier aThenB(boolean relaxed) {
        return CrashFrontier.builder(0, false).relaxedOrdering(relaxed).base("r", new long[4])
                .fifo("r", 0, unit(1), 8).fifo("r", 8, unit(2), 8).build();
    }

    /** Every image's first two units, as "a,b". */
    private static Set<String> images(CrashFrontier f) {
        Set<String> out = new HashSet<>();
        List<CrashImage> all = f.enumerate(1_000, 1);
        assertThat(all).hasSize((int) f.stateCount());
        for (CrashImage i : all) {
            out.add(f.unitValue(i, "r", 0) + "," + f.unitValue(i, "r", 1));
        }
        return out;
    }

    @Test
    void strictOrderDrainsAPrefixSoBNeverSurvivesWithoutA() {
        assertThat(images(aThenB(false))).containsExactlyInAnyOrder("0,0", "1,0", "1,2");
    }

    @Test
    void relaxedOrderLetsBSurviveWithoutA() {
        CrashFrontier f = aThenB(true);
        assertThat(f.fifoWrites()).isZero();
        assertThat(images(f)).containsExactlyInAnyOrder("0,0", "1,0", "0,2", "1,2");
    }

    @Test
    void twoWritesOfOneUnitMayLandInEitherOrder() {
        CrashFrontier f = CrashFrontier.builder(0, false).relaxedOrdering(true).base("r", new long[4])
                .fifo("r", 0, unit(1), 8).fifo("r", 0, unit(2), 8).build();
        Set<Long> values = new HashSet<>();
        for (CrashImage i : f.enumerate(1_000, 1)) {
            values.add(f.unitValue(i, "r", 0));
            long[] region = f.regionUnits(i, "r");
            assertThat(region[0]).as("regionUnits agrees with unitValue").isEqualTo(f.unitValue(i, "r", 0));
        }
        assertThat(values).containsExactlyInAnyOrder(0L, 1L, 2L);
    }
}
