package io.rdasuite.hwreal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.hwreal.pm.LlplPm;
import io.rdasuite.hwreal.pm.RegionDirectory;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.kv.KvClient;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The LLPL backend: its region directory in pure Java here; a store on an LLPL heap where LLPL's native library exists. */
class LlplPmTest {
    @Test
    void theRegionDirectoryFindsPublishedRegionsOnly() {
        RegionDirectory d = new RegionDirectory(MemorySegment.ofArray(new byte[RegionDirectory.BYTES]));
        assertThat(d.find("n0-ef-table")).isNull();
        long[] range = d.append("n0-ef-table", 0x1000, 4096);
        assertThat(range[1]).isPositive();
        assertThat(d.find("n0-ef-table")).as("appended but not yet published: a crash here forgets it").isNull();
        d.publish();
        assertThat(d.find("n0-ef-table")).isEqualTo(new RegionDirectory.Entry(0x1000, 4096));
        d.append("n0-ef-pool-0", 0x2000, 1 << 20);
        d.publish();
        assertThat(d.find("n0-ef-pool-0")).isEqualTo(new RegionDirectory.Entry(0x2000, 1 << 20));
        assertThat(d.find("n0-ef-pool")).as("a prefix is another name").isNull();
        assertThatThrownBy(() -> d.append("x".repeat(57), 1, 8)).hasMessageContaining("1..56 bytes");
        for (int i = d.count(); i < 50; i++) {
            d.append("r" + i, i, 8);
            d.publish();
        }
        assertThatThrownBy(() -> d.append("one-too-many", 1, 8)).hasMessageContaining("directory is full (50 regions)");
    }

    @Test
    void aStoreOnAnLlplHeapComesBackFromIt(@TempDir Path dir) {
        String missing = LlplPm.unavailableBecause();
        assumeTrue(missing == null, () -> "skipped: " + missing);
        Path heap = dir.resolve("node.heap");
        byte[] key = StoresOnLoopbackTest.key(1);
        try (LlplPm pm = new LlplPm(heap, 64L << 20); LoopbackFabric f = LoopbackFabric.builder().node(StoresOnLoopbackTest.CONFIG)
                .node(StoresOnLoopbackTest.CONFIG).pm(pm).build()) {
            KvClient kv = EfProtocol.EFACTORY.deploy(f, StoresOnLoopbackTest.SHAPE, 1, false, 64).clients().getFirst();
            f.node(1).spawn("writer", () -> kv.put(key, StoresOnLoopbackTest.value(1, 7)));
            f.join();
        }
        byte[][] back = new byte[1][];
        try (LlplPm pm = new LlplPm(heap, 64L << 20); LoopbackFabric f = LoopbackFabric.builder().node(StoresOnLoopbackTest.CONFIG)
                .node(StoresOnLoopbackTest.CONFIG).pm(pm).build()) {
            KvClient kv = EfProtocol.EFACTORY.deploy(f, StoresOnLoopbackTest.SHAPE, 1, true, 64).clients().getFirst();
            f.node(1).spawn("reader", () -> back[0] = kv.get(key));
            f.join();
        }
        assertThat(back[0]).isEqualTo(StoresOnLoopbackTest.value(1, 7));
    }
}
