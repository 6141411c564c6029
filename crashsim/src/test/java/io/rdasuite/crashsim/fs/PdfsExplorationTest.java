package io.rdasuite.crashsim.fs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * pDFS (paper 002 §4.2) under crashes: namespace invariants and the acknowledged state; a non-atomic rename caught, and
 * file data that the servers do not keep alive lost to re-replication (§4.1.7).
 */
class PdfsExplorationTest {
    static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
    final PdfsExplorer explorer = new PdfsExplorer();

    @Test
    void theNamespaceHoldsUnderEveryTarget() {
        PdfsExplorer.Result r = explorer.explore(CONFIG, Transport.IB, 1, Plant.NONE, List.of(PdfsExplorer.Target.values()), 16, 2, false);
        assertThat(r.findings()).isEmpty();
        assertThat(r.states()).isGreaterThan(40);
    }

    @Test
    void aRenameAsTwoIndependentOperationsLeavesAFileUnderTwoNames() {
        PdfsExplorer.Result r = explorer.explore(CONFIG, Transport.IB, 1, PdfsPlantedBug.RENAME_TWO_OPERATIONS, List.of(PdfsExplorer.Target.ALL_SERVERS),
                32, 1, true);
        assertThat(r.findings()).isNotEmpty();
        PdfsExplorer.Finding f = r.findings().getFirst();
        assertThat(f.violation()).startsWith("DUPLICATE");
        assertThat(explorer.replay(f.token())).isEqualTo(f.violation());
    }

    @Test
    void dataTheServersDoNotKeepAliveIsLostWhenACopyServesTheFile() {
        PdfsExplorer.Result r = explorer.explore(CONFIG, Transport.IB, 1, PdfsPlantedBug.DATA_NOT_ROOTED, List.of(PdfsExplorer.Target.SECOND_FAILURE),
                16, 1, true);
        assertThat(r.findings()).isNotEmpty();
        PdfsExplorer.Finding f = r.findings().getFirst();
        assertThat(f.violation()).startsWith("STATE").contains(":-1");
        assertThat(explorer.replay(f.token())).isEqualTo(f.violation());
    }

    @Test
    void theSecondFailureStrikesAfterReReplication() {
        PdfsExplorer.Result r = explorer.explore(CONFIG, Transport.IB, 1, Plant.NONE, List.of(PdfsExplorer.Target.SECOND_FAILURE), 16, 1, false);
        assertThat(r.findings()).isEmpty();
        assertThat(r.states()).isGreaterThan(8);
    }
}
