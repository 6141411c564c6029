package io.rdasuite.bench.kv;

import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The PM bytes one create, update and delete write, against paper 000's Table 1 (§5.6). */
class NvmWritesTest {

    @Test
    void baselineNvmWritesEqualTable1() {
        for (KvProtocol p : new KvProtocol[] {BaselineProtocol.REDO, BaselineProtocol.RAW}) {
            for (int k : new int[] {8, 16}) {
                for (int n : new int[] {40, 1024}) {
                    NvmWrites.Result r = NvmWrites.measure(p, new KvShape(k, n - k));
                    assertThat(r.create()).as("%s create K=%d N=%d", p, k, n).isEqualTo(k + 12 + 2L * n);
                    assertThat(r.update()).as("%s update K=%d N=%d", p, k, n).isEqualTo(4 + 2L * n);
                    assertThat(r.delete()).as("%s delete K=%d N=%d", p, k, n).isEqualTo(k + 8);
                }
            }
        }
    }

    @Test
    void nvmWritesEqualTable1() {
        for (int k : new int[] {8, 16, 32}) {
            for (int n : new int[] {40, 100, 1024}) {
                KvShape shape = new KvShape(k, n - k);
                NvmWrites.Result r = NvmWrites.measure(ErdaProtocol.ERDA, shape);
                assertThat(r.create()).as("create K=%d N=%d", k, n).isEqualTo(k + 10 + n);
                assertThat(r.update()).as("update K=%d N=%d", k, n).isEqualTo(9 + n);
                assertThat(r.delete()).as("delete K=%d N=%d", k, n).isEqualTo(k + 9);
            }
        }
    }
}
