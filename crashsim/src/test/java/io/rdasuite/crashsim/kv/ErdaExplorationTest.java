package io.rdasuite.crashsim.kv;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Erda under power failures: its claim (atomic puts) holds in every configuration; the weaknesses paper
 * 001 §7.2 names show up as findings.
 */
class ErdaExplorationTest {
    private static final Program PROGRAM = Program.of(List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1), Op.get(2), Op.put(1, 3)));
    private static final Budget BUDGET = new Budget(60, 8, 2);

    private static Explorer.Report explore(ServerConfig config, Transport t) {
        KvSubject erda = new KvSubject(ErdaProtocol.ERDA);
        return Explorer.explore(erda, new Scenario(erda.name(), config, t, 4, PROGRAM), BUDGET);
    }

    @Test
    void atomicPutsHoldInEveryConfiguration() {
        List<String> failures = new ArrayList<>();
        for (ServerConfig config : ServerConfig.all()) {
            Explorer.Report r = explore(config, Transport.IB);
            assertThat(r.crashStates()).isGreaterThan(50);
            if (!r.passed()) {
                failures.add(config + ": " + r.violations().getFirst().invariant() + " " + r.violations().getFirst().detail());
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void recoveryAfterACrashInTheMiddleOfCleaningKeepsAtomicPuts() {
        KvSubject erda = new KvSubject(ErdaProtocol.ERDA_CLEANING);
        Program program = Program.of(List.of(Op.put(1, 1), Op.put(2, 1), Op.put(3, 1), Op.put(1, 2), Op.get(1), Op.get(2),
                Op.put(2, 2), Op.get(3), Op.put(3, 2), Op.get(1)));
        for (String config : List.of("DMP+DDIO+PM-RQWRB", "DMP+NODDIO+DRAM-RQWRB", "MHP+DDIO+DRAM-RQWRB", "WSP+NODDIO+PM-RQWRB")) {
            Explorer.Report r = Explorer.explore(erda, new Scenario(erda.name(), ServerConfig.parse(config), Transport.IB, 9, program),
                    new Budget(400, 8, 2));
            assertThat(r.crashStates()).isGreaterThan(200);
            assertThat(r.violations()).as(config).isEmpty();
        }
    }

    @Test
    void lostAcknowledgedPutsAndNonMonotonicReadsAreExpectedFindingsInDmpWithDdio() {
        Explorer.Report r = explore(ServerConfig.parse("DMP+DDIO+PM-RQWRB"), Transport.IB);
        assertThat(r.passed()).isTrue();
        assertThat(r.findings()).extracting(Violation::invariant).contains(Invariant.DURABILITY, Invariant.MONOTONIC_READS);
        Violation any = r.findings().getFirst();
        assertThat(Explorer.replay(any.token()).invariant()).isEqualTo(any.invariant());
    }
}
