package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Invariant;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.fuzz.CrashPath;
import io.rdasuite.crashsim.fuzz.FaultSchedule;
import io.rdasuite.crashsim.fuzz.FuzzCase;
import io.rdasuite.crashsim.fuzz.FuzzExplorer;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Regression (paper 001 §5.3.1-2): SAW and IMM claim durable linearizability. Our server publishes a version in two
 * steps, the entry persisted and then the durability flag, the readers' go-ahead; recovery asked for that flag too.
 * The flag is visible before its flush: client 3's put of 7 set it, client 0's one-sided GET returned 7, the power
 * failed before the flush, and recovery walked past 7 to the older acknowledged 2, which the read-back returned.
 * Recovery now keeps valid versions ({@code EfServer.recoverable}). The programs are {@code rda fuzz}'s shrunk ones:
 * {@code --runs 150 --seed 4} (run 57), {@code --runs 300 --seed 1 --protocols saw} (run 193) and
 * {@code --runs 2000 --seed 2 --protocols saw,imm} (run 861).
 */
class SawRecoveryIgnoresReadersFlagTest {
    private static FuzzCase powerFailure(String store, String config, Transport transport, long seed, String program) {
        return new FuzzCase(new Scenario(store, ServerConfig.parse(config), transport, seed, Program.decode(program)), FaultSchedule.POWER_FAILURE_ONLY);
    }

    private static final FuzzCase SAW_DDIO = powerFailure("kv/saw", "DMP+DDIO+PM-RQWRB", Transport.IB, 2349350495671963L,
            "P0:2,G0/P0:4/G0,P0:5/P0:7");
    private static final FuzzCase SAW_NODDIO = powerFailure("kv/saw", "DMP+NODDIO+DRAM-RQWRB", Transport.IB, 32309195148860136L,
            "//P0:4,P0:6/G0,G0,P0:7/P0:10,G0/G0/P0:11");
    private static final FuzzCase IMM = powerFailure("kv/imm", "DMP+NODDIO+PM-RQWRB", Transport.IWARP, 23864864886860915L,
            "P0:1,G0,G0/P0:6/P0:7,D1/D2,D2/P2:8,P2:9,G1/D0,P0:10/D0,P0:11");

    @Test
    void aVersionAReaderReturnedSurvivesAPowerFailureBeforeItsFlagIsFlushed() {
        // the fuzzer's crash state: the power fails after the GET of 7 and before the flag of 7 reaches PM
        assertThat(FuzzExplorer.reproduce(SAW_DDIO, CrashPath.single(639, new int[] {0}, 0)))
                .extracting(FuzzExplorer.Failure::invariant).doesNotContain(Invariant.LINEARIZABILITY);
    }

    @Test
    void everyCrashStateOfTheShrunkProgramsIsDurablyLinearizable() {
        List<String> failing = new ArrayList<>();
        for (FuzzCase c : List.of(SAW_DDIO, SAW_NODDIO, IMM)) {
            FuzzExplorer.RunReport r = FuzzExplorer.explore(c, new Budget(2_000, 3, 1));
            assertThat(r.error()).as(c.scenario().subject()).isNull();
            assertThat(r.crashPoints()).as("every event is a crash point").isEqualTo((int) r.events());
            if (r.failed()) {
                failing.add(c.scenario().subject() + " " + c.scenario().config().name() + ": "
                        + r.failures().stream().map(FuzzExplorer.Failure::invariant).distinct().toList());
            }
        }
        assertThat(failing).as("cases whose claims fail at some crash state").isEmpty();
    }
}
