package io.rdasuite.crashsim.kv;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Redo Logging and Read After Write (recoverable layout) keep every claim under power failures in every configuration. */
class BaselineExplorationTest {
    private static final Program PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1)),
            List.of(Op.get(1), Op.put(1, 3), Op.get(2))));

    @Test
    void everyClaimHoldsInEveryConfiguration() {
        List<String> failures = new ArrayList<>();
        for (KvProtocol p : new KvProtocol[] {BaselineProtocol.REDO, BaselineProtocol.RAW}) {
            KvSubject subject = new KvSubject(p);
            for (ServerConfig config : ServerConfig.all()) {
                Explorer.Report r = Explorer.explore(subject, new Scenario(subject.name(), config, Transport.IB, 2, PROGRAM), new Budget(60, 6, 2));
                assertThat(r.crashStates()).isGreaterThan(30);
                if (!r.passed()) {
                    failures.add(p + " " + config + ": " + r.violations().getFirst().invariant() + " " + r.violations().getFirst().detail()
                            + " " + r.violations().getFirst().replayCommand());
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void readAfterWriteLosesAcknowledgedPutsInDmpWithDdioAsAFinding() {
        KvSubject raw = new KvSubject(BaselineProtocol.RAW);
        Explorer.Report r = Explorer.explore(raw, new Scenario(raw.name(), ServerConfig.parse("DMP+DDIO+PM-RQWRB"), Transport.IB, 2, PROGRAM),
                new Budget(60, 6, 2));
        assertThat(r.passed()).isTrue();
        assertThat(r.findings()).extracting(io.rdasuite.crashsim.Violation::invariant).contains(Invariant.DURABILITY);
    }
}
