package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.engine.TraceKind;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.Method;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.UpdateKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator can produce the losses paper 003 §3.2 warns about, and only those. */
class LossExistenceTest {
    private static final Recipe WRITE_ALONE = new Recipe(PrimaryOp.WRITE, UpdateKind.SINGLETON, Method.COMPLETION);
    private static final Recipe WRITE_FLUSH = new Recipe(PrimaryOp.WRITE, UpdateKind.SINGLETON, Method.FLUSH);

    private static final long OFFSET = 128;
    private static final int BYTES = 64;

    private static PersistScenario crashAt(ServerConfig config, Transport transport, Recipe method, long event) {
        PersistScenario s = new PersistScenario(3, config, transport, method, BYTES, OFFSET, 0,
                FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, event)));
        s.fabric.run();
        return s;
    }

    private static PersistScenario dryRun(ServerConfig config, Transport transport, Recipe method) {
        PersistScenario s = new PersistScenario(3, config, transport, method, BYTES, OFFSET, 0, FaultPlan.NONE, true);
        s.fabric.run();
        return s;
    }

    @Test
    void completedButUnflushedWriteIsLostInDmpWithDdio() {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
        PersistScenario dry = dryRun(config, Transport.IB, WRITE_ALONE);
        assertThat(dry.persisted).isTrue();
        PersistScenario s = crashAt(config, Transport.IB, WRITE_ALONE, dry.persistedAtEvent);
        CrashFrontier f = s.fabric.frontier(0);
        assertThat(f.oldest().bytes(PersistScenario.REGION, OFFSET, BYTES)).as("the write's line never left the cache").isEqualTo(new byte[BYTES]);
        assertThat(f.newest().bytes(PersistScenario.REGION, OFFSET, BYTES)).as("or it was evicted in time").isEqualTo(s.value);
    }

    @Test
    void dataStillInNicBuffersIsLostUnderMhp() {
        ServerConfig config = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");
        // Find the event that places the write (PLACE on node 0) and crash just before it.
        PersistScenario dry = dryRun(config, Transport.IB, WRITE_FLUSH);
        long placeEvent = dry.fabric.trace().records().stream()
                .filter(r -> r.kind() == TraceKind.PLACE && r.nodeId() == 0).findFirst().orElseThrow().eventIndex();
        PersistScenario s = crashAt(config, Transport.IB, WRITE_FLUSH, placeEvent);
        CrashFrontier f = s.fabric.frontier(0);
        assertThat(f.fifoWrites()).as("the write waits in NIC/PCIe buffers").isEqualTo(BYTES / 8);
        assertThat(f.oldest().bytes(PersistScenario.REGION, OFFSET, BYTES)).isEqualTo(new byte[BYTES]);
        assertThat(f.newest().bytes(PersistScenario.REGION, OFFSET, BYTES)).isEqualTo(s.value);
        assertThat(s.persisted).as("the recipe had not returned").isFalse();
    }

    @Test
    void completedWriteIsNeverLostUnderWspOnIb() {
        for (ServerConfig config : ServerConfig.all()) {
            if (config.domain() != io.rdasuite.store.fabric.PersistenceDomain.WSP) {
                continue;
            }
            PersistScenario dry = dryRun(config, Transport.IB, WRITE_ALONE);
            long end = dry.fabric.engine().dispatched();
            for (long event = dry.persistedAtEvent; event <= end; event++) {
                PersistScenario s = crashAt(config, Transport.IB, WRITE_ALONE, event);
                for (CrashImage image : s.fabric.frontier(0).enumerate(1024, event)) {
                    assertThat(image.bytes(PersistScenario.REGION, OFFSET, BYTES)).as("%s crash at %d", config, event).isEqualTo(s.value);
                }
            }
        }
    }

    @Test
    void completedWriteCanBeLostUnderWspOnIwarp() {
        ServerConfig config = ServerConfig.parse("WSP+DDIO+DRAM-RQWRB");
        PersistScenario dry = dryRun(config, Transport.IWARP, WRITE_ALONE);
        PersistScenario s = crashAt(config, Transport.IWARP, WRITE_ALONE, dry.persistedAtEvent);
        List<CrashImage> images = s.fabric.frontier(0).enumerate(1024, 1);
        assertThat(images).as("iWARP completed the WRITE before it reached the responder").allSatisfy(
                image -> assertThat(image.bytes(PersistScenario.REGION, OFFSET, BYTES)).isEqualTo(new byte[BYTES]));
    }
}
