package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.ServerConfig;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Server threads compete for their node's cores (DESIGN §3; Nessie's shared-CPU experiment): CPU hogs in the
 * fault plan slow a thread's fixed amount of work down in virtual time and raise the CPU time accounted, and
 * threads that fit in the cores run in parallel without slowing each other down. All times are virtual.
 */
class CpuContentionTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+PM-RQWRB");
    private static final int STEPS = 100;
    private static final long STEP_NS = 1_000;
    private static final long WORK_NS = STEPS * STEP_NS;

    private record Result(long[] finishNs, long cpuNanos, int cores) {
        long last() {
            return Arrays.stream(finishNs).max().orElseThrow();
        }
    }

    /** {@code threads} actors on node {@code onNode}, each charging {@link #WORK_NS} in {@link #STEPS} steps. */
    private static Result run(FaultPlan faults, int threads, int onNode, long seed) {
        try (SimFabric fabric = SimFabric.builder().seed(seed).faults(faults).node(CONFIG).node(CONFIG).build()) {
            Node node = fabric.node(onNode);
            long[] finish = new long[threads];
            for (int t = 0; t < threads; t++) {
                int i = t;
                node.spawn("worker-" + t, () -> {
                    for (int s = 0; s < STEPS; s++) {
                        node.clock().chargeCpu(STEP_NS);
                    }
                    finish[i] = node.clock().nowNanos();
                });
            }
            assertThat(fabric.run()).isEqualTo(Engine.RunStatus.FINISHED);
            return new Result(finish, fabric.accounting().total().cpuNanos(), fabric.cost().coresPerNode());
        }
    }

    @Test
    void cpuHogsSlowAFixedAmountOfWorkDown() {
        Result alone = run(FaultPlan.NONE, 1, 0, 1);
        assertThat(alone.cores()).isEqualTo(4);
        assertThat(alone.last()).as("uncontended, the work takes its own length").isEqualTo(WORK_NS);
        assertThat(alone.cpuNanos()).isEqualTo(WORK_NS);

        int hogs = 8;
        Result contended = run(FaultPlan.NONE.withCpuHogs(0, hogs), 1, 0, 1);
        double share = (hogs + 1.0) / alone.cores(); // fair share: 4 cores among the thread and 8 hogs
        assertThat(contended.last()).as("with %d hogs the same work finishes later", hogs).isGreaterThan(alone.last());
        assertThat((double) contended.last() / alone.last()).as("slow-down").isCloseTo(share, within(0.05));
        assertThat((double) contended.cpuNanos() / alone.cpuNanos()).as("accounted CPU grows accordingly").isCloseTo(share, within(0.05));
    }

    @Test
    void moreHogsSlowItDownMore() {
        long previous = 0;
        long previousCpu = 0;
        for (int hogs : new int[] {4, 8, 16}) {
            Result r = run(FaultPlan.NONE.withCpuHogs(0, hogs), 1, 0, 2);
            assertThat(r.last()).as("%d hogs", hogs).isGreaterThan(previous);
            assertThat(r.cpuNanos()).as("%d hogs", hogs).isGreaterThan(previousCpu);
            previous = r.last();
            previousCpu = r.cpuNanos();
        }
    }

    @Test
    void hogsThatFitInIdleCoresDoNotSlowAThreadDown() {
        Result r = run(FaultPlan.NONE.withCpuHogs(0, 3), 1, 0, 3);
        assertThat(r.last()).as("one thread and three hogs fit on four cores").isEqualTo(WORK_NS);
    }

    @Test
    void hogsOnlySlowTheirOwnNode() {
        Result otherNode = run(FaultPlan.NONE.withCpuHogs(0, 8), 1, 1, 4);
        assertThat(otherNode.last()).as("node 1 has no hogs").isEqualTo(WORK_NS);
        assertThat(otherNode.cpuNanos()).isEqualTo(WORK_NS);
    }

    @Test
    void threadsThatFitInTheCoresRunInParallel() {
        for (long seed = 1; seed <= 8; seed++) {
            Result one = run(FaultPlan.NONE, 1, 0, seed);
            Result four = run(FaultPlan.NONE, 4, 0, seed);
            assertThat(four.finishNs()).as("seed %d: four threads on four cores each finish when one alone would", seed)
                    .containsOnly(one.last());
            assertThat(four.cpuNanos()).as("seed %d: but four times the CPU is accounted", seed).isEqualTo(4 * one.cpuNanos());
        }
    }

    @Test
    void threadsBeyondTheCoresQueue() {
        for (long seed = 1; seed <= 8; seed++) {
            Result five = run(FaultPlan.NONE, 5, 0, seed);
            // Five threads' work on four cores cannot finish before 5/4 of one thread's, whatever the schedule.
            assertThat(five.last()).as("seed %d", seed).isGreaterThanOrEqualTo(5 * WORK_NS / 4);
            assertThat(five.last()).as("seed %d: and the cores are not left idle", seed).isLessThanOrEqualTo(2 * WORK_NS);
            assertThat(five.cpuNanos()).isEqualTo(5 * WORK_NS);
        }
    }

    @Test
    void timeSlicedHogsLetAThreadRunOneSliceInEveryPeriodAndAccountOnlyItsOwnWork() {
        long slice = 10_000;
        int hogs = 8; // 4 cores: each thread shares its core with 2 hogs, so runs 1 slice in every 3
        long period = slice * (4 + hogs) / 4;
        for (long seed = 1; seed <= 6; seed++) {
            Result r = run(FaultPlan.NONE.withCpuHogs(0, hogs).withCpuHogSlices(slice), 1, 0, seed);
            long slices = WORK_NS / slice; // the work needs 10 whole slices
            assertThat(r.last()).as("seed %d: 10 slices of work end within the 10th period", seed)
                    .isGreaterThan((slices - 1) * period).isLessThanOrEqualTo(slices * period);
            assertThat(r.cpuNanos()).as("waiting for a slice is not CPU time").isEqualTo(WORK_NS);
        }
    }

    @Test
    void timeSlicedThreadsStartTheirRhythmsAtSeededPhases() {
        FaultPlan sliced = FaultPlan.NONE.withCpuHogs(0, 8).withCpuHogSlices(10_000);
        Result a = run(sliced, 4, 0, 7);
        assertThat(run(sliced, 4, 0, 7).finishNs()).as("the same seed, the same schedule").containsExactly(a.finishNs());
        assertThat(Arrays.stream(a.finishNs()).distinct().count()).as("four threads, four phases").isGreaterThan(1);
        Result otherNode = run(sliced, 1, 1, 7);
        assertThat(otherNode.last()).as("node 1 has no hogs").isEqualTo(WORK_NS);
    }

    @Test
    void aNegativeSliceIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> FaultPlan.NONE.withCpuHogSlices(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 (processor sharing) or positive");
    }
}
