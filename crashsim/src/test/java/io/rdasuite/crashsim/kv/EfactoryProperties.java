package io.rdasuite.crashsim.kv;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.protocol.KvProtocol;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random programs in which two to four clients write and read the same one or two keys, with power failures
 * of the server at every explored point: eFactory's claims (atomic puts, monotonic reads, a consistent version
 * under many writers of one key) always hold, and so do SAW's and IMM's (durable at ack).
 */
class EfactoryProperties {
    @Provide
    Arbitrary<ServerConfig> configs() {
        return Arbitraries.of(ServerConfig.all());
    }

    @Provide
    Arbitrary<Program> manyWriters() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.longs().between(1, 9), Arbitraries.integers().between(0, 2))
                .as((key, value, kind) -> kind == 0 ? Op.get(key) : Op.put(key, value));
        Arbitrary<List<Op>> ops = op.list().ofMinSize(1).ofMaxSize(4);
        return ops.list().ofMinSize(2).ofMaxSize(4).map(Program::new);
    }

    @Provide
    Arbitrary<KvProtocol> stores() {
        return Arbitraries.of(EfProtocol.EFACTORY, EfProtocol.EFACTORY, EfProtocol.SAW, EfProtocol.IMM);
    }

    @Property(tries = 30, seed = "515151")
    void claimsHoldWithManyWritersPerKeyAndPowerFailures(@ForAll("stores") KvProtocol protocol, @ForAll("configs") ServerConfig config,
                                                         @ForAll Transport transport, @ForAll("manyWriters") Program program,
                                                         @ForAll @LongRange(min = 1, max = 1000) long seed) {
        KvSubject subject = new KvSubject(protocol);
        Explorer.Report r = Explorer.explore(subject, new Scenario(subject.name(), config, transport, seed, program), new Budget(30, 4, 1));
        assertThat(r.crashStates()).isPositive();
        assertThat(r.violations()).as("%s under %s %s", protocol.cliName(), config, transport).isEmpty();
    }
}
