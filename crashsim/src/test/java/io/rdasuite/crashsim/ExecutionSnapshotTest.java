package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.hwsim.memory.PmImage;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The explorer's single pass ({@link Execution#runCrashingAtEach}) records, at every crash point, what a run that really
 * loses power there leaves: the same frontiers (every post-crash image), history and surviving PM. Compared point by point
 * over whole runs of the stores and the taxonomy's subjects, under every persistence domain, with and without DDIO.
 * Shown able to fail: recording with an ordinary engine hook (which keeps the actor at the hook from skipping ahead,
 * so the run after it draws its tie-breaks differently) failed two of these scenarios.
 */
class ExecutionSnapshotTest {
    static List<Arguments> scenarios() {
        // Three clients racing on two keys (the shape of rda check's store program), with a delete.
        Program program = new Program(List.of(
                List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1), Op.get(2)),
                List.of(Op.get(1), Op.put(1, 3), Op.delete(2), Op.put(2, 2)),
                List.of(Op.put(1, 4), Op.get(1), Op.put(2, 3), Op.put(1, 5))));
        return List.of(
                Arguments.of("kv/redo", "DMP+DDIO+DRAM-RQWRB", program),
                Arguments.of("kv/redo", "DMP+NODDIO+DRAM-RQWRB", program),
                Arguments.of("kv/forca", "MHP+DDIO+PM-RQWRB", program),
                Arguments.of("kv/erda", "MHP+NODDIO+DRAM-RQWRB", program),
                Arguments.of("kv/efactory", "DMP+NODDIO+PM-RQWRB", program),
                Arguments.of("kv/efactory", "WSP+DDIO+DRAM-RQWRB", program),
                Arguments.of("kv/erda", "WSP+NODDIO+PM-RQWRB", program),
                Arguments.of("remotelog/WRITE/compound/MESSAGE_FLUSH_ACK", "DMP+DDIO+DRAM-RQWRB", Program.sequentialPuts(3)),
                Arguments.of("remotelog/WRITE/singleton/COMPLETION", "WSP+DDIO+DRAM-RQWRB", Program.sequentialPuts(3)),
                Arguments.of("inplace/WRITE/singleton/FLUSH", "MHP+NODDIO+DRAM-RQWRB", Program.sequentialPuts(3)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("scenarios")
    void onePassRecordsWhatEachCrashingRunLeaves(String subjectName, String config, Program program) {
        Subject subject = Subjects.byName(subjectName);
        Scenario scenario = new Scenario(subjectName, ServerConfig.parse(config), Transport.IB, 1, program);
        long events = Execution.run(subject, scenario, -1, 0).events;
        TreeSet<Long> points = Explorer.crashPoints(new Budget(200, 1, 1), events, scenario.seed());
        points.add(events + 3); // after the run: no crash happens there
        List<Execution> onePass = Execution.runCrashingAtEach(subject, scenario, points);
        assertThat(onePass).hasSize(points.size());
        int i = 0;
        int crashed = 0;
        for (long point : points) {
            Execution expected = Execution.run(subject, scenario, point, 0);
            Execution actual = onePass.get(i++);
            String at = subjectName + " on " + config + ", crash before event " + point;
            assertThat(actual.crashed).as(at).isEqualTo(expected.crashed);
            if (!expected.crashed) {
                continue;
            }
            crashed++;
            assertThat(actual.frontiers.keySet()).as(at).isEqualTo(expected.frontiers.keySet());
            for (Map.Entry<Integer, CrashFrontier> e : expected.frontiers.entrySet()) {
                assertSameImages(at + ", node " + e.getKey(), e.getValue(), actual.frontiers.get(e.getKey()));
            }
            assertThat(actual.history).as(at).hasSameSizeAs(expected.history);
            for (int r = 0; r < expected.history.size(); r++) {
                OpRecord x = expected.history.get(r);
                OpRecord y = actual.history.get(r);
                assertThat(List.of(y.client(), y.op(), y.invokeEvent(), y.completeEvent())).as(at + ", record " + r)
                        .isEqualTo(List.of(x.client(), x.op(), x.invokeEvent(), x.completeEvent()));
                assertThat(y.result()).as(at + ", record " + r).isEqualTo(x.result());
            }
            assertThat(actual.survivors.keySet()).as(at).isEqualTo(expected.survivors.keySet());
            expected.survivors.forEach((n, image) -> assertSameRegions(at + ", survivor " + n, image, actual.survivors.get(n)));
        }
        assertThat(crashed).as("crash points inside the run").isGreaterThan(points.size() / 2);
    }

    private static void assertSameImages(String at, CrashFrontier expected, CrashFrontier actual) {
        assertThat(actual.stateCount()).as(at + ": states").isEqualTo(expected.stateCount());
        assertThat(actual.slots()).as(at + ": slots").isEqualTo(expected.slots());
        assertThat(actual.fifoWrites()).as(at + ": FIFO writes").isEqualTo(expected.fifoWrites());
        List<CrashImage> x = expected.enumerate(256, 11);
        List<CrashImage> y = actual.enumerate(256, 11);
        assertThat(y).as(at).hasSameSizeAs(x);
        for (int k = 0; k < x.size(); k++) {
            assertSameRegions(at + ", image " + k, x.get(k).materialize(), y.get(k).materialize());
        }
    }

    private static void assertSameRegions(String at, PmImage expected, PmImage actual) {
        assertThat(actual.regions().keySet()).as(at).isEqualTo(expected.regions().keySet());
        expected.regions().forEach((name, units) ->
                assertThat(Arrays.equals(actual.units(name), units)).as(at + ", region " + name).isTrue());
    }

    @Test
    void aTargetThatRunsOnOrIsKilledIsNotForOnePass() {
        Subject subject = Subjects.byName("kv/erda");
        Scenario scenario = new Scenario("kv/erda", ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, 5, Program.sequentialPuts(2));
        for (CrashTarget t : List.of(CrashTarget.ALL_SERVERS.killed(), CrashTarget.server(0))) {
            assertThatThrownBy(() -> Execution.runCrashingAtEach(subject, scenario.withTarget(t), new TreeSet<>(List.of(1L))))
                    .hasMessageContaining("one pass");
        }
    }
}
