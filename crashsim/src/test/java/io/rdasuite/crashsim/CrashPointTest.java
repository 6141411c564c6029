package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.subjects.InPlaceSubject;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A shrunk violation says where the crash fell in the steps of the operations it cut ({@link CrashPoint}) and which
 * claim it breaks, in words (issue 27: findings that explain themselves).
 */
class CrashPointTest {
    @Test
    void theInPlaceControlsTornPutIsNamedWithTheStepTheCrashCut() {
        ServerConfig config = ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB");
        Subject s = new InPlaceSubject(Recipes.paper(config, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON));
        Scenario scenario = new Scenario(s.name(), config, Transport.IB, 1, Program.of(List.of(Op.put(1, 1), Op.put(1, 2))));
        Budget budget = new Budget(150, 16, 2);
        Explorer.Report r = Explorer.explore(s, scenario, budget);
        assertThat(r.passed()).isFalse();
        Violation shrunk = Shrinker.shrink(s, r.violations().getFirst(), budget);
        assertThat(shrunk.crashPoint()).first().asString().startsWith("power failure before event " + shrunk.crashEvent());
        assertThat(shrunk.crashPoint()).anySatisfy(l -> assertThat(l).matches("client 0: put k1=\\d in flight since e\\d+, cut at step \\d of its verbs: 1 WRITE.*"));
        assertThat(shrunk.invariant().claimText()).startsWith("ATOMIC_PUTS: every value read is exactly one value some put wrote");
    }

    @Test
    void anUnshrunkViolationCarriesNoDescriptionAndAServerSideGapIsCounted() {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
        KvSubject s = new KvSubject(ErdaProtocol.ERDA);
        Scenario scenario = new Scenario(s.name(), config, Transport.IB, 1, Program.of(List.of(Op.put(1, 5))));
        Explorer.Report r = Explorer.explore(s, scenario, new Budget(150, 16, 2));
        Violation finding = r.findings().stream().filter(v -> v.invariant() == Invariant.DURABILITY).findFirst().orElseThrow();
        assertThat(finding.crashPoint()).isEmpty();
        Violation shrunk = Shrinker.shrink(s, finding, new Budget(150, 16, 2));
        assertThat(shrunk.crashPoint()).anySatisfy(l -> assertThat(l).startsWith("client 0: put k1=5 in flight"));
        assertThat(shrunk.crashPoint()).anySatisfy(l -> assertThat(l).startsWith("client 0 in the protocol's steps: Erda PUT, step "));
        assertThat(shrunk.crashPoint()).anySatisfy(l -> assertThat(l).startsWith("node 0: "));
    }
}
