package io.rdasuite.bench.nessie;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rdasuite.store.nessie.NessieMode;
import io.rdasuite.store.nessie.NessieOptimization;
import io.rdasuite.store.workload.Ycsb;
import org.junit.jupiter.api.Test;

/** How the Nessie bench scales the paper's cache (§6) down to the keys it simulates. */
class NessieBenchScalingTest {
    private static NessieBench.Spec spec(Ycsb.Distribution d, int valueSize, int keys) {
        return new NessieBench.Spec(NessieMode.NESSIE, 4, valueSize, 0.99, d, 0, 10, keys, 1, NessieOptimization.all(), "nessie-testbed", 0, NessieBench.WORKERS);
    }

    @Test
    void harmonicNumbersMatchTheSum() {
        for (int n : new int[] {1, 2, 10, 240, 5000}) {
            double sum = 0;
            for (int i = 1; i <= n; i++) {
                sum += Math.pow(i, -NessieBench.ZIPF_EXPONENT);
            }
            assertThat(NessieBench.harmonic(n)).as("H(%d)", n).isCloseTo(sum, within(0.004 * sum));
        }
    }

    @Test
    void uniformKeysCacheHalfAPercentAndZipfKeysTheSameShareOfAccessesAsThePapersCache() {
        assertThat(NessieBench.cacheEntries(spec(Ycsb.Distribution.UNIFORM, 16384, 2400))).isEqualTo(12);
        assertThat(NessieBench.cacheEntries(spec(Ycsb.Distribution.UNIFORM, 16384, 240))).as("at least one entry").isEqualTo(1);
        int k = NessieBench.cacheEntries(spec(Ycsb.Distribution.ZIPF, 16384, 240));
        double paperKeys = 15 * 20e9 / 16384;
        double paperShare = NessieBench.harmonic(0.005 * paperKeys) / NessieBench.harmonic(paperKeys);
        assertThat(paperShare).as("the paper's cache serves about 68% of Zipf accesses at 16 KB").isCloseTo(0.675, within(0.01));
        assertThat(NessieBench.harmonic(k) / NessieBench.harmonic(240)).isGreaterThanOrEqualTo(paperShare);
        assertThat(NessieBench.harmonic(k - 1) / NessieBench.harmonic(240)).as("and no more entries than needed").isLessThan(paperShare);
        assertThat(NessieBench.cacheEntries(spec(Ycsb.Distribution.ZIPF, 256, 240))).as("more keys in the paper at 256 B, a larger share")
                .isGreaterThan(k);
    }

    @Test
    void serverThreadsFollowThePapersTuningScaledToTheWorkers() {
        java.util.function.BiFunction<NessieMode, Integer, NessieBench.Spec> at12 = (m, size) ->
                new NessieBench.Spec(m, 4, size, 0.5, Ycsb.Distribution.UNIFORM, 0, 10, 10, 1, NessieOptimization.all(), "nessie-testbed", 0, 12);
        assertThat(at12.apply(NessieMode.NESSIE_SD, 256).serverWorkersPerNode()).as("SD under 1 KB").isEqualTo(3);
        assertThat(at12.apply(NessieMode.NESSIE_SD, 16384).serverWorkersPerNode()).as("SD from 1 KB").isEqualTo(2);
        assertThat(at12.apply(NessieMode.NESSIE_HY, 16384).serverWorkersPerNode()).as("HY, 50% GETs, up to 32 KB").isEqualTo(3);
        assertThat(at12.apply(NessieMode.NESSIE_HY, 131072).serverWorkersPerNode()).as("HY, 50% GETs, above 32 KB").isEqualTo(2);
        assertThat(at12.apply(NessieMode.NESSIE, 16384).clientsPerNode()).isEqualTo(12);
        assertThat(at12.apply(NessieMode.NESSIE_SD, 16384).clientsPerNode()).isEqualTo(10);
        NessieBench.Spec hyGetHeavy = new NessieBench.Spec(NessieMode.NESSIE_HY, 4, 16384, 0.9, Ycsb.Distribution.UNIFORM, 0, 10, 10, 1,
                NessieOptimization.all(), "nessie-testbed", 0, 12);
        assertThat(hyGetHeavy.serverWorkersPerNode()).as("HY, 90% GETs").isEqualTo(1);
        NessieBench.Spec sdAt4 = spec(Ycsb.Distribution.UNIFORM, 16384, 10);
        assertThat(new NessieBench.Spec(NessieMode.NESSIE_SD, 4, 16384, 0.5, Ycsb.Distribution.UNIFORM, 0, 10, 10, 1, NessieOptimization.all(),
                "nessie-testbed", 0, 4).serverWorkersPerNode()).as("2 of 12 scaled to 4 workers, at least 1").isEqualTo(1);
        assertThat(sdAt4.serverWorkersPerNode()).as("Nessie has none").isZero();
    }
}
