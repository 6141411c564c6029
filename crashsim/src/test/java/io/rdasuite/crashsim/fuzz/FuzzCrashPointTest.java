package io.rdasuite.crashsim.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.store.efactory.EfPlantedBug;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.PlantedBugs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A shrunk {@code rda fuzz} failure says where the crash fell in the protocol's steps (issue 27: findings that explain
 * themselves). With {@code imm-ack-before-persist} planted, IMM's server replies to the write_with_imm before it flushes
 * the data (paper 001 §5.3.2), so an acknowledged put is lost; the crash point must name IMM's PUT, its second step (the
 * write_with_imm), with the put acknowledged. Exploration itself leaves the description empty: only the shrunk,
 * reproduced state is described.
 */
class FuzzCrashPointTest {
    @Test
    void theShrunkImmFailureNamesTheWriteWithImmStepOfThePut() {
        FuzzCase c = new FuzzCase(new Scenario("kv/imm", ServerConfig.parse("DMP+NODDIO+DRAM-RQWRB"), Transport.IWARP, 1,
                Program.of(List.of(Op.put(2, 3), Op.get(2)))), FaultSchedule.POWER_FAILURE_ONLY);
        Budget budget = new Budget(40, 3, 1);
        FuzzShrinker.Shrunk s = PlantedBugs.with(EfPlantedBug.IMM_ACK_BEFORE_PERSIST, () -> {
            FuzzExplorer.RunReport r = FuzzExplorer.explore(c, budget);
            FuzzExplorer.Failure found = r.failures().stream().filter(f -> f.invariant() == Invariant.DURABILITY).findFirst().orElseThrow();
            assertThat(found.crashPoint()).isEmpty(); // the explorer never describes a state
            return FuzzShrinker.shrink(found, budget);
        });
        FuzzExplorer.Failure f = s.failure();
        assertThat(f.invariant()).isEqualTo(Invariant.DURABILITY);
        assertThat(f.invariant().claimText()).startsWith("DURABLE_AT_ACK: a put acknowledged before a crash survives it");
        assertThat(f.fuzzCase().program().clients()).containsExactly(List.of(Op.put(2, 3)));
        assertThat(f.crashPoint().getFirst()).startsWith("power failure before event " + f.path().firstEvent() + " ");
        assertThat(f.crashPoint()).anySatisfy(l -> assertThat(l).matches("client 0: put k2=3 in flight since e\\d+ \\(acknowledged at e\\d+, as the power"
                + " failed\\), cut at step \\d of its verbs: .*WRITE_IMM.*"));
        assertThat(f.crashPoint()).anySatisfy(l -> assertThat(l).startsWith("client 0 in the protocol's steps: IMM PUT, step 2 of 2, the write_with_imm"
                + " of the data carrying its offset").contains("001 §5.3.2"));
    }

    @Test
    void aRepeatedCrashIsDescribedOnceForEachCrash() {
        FuzzCase c = new FuzzCase(new Scenario("kv/efactory", ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, 1,
                Program.of(List.of(Op.put(1, 1)))), FaultSchedule.POWER_FAILURE_ONLY.withRepeat(FaultSchedule.Repeat.AFTER_RECOVERY,
                Program.of(List.of(Op.put(1, 2)))));
        FuzzExecution.Resolved r = FuzzExecution.resolve(c);
        long first = FuzzExecution.first(r, -1, 0).events() / 2;
        FuzzExecution.Run cut = FuzzExecution.first(r, first, 0);
        io.rdasuite.hwsim.memory.CrashImage image = cut.frontier().enumerate(1, 1).getFirst();
        long end = FuzzExecution.second(r, image, -1, 0).events();
        FuzzExplorer.StateRun run = FuzzExplorer.stateRun(c, CrashPath.single(first, image.choices(), image.fifoCut()).withSecond(end - 1, new int[0], 0));
        assertThat(run.crashPoint()).first().isEqualTo("first crash:");
        assertThat(run.crashPoint()).anySatisfy(l -> assertThat(l).startsWith("second crash (events counted from the restart"));
        assertThat(run.crashPoint().stream().filter(l -> l.startsWith("power failure before event"))).hasSize(2);
    }
}
