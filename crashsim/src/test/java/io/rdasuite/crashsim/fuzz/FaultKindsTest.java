package io.rdasuite.crashsim.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.OpRecord;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each fault a schedule names actually happens in the simulated runs. */
class FaultKindsTest {
    private static final ServerConfig DMP = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
    private static final Program TWO_CLIENTS = new Program(List.of(List.of(Op.put(0, 1), Op.put(1, 2), Op.get(0), Op.delete(1)),
            List.of(Op.put(0, 3), Op.get(1), Op.put(2, 4))));

    private static FuzzCase kv(String protocol, FaultSchedule s) {
        return new FuzzCase(new Scenario("kv/" + protocol, DMP, Transport.IB, 42, TWO_CLIENTS), s);
    }

    private static final FaultSchedule PLAIN = FaultSchedule.POWER_FAILURE_ONLY;

    @Test
    void aPowerFailureDuringRecoveryLeavesASecondFrontierBeforeRecoveryEnds() {
        FuzzExecution.Resolved r = FuzzExecution.resolve(kv("efactory", PLAIN.withRepeat(FaultSchedule.Repeat.DURING_RECOVERY, null)));
        FuzzExecution.Run dry = FuzzExecution.first(r, -1, 0);
        FuzzExecution.Run first = FuzzExecution.first(r, dry.events() / 2, 0);
        assertThat(first.frontier()).isNotNull();
        Object image = first.frontier().newest();
        FuzzExecution.Run recovery = FuzzExecution.second(r, image, -1, 0);
        assertThat(recovery.recoveryEvents()).isGreaterThan(2);
        FuzzExecution.Run cut = FuzzExecution.second(r, image, recovery.recoveryEvents() / 2, 0);
        assertThat(cut.frontier()).as("a second frontier, recorded during recovery").isNotNull();
        assertThat(cut.events()).isLessThan(recovery.recoveryEvents());
        assertThat(FuzzExplorer.explore(kv("efactory", PLAIN.withRepeat(FaultSchedule.Repeat.DURING_RECOVERY, null)), FuzzCampaign.RUN_BUDGET)
                .faultsFired()).contains("power-failure", "crash-during-recovery");
    }

    @Test
    void aCrashAfterRecoveryFollowsMoreOperations() {
        Program after = new Program(List.of(List.of(Op.put(2, 5), Op.get(2)), List.of(Op.delete(0))));
        FuzzCase c = kv("redo", PLAIN.withRepeat(FaultSchedule.Repeat.AFTER_RECOVERY, after));
        FuzzExecution.Resolved r = FuzzExecution.resolve(c);
        FuzzExecution.Run first = FuzzExecution.first(r, 40, 0);
        FuzzExecution.Run again = FuzzExecution.second(r, first.frontier().oldest(), -1, 0);
        assertThat(again.history()).hasSize(3).allMatch(OpRecord::completed);
        assertThat(again.history()).allMatch(h -> h.invokeEvent() >= again.recoveryEvents());
        FuzzExecution.Run cut = FuzzExecution.second(r, first.frontier().oldest(), again.events() - 1, 0);
        assertThat(cut.frontier()).isNotNull();
        assertThat(FuzzExplorer.explore(c, FuzzCampaign.RUN_BUDGET).faultsFired()).contains("crash-after-recovery");
    }

    @Test
    void aServerProcessCrashLeavesOneImageAndNoFrontier() {
        FuzzExecution.Resolved r = FuzzExecution.resolve(kv("saw", PLAIN.withServerCrash(FaultSchedule.ServerCrash.PROCESS_CRASH)));
        FuzzExecution.Run run = FuzzExecution.first(r, 60, 0);
        assertThat(run.frontier()).isNull();
        assertThat(run.processImage()).isNotNull();
        assertThat(run.fired()).extracting(FaultPlan.Fault::kind).containsExactly(FaultPlan.Fault.Kind.PROCESS_CRASH);
        assertThat(run.events()).isEqualTo(60);
    }

