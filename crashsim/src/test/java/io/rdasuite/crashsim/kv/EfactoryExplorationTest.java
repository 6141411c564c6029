package io.rdasuite.crashsim.kv;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The eFactory family under power failures in every configuration: each store's claims hold (paper 001 §5.3:
 * eFactory and Forca never take back a value a read returned; SAW and IMM are durable at the ack), and the
 * monotonic-read check is shown able to fail by the finding it produces for Erda on the same program.
 */
class EfactoryExplorationTest {
    /** Two clients, one hot key: overwrites racing reads. */
    private static final Program PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1), Op.put(1, 4)),
            List.of(Op.get(1), Op.put(1, 3), Op.get(1), Op.get(2), Op.get(1))));
    private static final Budget BUDGET = new Budget(80, 6, 2);

    private static Explorer.Report explore(KvProtocol protocol, ServerConfig config, Transport transport, Program program, long seed) {
        KvSubject subject = new KvSubject(protocol);
        return Explorer.explore(subject, new Scenario(subject.name(), config, transport, seed, program), BUDGET);
    }

    @Test
    void everyStoreKeepsItsClaimsInEveryConfiguration() {
        List<String> failures = new ArrayList<>();
        for (KvProtocol p : List.of(EfProtocol.EFACTORY, EfProtocol.SAW, EfProtocol.IMM, EfProtocol.FORCA)) {
            List<ServerConfig> all = ServerConfig.all();
            for (int i = 0; i < all.size(); i++) {
                ServerConfig config = all.get(i);
                Transport t = i % 2 == 0 ? Transport.IB : Transport.IWARP;
                Explorer.Report r = explore(p, config, t, PROGRAM, 7);
                assertThat(r.crashStates()).isGreaterThan(100);
                for (Violation v : r.violations()) {
                    failures.add(p.cliName() + " " + config + " " + t + ": " + v.invariant() + " " + v.detail() + " " + v.replayCommand());
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void theMonotonicReadCheckCatchesErdaAndPassesEfactoryOnTheSameRuns() {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
        Explorer.Report erda = explore(ErdaProtocol.ERDA, config, Transport.IB, PROGRAM, 7);
        assertThat(erda.findings()).as("Erda: a value read before the crash is gone after it (paper 001 §7.2)")
                .extracting(Violation::invariant).contains(Invariant.MONOTONIC_READS);
        Violation nonMonotonic = erda.findings().stream().filter(v -> v.invariant() == Invariant.MONOTONIC_READS).findFirst().orElseThrow();
        assertThat(Explorer.replayAll(nonMonotonic.token())).extracting(Violation::invariant).contains(Invariant.MONOTONIC_READS);
        Explorer.Report efactory = explore(EfProtocol.EFACTORY, config, Transport.IB, PROGRAM, 7);
        assertThat(efactory.statesByInvariant()).doesNotContainKey(Invariant.MONOTONIC_READS);
        assertThat(efactory.findings()).as("eFactory claims no durability at the ack, so lost puts are findings")
                .extracting(Violation::invariant).contains(Invariant.DURABILITY);
        assertThat(efactory.violations()).isEmpty();
    }

    @Test
    void crashesDuringCleaningKeepEfactorysClaims() {
        Program program = Program.of(List.of(Op.put(1, 1), Op.put(2, 1), Op.put(3, 1), Op.put(1, 2), Op.get(1), Op.get(2),
                Op.put(2, 2), Op.get(3), Op.put(3, 2), Op.get(1)));
        for (String config : List.of("DMP+DDIO+PM-RQWRB", "DMP+NODDIO+DRAM-RQWRB", "MHP+DDIO+DRAM-RQWRB")) {
            Explorer.Report r = explore(EfProtocol.EFACTORY_CLEANING, ServerConfig.parse(config), Transport.IB, program, 9);
            assertThat(r.crashStates()).isGreaterThan(100);
            assertThat(r.violations()).as(config).isEmpty();
        }
    }
}
