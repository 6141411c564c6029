package io.rdasuite.crashsim.kv;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

import static org.assertj.core.api.Assertions.assertThat;

/** Random programs of puts and gets from one or two clients, with power failures: Erda's claim (RDA) always holds. */
class ErdaProperties {
    @Provide
    Arbitrary<ServerConfig> configs() {
        return Arbitraries.of(ServerConfig.all());
    }

    @Provide
    Arbitrary<Program> programs() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.longs().between(1, 9), Arbitraries.of(true, false))
                .as((key, value, put) -> put ? Op.put(key, value) : Op.get(key));
        Arbitrary<List<Op>> ops = op.list().ofMinSize(1).ofMaxSize(5);
        return ops.list().ofMinSize(1).ofMaxSize(2).map(Program::new);
    }

    @Property(tries = 25, seed = "424242")
    void atomicPutsHoldUnderPowerFailures(@ForAll("configs") ServerConfig config, @ForAll Transport transport,
                                          @ForAll("programs") Program program, @ForAll @LongRange(min = 1, max = 1000) long seed) {
        KvSubject erda = new KvSubject(ErdaProtocol.ERDA);
        Explorer.Report r = Explorer.explore(erda, new Scenario(erda.name(), config, transport, seed, program), new Budget(30, 4, 1));
        assertThat(r.crashStates()).isPositive();
        assertThat(r.violations()).as("claimed properties of Erda under %s %s", config, transport).isEmpty();
    }
}
