package io.rdasuite.bench.kv;

import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.workload.Ycsb;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** YCSB on the simulator: deterministic, and Erda's one-sided reads leave the server's CPU idle (paper 000 §5.4). */
class YcsbBenchTest {
    private static YcsbBench.Spec spec(Ycsb.Workload w) {
        return new YcsbBench.Spec(w, Ycsb.Distribution.ZIPF, new KvShape(16, 1024), 8, 200, 50, CostModel.erdaTestbed(),
                ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), 7);
    }

    @Test
    void readOnlyErdaUsesAlmostNoServerCpuAndBeatsRedoLogging() {
        YcsbBench.Result erda = YcsbBench.run(ErdaProtocol.ERDA, spec(Ycsb.Workload.C));
        YcsbBench.Result redo = YcsbBench.run(BaselineProtocol.REDO, spec(Ycsb.Workload.C));
        assertThat(erda.serverCpuNsPerOp()).as("only the one-time head-array refresh").isLessThan(100);
        assertThat(redo.serverCpuNsPerOp()).isGreaterThan(500);
        assertThat(erda.meanLatencyNs()).isLessThan(redo.meanLatencyNs());
        assertThat(erda.throughputOpsPerSecond()).isGreaterThan(redo.throughputOpsPerSecond());
        assertThat(erda.failedReads()).isZero();
    }

    @Test
    void theSameSeedGivesTheSameFigures() {
        assertThat(YcsbBench.run(ErdaProtocol.ERDA, spec(Ycsb.Workload.A))).isEqualTo(YcsbBench.run(ErdaProtocol.ERDA, spec(Ycsb.Workload.A)));
    }
}
