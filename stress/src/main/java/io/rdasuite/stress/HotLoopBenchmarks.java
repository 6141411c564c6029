package io.rdasuite.stress;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.hwsim.bench.VerbThroughputWorkload;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH measurements of the hot loops (`ci/jmh.sh` runs them): the simulator's verb rate and the explorer's
 * crash-state rate. They complement `rda sim-bench` and `rda check --json`, which report the same figures
 * end to end.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Djdk.virtualThreadScheduler.parallelism=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1",
        "--sun-misc-unsafe-memory-access=allow", "--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HotLoopBenchmarks {
    private static final VerbThroughputWorkload.Spec VERBS = new VerbThroughputWorkload.Spec(
            ServerConfig.parse("MHP+NODDIO+PM-RQWRB"), Transport.IB, 4, 10_000, 64, 16, 1);

    /** One run of 40,000 simulated verbs; verbs/s = 40,000 × this rate. */
    @Benchmark
    public long simulatedVerbs40k() {
        return VerbThroughputWorkload.run(VERBS).verbs();
    }

    /** One REMOTELOG cell explored (DMP+DDIO, WRITE singleton, 3 appends, 4 timings); states/s = states × this rate. */
    @Benchmark
    public long exploreRemoteLogCell() {
        ServerConfig config = ServerConfig.parse("DMP+DDIO+PM-RQWRB");
        RemoteLogSubject subject = new RemoteLogSubject(Recipes.paper(config, Transport.IB, PrimaryOp.WRITE, UpdateKind.SINGLETON));
        return Explorer.explore(subject, new Scenario(subject.name(), config, Transport.IB, 1, Program.sequentialPuts(3)),
                new Budget(150, 16, 4)).crashStates();
    }
}