    @Test
    void aClientCrashCutsThatClientsOperationsOnly() {
        FuzzExecution.Resolved r = FuzzExecution.resolve(kv("erda", PLAIN.withClientCrashes(List.of(new FaultSchedule.ClientCrash(1, 300)))));
        assertThat(r.background()).singleElement().satisfies(f -> assertThat(f.nodeId()).isEqualTo(2));
        FuzzExecution.Run run = FuzzExecution.first(r, -1, 0);
        assertThat(run.fired()).singleElement().satisfies(f -> assertThat(f.kind()).isEqualTo(FaultPlan.Fault.Kind.PROCESS_CRASH));
        assertThat(run.history().stream().filter(h -> h.client() == 1)).anyMatch(h -> !h.completed());
        assertThat(run.history().stream().filter(h -> h.client() == 0)).allMatch(OpRecord::completed).hasSize(4);
    }

    @Test
    void aStallOfTheHandlersDelaysTheRunAndHogsSlowIt() {
        FuzzExecution.Resolved plain = FuzzExecution.resolve(kv("redo", PLAIN));
        long base = FuzzExecution.first(plain, -1, 0).durationNs();
        FuzzExecution.Resolved stalled = FuzzExecution.resolve(kv("redo", PLAIN.withStalls(List.of(new FaultSchedule.Stall("redo-handler-", 0, 40_000)))));
        FuzzExecution.Run run = FuzzExecution.first(stalled, -1, 0);
        assertThat(run.fired()).extracting(FaultPlan.Fault::kind).containsExactly(FaultPlan.Fault.Kind.STALL);
        assertThat(run.durationNs()).as("the handlers answered nothing for 40 us").isGreaterThanOrEqualTo(40_000).isGreaterThan(base);
        FuzzExecution.Resolved noSuchThread = FuzzExecution.resolve(kv("redo", PLAIN.withStalls(List.of(new FaultSchedule.Stall("raw-poller", 0, 40_000)))));
        assertThat(FuzzExecution.first(noSuchThread, -1, 0).fired()).as("a stall of no thread did not happen").isEmpty();
        FuzzExecution.Resolved hogged = FuzzExecution.resolve(kv("redo", PLAIN.withServerHogs(8)));
        assertThat(FuzzExecution.first(hogged, -1, 0).durationNs()).isGreaterThan(base);
    }

    @Test
    void theCleanerStartsWhenTheScheduleSaysAndTornLinesSplitTheFrontier() {
        FuzzExecution.Resolved early = FuzzExecution.resolve(kv("efactory-cleaning", PLAIN.withCleanerStartPermille(0)));
        FuzzExecution.Resolved late = FuzzExecution.resolve(kv("efactory-cleaning", PLAIN.withCleanerStartPermille(1000)));
        FuzzExecution.Run a = FuzzExecution.first(early, -1, 0);
        FuzzExecution.Run b = FuzzExecution.first(late, -1, 0);
        assertThat(a.history()).allMatch(OpRecord::completed);
        assertThat(b.durationNs()).as("the run waits for a cleaner that starts at its calibrated end").isGreaterThanOrEqualTo(late.calibrationNs());
        FuzzExecution.Resolved whole = FuzzExecution.resolve(kv("redo", PLAIN));
        FuzzExecution.Resolved torn = FuzzExecution.resolve(kv("redo", PLAIN.withTornLines(true)));
        long events = FuzzExecution.first(whole, -1, 0).events();
        boolean split = false;
        for (long at = events / 4; at < events; at += events / 8) {
            int wholeSlots = FuzzExecution.first(whole, at, 0).frontier().slots();
            int tornSlots = FuzzExecution.first(torn, at, 0).frontier().slots();
            assertThat(tornSlots).isGreaterThanOrEqualTo(wholeSlots);
            split |= tornSlots > wholeSlots;
        }
        assertThat(split).as("torn lines give a slot per 8-byte unit").isTrue();
    }
}
