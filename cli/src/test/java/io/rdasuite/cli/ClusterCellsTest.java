package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * rda check's pDSM cells: the history checker judges durable linearizability across a failover. pDSM as written passes
 * every property with server 0 or server 1 lost; a put never mirrored to the backup fails once a failover needs it.
 */
class ClusterCellsTest {
    static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");

    @Test
    void historiesStayDurablyLinearizableAcrossAFailover() {
        for (CrashTarget t : List.of(CrashTarget.server(0), CrashTarget.server(1))) {
            PdsmRow row = ClusterCells.explore(new ClusterCells.Cell(CONFIG, Transport.IB, t), 1, 1, Plant.NONE);
            assertThat(row.verdict()).as("%s: %s", t, row.examples()).isEqualTo("PASS");
            assertThat(row.properties().get("LINEARIZABILITY")).isEqualTo("PASS");
        }
    }

    @Test
    void aPutNeverMirroredFailsTheHistoryCheckInSomeFailover() {
        boolean linearizabilityCaughtIt = false;
        for (CrashTarget t : List.of(CrashTarget.server(0), CrashTarget.server(1), CrashTarget.server(2))) {
            PdsmRow row = ClusterCells.explore(new ClusterCells.Cell(CONFIG, Transport.IB, t), 1, 3, ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP);
            linearizabilityCaughtIt |= row.properties().get("LINEARIZABILITY").equals("FAIL");
        }
        assertThat(linearizabilityCaughtIt).isTrue();
    }
}
