package io.rdasuite.crashsim.thdpms;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subjects;
import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.kvs.PdkvsCluster;
import io.rdasuite.store.thdpms.kvs.PdkvsPlantedBug;
import io.rdasuite.store.thdpms.kvs.PdkvsServer;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** pDKVS (paper 002 §4.3): CCEH splits and directory doubling under crashes of one server and of every server. */
class PdkvsExplorationTest {
    /** Eight keys over three virtual nodes of two-slot CCEH segments: splits and doublings in the middle of the run. */
    static final Program PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(2, 2), Op.put(3, 3), Op.put(4, 4), Op.get(2), Op.put(1, 5)),
            List.of(Op.put(5, 6), Op.put(6, 7), Op.put(7, 8), Op.put(8, 9), Op.get(1), Op.delete(3))));
    static final Budget BUDGET = new Budget(40, 3, 1);

    static Explorer.Report explore(Plant bug, CrashTarget target, Budget budget) {
        PdkvsSubject s = new PdkvsSubject(bug);
        return Explorer.explore(s, new Scenario(s.name(), ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, 3, PROGRAM, target), budget);
    }

    @Test
    void theProgramSplitsSegmentsAndDoublesDirectoriesAndReadsEveryKeyBack() {
        SimFabric.Builder b = SimFabric.builder().seed(1).transport(Transport.IB);
        for (int n = 0; n < 6; n++) {
            b.node(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"));
        }
        try (SimFabric fabric = b.build()) {
            PdkvsCluster cluster = PdkvsCluster.deploy(fabric, List.of(0, 1, 2), 3, List.of(4, 5), PdsmConfig.small(), 1, false, Plant.NONE);
            List<byte[]> got = new ArrayList<>();
            fabric.node(4).spawn("client", () -> {
                for (int k = 1; k <= 12; k++) {
                    assertThat(cluster.clients.get(0).put(k, new byte[] {(byte) k, 2, 3, 4, 5, 6, 7, 8})).isTrue();
                }
                for (int k = 1; k <= 12; k++) {
                    got.add(cluster.clients.get(0).get(k));
                }
                assertThat(cluster.clients.get(0).delete(5)).isTrue();
                got.add(cluster.clients.get(0).get(5));
            });
            fabric.run();
            for (int k = 1; k <= 12; k++) {
                assertThat(got.get(k - 1)).as("key %d", k).containsExactly((byte) k, 2, 3, 4, 5, 6, 7, 8);
            }
            assertThat(got.get(12)).isEmpty();
            assertThat(cluster.servers.stream().mapToLong(PdkvsServer::splits).sum()).isGreaterThanOrEqualTo(3);
            assertThat(cluster.servers.stream().mapToLong(PdkvsServer::doublings).sum()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void pdkvsKeepsItsClaimsWhenOneServerOrEveryServerFails() {
        for (CrashTarget t : List.of(CrashTarget.ALL_SERVERS, CrashTarget.server(0), CrashTarget.server(1), CrashTarget.server(2))) {
            Explorer.Report r = explore(Plant.NONE, t, BUDGET);
            assertThat(r.crashStates()).as("%s", t).isPositive();
            assertThat(r.violations()).as("%s: %s", t, r.violations().stream().map(v -> v.invariant() + " " + v.detail() + " " + v.replayCommand()).toList()).isEmpty();
        }
    }

    @Test
    void aSplitPublishedBeforeItPersistsLosesKeysInAPowerFailure() {
        Explorer.Report r = explore(PdkvsPlantedBug.SPLIT_PUBLISHED_BEFORE_PERSIST, CrashTarget.ALL_SERVERS, new Budget(150, 6, 2));
        assertThat(r.passed()).isFalse();
        var v = r.violations().getFirst();
        assertThat(Subjects.byName(v.scenario().subject()).name()).isEqualTo("pdkvs/cceh/split-published-before-persist");
        assertThat(Explorer.replayAll(v.token())).isNotEmpty();
    }
}
