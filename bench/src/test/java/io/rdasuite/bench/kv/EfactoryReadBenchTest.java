package io.rdasuite.bench.kv;

import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.workload.Ycsb;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** eFactory's read path measured beside its peers (paper 001 §6.1). */
class EfactoryReadBenchTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");

    /** §6.1, read-only at 4 KB with 8 clients: eFactory's hybrid read is as fast as SAW's and IMM's reads and beats the CRC-checking peers. */
    @Test
    void readOnlyEfactoryMatchesSawAndImmAndBeatsErdaAndForcaAtFourKilobytes() {
        YcsbBench.Spec spec = new YcsbBench.Spec(Ycsb.Workload.C, Ycsb.Distribution.ZIPF,
                new KvShape(32, 4096), 8, 100, 40, CostModel.efactoryTestbed(), CONFIG, 5);
        long ef = YcsbBench.run(EfProtocol.EFACTORY, spec).throughputOpsPerSecond();
        assertThat((double) ef / YcsbBench.run(EfProtocol.IMM, spec).throughputOpsPerSecond()).isBetween(0.95, 1.05);
        assertThat((double) ef / YcsbBench.run(EfProtocol.SAW, spec).throughputOpsPerSecond()).isBetween(0.95, 1.05);
        assertThat((double) ef / YcsbBench.run(ErdaProtocol.ERDA, spec).throughputOpsPerSecond()).isGreaterThan(1.5);
        assertThat((double) ef / YcsbBench.run(EfProtocol.EFACTORY_NOHR, spec).throughputOpsPerSecond()).isGreaterThan(1.2);
        assertThat(ef).isGreaterThan(YcsbBench.run(EfProtocol.FORCA, spec).throughputOpsPerSecond());
    }
}
