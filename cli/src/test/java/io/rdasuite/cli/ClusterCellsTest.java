package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * rda check's pDSM cells: the history checker judges durable linearizability across a failover. pDSM as written passes
 * every property with server 0 or server 1 lost; a put never mirrored to the backup fails once a failover needs it.
 */
class ClusterCellsTest {
    static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");

    @SuppressWarnings("unchecked")
    @Test
    void historiesStayDurablyLinearizableAcrossAFailover() {
        for (CrashTarget t : List.of(CrashTarget.server(0), CrashTarget.server(1))) {
            Map<String, Object> row = ClusterCells.explore(new ClusterCells.Cell(CONFIG, Transport.IB, t), 1, 1, Plant.NONE);
            assertThat(row.get("verdict")).as("%s: %s", t, row.get("examples")).isEqualTo("PASS");
            assertThat(((Map<String, Object>) row.get("properties")).get("LINEARIZABILITY")).isEqualTo("PASS");
        }
    }

    @SuppressWarnings("unchecked")
    @Test
    void aPutNeverMirroredFailsTheHistoryCheckInSomeFailover() {
        boolean linearizabilityCaughtIt = false;
        for (CrashTarget t : List.of(CrashTarget.server(0), CrashTarget.server(1), CrashTarget.server(2))) {
            Map<String, Object> row = ClusterCells.explore(new ClusterCells.Cell(CONFIG, Transport.IB, t), 1, 3, ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP);
            linearizabilityCaughtIt |= ((Map<String, Object>) row.get("properties")).get("LINEARIZABILITY").equals("FAIL");
        }
        assertThat(linearizabilityCaughtIt).isTrue();
    }
}
