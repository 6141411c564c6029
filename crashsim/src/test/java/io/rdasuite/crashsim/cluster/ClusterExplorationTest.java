package io.rdasuite.crashsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subjects;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.subjects.InPlaceSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Crash exploration of a cluster (DESIGN §5a): a crash cuts one server while the rest runs on, or every server at
 * once; the planted bug of {@link MirroredRegister} (puts never mirrored) is caught only where a failover needs the
 * backup, and its token replays the failure through the subject's own factory.
 */
class ClusterExplorationTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+NODDIO+PM-RQWRB");
    private static final Budget BUDGET = new Budget(40, 4, 1);
    private static final Program PROGRAM = new Program(List.of(List.of(Op.put(1, 1), Op.put(2, 2), Op.put(1, 3), Op.get(1), Op.get(2))));

    private static Scenario scenario(MirroredRegister subject, CrashTarget target) {
        return new Scenario(subject.name(), CONFIG, Transport.IB, 5, PROGRAM, target);
    }

    @Test
    void theMirroredRegisterSurvivesTheLossOfItsPrimaryAndOfBothServers() {
        MirroredRegister ok = new MirroredRegister(false);
        Explorer.Report primaryLost = Explorer.explore(ok, scenario(ok, CrashTarget.server(0)), BUDGET);
        Explorer.Report backupLost = Explorer.explore(ok, scenario(ok, CrashTarget.server(1)), BUDGET);
        Explorer.Report bothLost = Explorer.explore(ok, scenario(ok, CrashTarget.ALL_SERVERS), BUDGET);
        assertThat(primaryLost.crashStates()).isPositive();
        assertThat(primaryLost.passed()).as("%s", primaryLost.violations()).isTrue();
        assertThat(backupLost.passed()).as("%s", backupLost.violations()).isTrue();
        assertThat(bothLost.passed()).as("%s", bothLost.violations()).isTrue();
        assertThat(bothLost.crashStates()).as("images of two crashed servers, combined").isGreaterThan(bothLost.crashPoints());
    }

    @Test
    void aPutNeverMirroredIsLostWhenThePrimaryFailsOver() {
        MirroredRegister buggy = new MirroredRegister(true);
        Explorer.Report primaryLost = Explorer.explore(buggy, scenario(buggy, CrashTarget.server(0)), BUDGET);
        Explorer.Report backupLost = Explorer.explore(buggy, scenario(buggy, CrashTarget.server(1)), BUDGET);

        assertThat(primaryLost.passed()).isFalse();
        assertThat(primaryLost.statesByInvariant()).containsKey(Invariant.DURABILITY);
        assertThat(backupLost.passed()).as("losing the backup the bug never wrote loses nothing").isTrue();

        Violation v = primaryLost.violations().getFirst();
        assertThat(v.scenario().target()).isEqualTo(CrashTarget.server(0));
        List<Violation> replayed = Explorer.replayAll(v.token());
        assertThat(replayed).extracting(Violation::invariant).contains(Invariant.DURABILITY);
        assertThat(replayed.getFirst().scenario().target()).as("the token carries the target").isEqualTo(CrashTarget.server(0));
    }

    @Test
    void killingAServersProcessIsACrashTargetToo() {
        MirroredRegister ok = new MirroredRegister(false);
        MirroredRegister buggy = new MirroredRegister(true);
        Explorer.Report primaryKilled = Explorer.explore(ok, scenario(ok, CrashTarget.server(0).killed()), BUDGET);
        Explorer.Report bothKilled = Explorer.explore(ok, scenario(ok, CrashTarget.ALL_SERVERS.killed()), BUDGET);
        Explorer.Report buggyKilled = Explorer.explore(buggy, scenario(buggy, CrashTarget.server(0).killed()), BUDGET);
        assertThat(primaryKilled.passed()).as("%s", primaryKilled.violations()).isTrue();
        assertThat(bothKilled.passed()).as("%s", bothKilled.violations()).isTrue();
        assertThat(bothKilled.crashStates()).as("a killed process leaves one image").isEqualTo(bothKilled.crashPoints());
        assertThat(buggyKilled.statesByInvariant()).containsKey(Invariant.DURABILITY);
        Violation v = buggyKilled.violations().getFirst();
        assertThat(Explorer.replayAll(v.token())).extracting(Violation::invariant).contains(Invariant.DURABILITY);
        assertThat(new CrashTarget("server-1/kill").processCrash()).isTrue();
    }

    @Test
    void aWholeClusterPowerFailureReplaysWithEveryServersImage() {
        MirroredRegister buggy = new MirroredRegister(true);
        Explorer.Report r = Explorer.explore(buggy, scenario(buggy, CrashTarget.ALL_SERVERS), BUDGET);
        assertThat(r.passed()).as("the primary alone holds every put, and both servers come back").isTrue();
        // a violation token of a cluster names each crashed node's image: force one by replaying a made-up state
        Violation made = new Violation(scenario(buggy, CrashTarget.ALL_SERVERS), 1, CrashState.decode("0:;1:", "0:0;1:0"), Invariant.DURABILITY, "-",
                List.of());
        assertThat(Explorer.replayAll(made.token())).as("crash before the first put: nothing to lose").isEmpty();
    }

    @Test
    void aSingleServerStoreRefusesAPartialCrashByName() {
        InPlaceSubject inPlace = (InPlaceSubject) Subjects.byName("inplace/WRITE/singleton/FLUSH");
        Scenario s = new Scenario(inPlace.name(), CONFIG, Transport.IB, 1, Program.sequentialPuts(2), CrashTarget.server(0));
        assertThatThrownBy(() -> Explorer.explore(inPlace, s, BUDGET)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not run on after a partial crash").hasMessageContaining("all-servers");
    }

    @Test
    void targetsNameNodesOfTheTopology() {
        Topology t = Topology.cluster(3, 1, 2);
        assertThat(CrashTarget.ALL_SERVERS.nodes(t)).containsExactly(0, 1, 2);
        assertThat(CrashTarget.server(2).nodes(t)).containsExactly(2);
        assertThat(CrashTarget.node("monitor").nodes(t)).containsExactly(3);
        assertThat(t.clientNode(1)).isEqualTo(5);
        assertThatThrownBy(() -> CrashTarget.server(3).nodes(t)).hasMessageContaining("3 PM servers");
        assertThatThrownBy(() -> CrashTarget.node("coordinator").nodes(t)).hasMessageContaining("nodes: server-0, server-1, server-2, monitor, client-0, client-1");
        assertThatThrownBy(() -> new CrashTarget("half")).hasMessageContaining("valid: all-servers, server-<i>, node:<name>");
        assertThat(Topology.singleServer(2).nodes()).extracting(NodeSpec::name).containsExactly("server", "client-0", "client-1");
    }
}
