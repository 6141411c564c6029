package io.rdasuite.crashsim.fs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Execution;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.fs.PdfsClient;
import io.rdasuite.store.thdpms.fs.PdfsCluster;
import io.rdasuite.store.thdpms.fs.PdfsPlantedBug;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * pDFSLib's directory cache (issue 32, item 5) on the simulator: across two clients ({@link DirectoryLeaseProbe}: a
 * create begun after another client's directory rename returned lands in the new directory, because the rename waits
 * out every lease on the old entry; with {@code pdfs-directory-lease-not-awaited} it lands in the renamed one, and the
 * explorer's run without a crash finds that), and within one client (its own rename retires its cached paths).
 */
class PdfsDirectoryCacheTest {
    private static final int SERVERS = 3;

    /** The probe on a fresh cluster: null when B's create landed in the new {@code /probe}. */
    private static String probe(Plant plant) {
        try (SimFabric fabric = fabric()) {
            PdfsCluster cluster = PdfsCluster.deploy(fabric, List.of(0, 1, 2), SERVERS, List.of(4, 5), PdsmConfig.small(), 1, false, plant);
            return DirectoryLeaseProbe.run(fabric, fabric.node(4), cluster.clients.get(0), fabric.node(5), cluster.clients.get(1));
        }
    }

    /** Three PM servers (0 the directory server), the monitor (3) and two clients (4, 5). */
    private static SimFabric fabric() {
        SimFabric.Builder b = SimFabric.builder().seed(1).cost(Execution.EXPLORATION_COST);
        for (int n = 0; n < SERVERS + 3; n++) {
            b.node(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"));
        }
        return b.build();
    }

    @Test
    void aCreateAfterADirectoryRenameReturnedLandsInTheNewDirectory() {
        assertThat(probe(Plant.NONE)).isNull();
    }

    @Test
    void withoutWaitingOutTheLeasesItLandsInTheRenamedOne() {
        assertThat(probe(PdfsPlantedBug.DIRECTORY_LEASE_NOT_AWAITED)).startsWith("STATE").contains("went into the renamed directory");
    }

    @Test
    void theExplorersRunWithoutACrashCatchesItAndReplaysIt() {
        PdfsExplorer explorer = new PdfsExplorer();
        PdfsExplorer.Result r = explorer.explore(PdfsExplorationTest.CONFIG, Transport.IB, 1, PdfsPlantedBug.DIRECTORY_LEASE_NOT_AWAITED,
                List.of(PdfsExplorer.Target.ALL_SERVERS), 4, 1, true);
        assertThat(r.findings()).isNotEmpty();
        PdfsExplorer.Finding f = r.findings().getFirst();
        assertThat(f.target()).as("found without a crash").isNull();
        assertThat(f.violation()).contains("stale directory-cache entry");
        assertThat(explorer.replay(f.token())).isEqualTo(f.violation());
    }

    @Test
    void aClientsOwnRenameRetiresItsCachedPathsAtOnce() {
        boolean[] ok = {false};
        try (SimFabric fabric = fabric()) {
            PdfsCluster cluster = PdfsCluster.deploy(fabric, List.of(0, 1, 2), SERVERS, List.of(4, 5), PdsmConfig.small(), 1, false,
                    PdfsPlantedBug.DIRECTORY_LEASE_NOT_AWAITED);
            PdfsClient a = cluster.clients.get(0);
            fabric.node(4).spawn("client-a", () -> {
                a.mkdir("/a", 100);
                a.mkdir("/a/b", 101);
                a.create("/a/b/f", 1);
                a.rename("/a", "/x");
                a.mkdir("/a", 200);
                a.mkdir("/a/b", 201);
                a.create("/a/b/g", 2);
                ok[0] = a.stat("/x/b/f") != null && a.stat("/x/b/g") == null && a.stat("/a/b/g") != null && a.stat("/a/b/f") == null;
            });
            fabric.run();
        }
        assertThat(ok[0]).as("the renamed subtree keeps f, the new one holds g").isTrue();
    }
}
