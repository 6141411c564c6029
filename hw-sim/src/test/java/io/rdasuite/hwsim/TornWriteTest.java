package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.engine.Trace;
import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Torn writes at a power failure (DESIGN §3, "The crash-state model"): a multi-unit write may survive in part,
 * but never splits an 8-byte unit; what decides which part survives is the stage it was in. In a volatile
 * FIFO (NIC/PCIe buffers, outside MHP's domain) only a prefix can have drained; in a dirty cache line under
 * the torn-line fault mode any subset of the line's units may have been written back.
 */
class TornWriteTest {
    private static final String REGION = "data";
    private static final long SEED = 5;

    /** 8-byte values whose every byte is nonzero (so differs from the old zero value) and distinct per unit. */
    private static long[] payload(int units) {
        long[] values = new long[units];
        for (int i = 0; i < units; i++) {
            values[i] = 0x0101_0101_0101_0101L * (i + 1);
        }
        return values;
    }

    /** A client that WRITEs {@code values} at {@code offset} (signaled) and, if asked, FLUSHes afterwards. */
    private static final class Scenario implements AutoCloseable {
        final SimFabric fabric;
        /** The dispatched-event index when the WRITE's completion was taken (-1 until then). */
        long completedAtEvent = -1;

        Scenario(ServerConfig config, FaultPlan faults, boolean capture, long offset, long[] values, boolean flush) {
            SimFabric.Builder b = SimFabric.builder().seed(SEED).faults(faults).node(config).node(config);
            if (capture) {
                b.captureTrace(100_000);
            }
            fabric = b.build();
            Node server = fabric.node(0);
            Node client = fabric.node(1);
            MemoryRegion pm = server.register(MemoryKind.PM, REGION, 4096);
            Connection conn = fabric.connect(client, server);
            client.spawn("client", () -> {
                QueuePair qp = conn.requester();
                qp.execute(WorkRequest.write(MemorySegment.ofArray(values.clone()), pm.address(offset), pm.rkey())).orThrow();
                completedAtEvent = fabric.engine().dispatched();
                if (flush) {
                    qp.execute(WorkRequest.flush()).orThrow();
                }
            });
        }

        @Override
        public void close() {
            fabric.close();
        }

        /** The index of the event that places the (only) WRITE at the server. */
        long placeEvent() {
            List<Trace.Record> places = fabric.trace().records().stream()
                    .filter(r -> r.kind() == TraceKind.PLACE && r.nodeId() == 0 && ((r.argument() >>> 32) & 0xff) == Opcode.WRITE.ordinal())
                    .toList();
            assertThat(places).as("PLACE events of the WRITE").hasSize(1);
            return places.getFirst().eventIndex();
        }
    }

    /** Number of leading units that hold the new value; asserts each unit is exactly old (0) or exactly new. */
    private static int checkUnits(CrashImage image, long firstUnit, long[] values) {
        for (int i = 0; i < values.length; i++) {
            long v = image.unit(REGION, firstUnit + i);
            assertThat(v).as("unit %d of %s: exactly old or exactly new, never mixed", i, image.describe()).isIn(0L, values[i]);
        }
        int prefix = 0;
        while (prefix < values.length && image.unit(REGION, firstUnit + prefix) == values[prefix]) {
            prefix++;
        }
        return prefix;
    }

    @Test
    void writeInVolatileFifoSurvivesAsAPrefixOfUnits() {
        ServerConfig config = ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB");
        long offset = 512;
        long[] values = payload(256 / 8);
        long place;
        try (Scenario dry = new Scenario(config, FaultPlan.NONE, true, offset, values, true)) {
            assertThat(dry.fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            place = dry.placeEvent();
        }
        CrashFrontier frontier;
        try (Scenario crash = new Scenario(config, FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, place)), false, offset, values, true)) {
            assertThat(crash.fabric.run()).isEqualTo(Engine.RunStatus.STOPPED);
            frontier = crash.fabric.frontier(0);
        }
        assertThat(frontier).isNotNull();
        assertThat(frontier.fifoWrites()).as("every unit of the WRITE still in the NIC/PCIe FIFO").isEqualTo(values.length);
        assertThat(frontier.stateCount()).as("one image per FIFO cut").isEqualTo(values.length + 1);

        List<CrashImage> images = frontier.enumerate(1024, 1);
        assertThat(images).hasSize(values.length + 1);
        TreeSet<Integer> newCounts = new TreeSet<>();
        for (CrashImage image : images) {
            int prefix = checkUnits(image, offset / 8, values);
            int newUnits = 0;
            for (int i = 0; i < values.length; i++) {
                if (image.unit(REGION, offset / 8 + i) == values[i]) {
                    newUnits++;
                }
            }
            assertThat(newUnits).as("%s: the new units form a prefix (FIFO order)", image.describe()).isEqualTo(prefix);
            newCounts.add(newUnits);
            // Nothing outside the write changes.
            assertThat(image.unit(REGION, offset / 8 - 1)).isZero();
            assertThat(image.unit(REGION, offset / 8 + values.length)).isZero();
        }
        assertThat(newCounts.stream().anyMatch(n -> n > 0 && n < values.length)).as("some image is torn: %s", newCounts).isTrue();
        assertThat(newCounts).as("every prefix length is a possible image").hasSize(values.length + 1)
                .contains(0, values.length);
    }

    @Test
    void writeInVolatileFifoIsLostWholeWhenItWouldDrainIntoAVolatileCache() {
        // Contrast: DMP with DDIO drains the FIFO into the (volatile) cache, so no part of it survives.
        ServerConfig config = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
        long offset = 512;
        long[] values = payload(32);
        long place;
        try (Scenario dry = new Scenario(config, FaultPlan.NONE, true, offset, values, true)) {
            assertThat(dry.fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            place = dry.placeEvent();
        }
        CrashFrontier frontier;
        try (Scenario crash = new Scenario(config, FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, place)), false, offset, values, true)) {
            assertThat(crash.fabric.run()).isEqualTo(Engine.RunStatus.STOPPED);
            frontier = crash.fabric.frontier(0);
        }
        assertThat(frontier.fifoWrites()).as("nothing in the FIFO can reach the domain").isZero();
        for (CrashImage image : frontier.enumerate(1024, 1)) {
            assertThat(checkUnits(image, offset / 8, values)).as(image.describe()).isZero();
            for (int i = 0; i < values.length; i++) {
                assertThat(image.unit(REGION, offset / 8 + i)).isZero();
            }
        }
    }

    /** Crashes a DMP+DDIO server right after an unflushed 128-byte WRITE completed and was placed in the cache. */
    private static CrashFrontier crashWithWriteInCache(boolean tornLines, long offset, long[] values) {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
        long at;
        try (Scenario dry = new Scenario(config, FaultPlan.NONE, true, offset, values, false)) {
            assertThat(dry.fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            at = Math.max(dry.placeEvent() + 1, dry.completedAtEvent);
        }
        FaultPlan plan = FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, at)).withTornLines(tornLines);
        try (Scenario crash = new Scenario(config, plan, false, offset, values, false)) {
            crash.fabric.run();
            assertThat(crash.completedAtEvent).as("the WRITE had completed before the crash").isBetween(0L, at);
            CrashFrontier frontier = crash.fabric.frontier(0);
            assertThat(frontier.fifoWrites()).isZero();
            return frontier;
        }
    }

    @Test
    void tornLineModeSplitsADirtyLineAtUnitsButNeverInsideOne() {
        long offset = 256;
        long[] values = payload(128 / 8);
        CrashFrontier frontier = crashWithWriteInCache(true, offset, values);
        assertThat(frontier.slots()).as("one slot per dirty unit of the two lines").isEqualTo(values.length);
        boolean sawTornLine = false;
        boolean sawWholeNewLine = false;
        for (CrashImage image : frontier.enumerate(2048, 11)) {
            checkUnits(image, offset / 8, values);
            for (int line = 0; line < 2; line++) {
                int newInLine = 0;
                for (int u = 0; u < 8; u++) {
                    if (image.unit(REGION, offset / 8 + line * 8 + u) == values[line * 8 + u]) {
                        newInLine++;
                    }
                }
                sawTornLine |= newInLine > 0 && newInLine < 8;
                sawWholeNewLine |= newInLine == 8;
            }
        }
        assertThat(sawTornLine).as("some image has a 64-byte line that is partly new").isTrue();
        assertThat(sawWholeNewLine).as("some image has a whole line written back").isTrue();
    }

    @Test
    void withoutTornLineModeADirtyLineIsWrittenBackWhole() {
        long offset = 256;
        long[] values = payload(128 / 8);
        CrashFrontier frontier = crashWithWriteInCache(false, offset, values);
        assertThat(frontier.slots()).as("one slot per dirty line").isEqualTo(2);
        assertThat(frontier.stateCount()).isEqualTo(4);
        TreeSet<String> shapes = new TreeSet<>();
        for (CrashImage image : frontier.enumerate(1024, 11)) {
            checkUnits(image, offset / 8, values);
            StringBuilder shape = new StringBuilder();
            for (int line = 0; line < 2; line++) {
                int newInLine = 0;
                for (int u = 0; u < 8; u++) {
                    if (image.unit(REGION, offset / 8 + line * 8 + u) == values[line * 8 + u]) {
                        newInLine++;
                    }
                }
                assertThat(newInLine).as("%s line %d: all old or all new", image.describe(), line).isIn(0, 8);
                shape.append(newInLine == 8 ? 'N' : 'O');
            }
            shapes.add(shape.toString());
        }
        assertThat(shapes).as("lines are evicted independently, in any order").containsExactly("NN", "NO", "ON", "OO");
    }
}
