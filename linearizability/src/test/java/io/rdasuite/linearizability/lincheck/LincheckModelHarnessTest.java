package io.rdasuite.linearizability.lincheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** The model-checked subjects behave as their stores do when run one operation at a time. */
class LincheckModelHarnessTest {
    @Test
    void wordMemoryKeepsBytesAtAnyOffsetAndNarrowStoresLeaveTheRestOfTheWord() {
        ModelNode node = new ModelNode();
        LocalMemory m = node.local(node.register(MemoryKind.PM, "x", 64));
        m.store8(8, 0x1122_3344_5566_7788L);
        m.store(12, MemorySegment.ofArray(new int[] {0xAABBCCDD}));
        MemorySegment whole = MemorySegment.ofArray(new byte[8]);
        m.load(8, whole);
        assertThat(whole.get(ValueLayout.JAVA_LONG_UNALIGNED, 0)).isEqualTo(m.load8(8));
        assertThat(m.load8(8) >>> 32).isEqualTo(0xAABBCCDDL);
        assertThat(m.load8(8) & 0xFFFF_FFFFL).isEqualTo(0x5566_7788L);
        byte[] odd = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
        m.store(29, MemorySegment.ofArray(odd));
        byte[] back = new byte[11];
        m.load(29, MemorySegment.ofArray(back));
        assertThat(back).isEqualTo(odd);
    }

    @Test
    void erdaModelReadsBackItsPutsAndDeletes() {
        ErdaModel erda = new ErdaModel();
        erda.put(2, 2);
        assertThat(erda.get(2, false)).isEqualTo(2);
        erda.put(1, 1);
        erda.put(2, 1);
        assertThat(erda.get(2, true)).isEqualTo(1);
        assertThat(erda.get(1, false)).isEqualTo(1);
        erda.delete(1);
        assertThat(erda.get(1, false)).isZero();
    }

    @Test
    void efModelReadsBackItsPutsAndDeletesBeforeAndAfterTheBackgroundPass() {
        EfModel ef = new EfModel(io.rdasuite.store.efactory.EfConfig.small(EfModel.SHAPE, 2, 2, 64));
        ef.put(1, 1);
        assertThat(ef.get(1)).isEqualTo(1);
        ef.put(1, 2);
        ef.put(2, 1);
        ef.background();
        assertThat(ef.get(1)).isEqualTo(2);
        assertThat(ef.get(2)).isEqualTo(1);
        ef.delete(1);
        assertThat(ef.get(1)).isZero();
        ef.put(1, 1);
        assertThat(ef.get(1)).isEqualTo(1);
    }
}
