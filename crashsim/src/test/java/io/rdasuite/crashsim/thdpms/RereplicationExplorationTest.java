package io.rdasuite.crashsim.thdpms;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subjects;
import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Re-replication (paper 002 §4.1.7) under the explorer: server X fails at each explored point, the monitor re-replicates
 * its segments, and when the last missing replica is mapped the primary it was copied from (server Y) loses power too;
 * every acknowledged write must still be read back from the one server left.
 */
class RereplicationExplorationTest {
    /** Puts on every segment before and after the failover (late puts reach the re-replicated segments). */
    static final Program PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(2, 2), Op.put(3, 3), Op.put(4, 4), Op.put(1, 5), Op.put(2, 6), Op.put(3, 7), Op.put(4, 8)),
            List.of(Op.put(5, 4), Op.put(6, 9), Op.put(7, 3), Op.put(8, 1), Op.put(5, 10), Op.put(6, 11))));

    static Explorer.Report explore(Plant bug, CrashTarget x) {
        PdsmSubject s = new PdsmSubject(bug, true);
        return Explorer.explore(s, new Scenario(s.name(), ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, 1, PROGRAM, x),
                new Budget(30, 3, 1));
    }

    @Test
    void everyAcknowledgedWriteSurvivesASecondFailureAfterReReplication() {
        for (CrashTarget x : List.of(CrashTarget.server(0), CrashTarget.server(1), CrashTarget.server(2))) {
            Explorer.Report r = explore(Plant.NONE, x);
            assertThat(r.crashStates()).as("%s", x).isPositive();
            assertThat(r.violations()).as("%s: %s", x, r.violations().stream().map(v -> v.invariant() + " " + v.detail() + " " + v.replayCommand()).toList())
                    .isEmpty();
        }
    }

    @Test
    void aReplicaMappedBeforeItsCopyLosesAcknowledgedWritesInTheSecondFailure() {
        Explorer.Report r = explore(ThdpmsPlantedBug.REPLICA_MAPPED_BEFORE_COPY, CrashTarget.server(0));
        assertThat(r.passed()).as("the plant is caught").isFalse();
        assertThat(r.statesByInvariant()).containsKey(Invariant.DURABILITY);
    }

    @Test
    void theSubjectIsNamedAndFoundByItsName() {
        assertThat(new PdsmSubject(ThdpmsPlantedBug.REPLICA_MAPPED_BEFORE_COPY, true).name()).isEqualTo("pdsm/second-failure/replica-mapped-before-copy");
        assertThat(Subjects.byName("pdsm/second-failure").name()).isEqualTo("pdsm/second-failure");
    }
}
