package io.rdasuite.crashsim.nessie;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.nessie.CuckooHashes;
import io.rdasuite.store.nessie.DataEntry;
import io.rdasuite.store.nessie.IndexEntry;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The ITE and DTE encodings (Nessie §4.1.1, §4.1.2) and the cuckoo slots (§4.1.1). */
class NessieEncodingTest {
    private final IndexEntry ite = new IndexEntry(7);

    @Test
    void aFullEntryRoundTripsItsFieldsAndCarriesTheWatermark() {
        for (int dti : new int[] {0, 1, 4095}) {
            for (long dte : new long[] {0, 1, 12345, ite.dteLimit() - 1}) {
                for (long filter : new long[] {0, 5, 127}) {
                    long w = ite.full(dti, dte, filter);
                    assertThat(IndexEntry.dti(w)).isEqualTo(dti);
                    assertThat(ite.dte(w)).isEqualTo(dte);
                    assertThat(ite.filter(w)).isEqualTo(filter);
                    assertThat(IndexEntry.isEmpty(w)).isFalse();
                    assertThat(IndexEntry.hasWatermark(w)).isTrue();
                    assertThat(w).isNotZero();
                }
            }
        }
        assertThat(ite.dteLimit()).isEqualTo(1L << 43);
    }

    @Test
    void emptyingKeepsTheFieldsSoAnEmptiedEntryDiffersFromTheNeverWrittenOneAndFromOtherEmptiedOnes() {
        long a = ite.full(2, 17, 9);
        long b = ite.full(2, 18, 9);
        assertThat(IndexEntry.isEmpty(0)).as("never written").isTrue();
        assertThat(IndexEntry.isEmpty(IndexEntry.emptied(a))).isTrue();
        assertThat(IndexEntry.emptied(a)).isNotEqualTo(IndexEntry.emptied(b)).isNotZero();
        assertThat(ite.dte(IndexEntry.emptied(a))).isEqualTo(17);
        assertThat(ite.mayHold(IndexEntry.emptied(a), 9)).as("an empty entry holds nothing").isFalse();
        assertThat(ite.mayHold(a, 9)).isTrue();
        assertThat(ite.mayHold(a, 8)).as("filter bits rule it out").isFalse();
    }

    @Test
    void fieldsOutOfRangeAreRefused() {
        assertThatThrownBy(() -> ite.full(4096, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ite.full(0, ite.dteLimit(), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ite.full(0, 0, 128)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IndexEntry(17)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new IndexEntry(0).filterOf(-1)).isZero();
        assertThat(ite.filterOf(0xABCDEFL)).isEqualTo(0xEFL & 127);
    }

    @Test
    void aDataEntryKeepsMetadataAndKeyBeforeTheValueAndDecodesWhatWasLaidOut() {
        DataEntry layout = new DataEntry(new KvShape(5, 12));
        assertThat(layout.metaBytes()).isEqualTo(32 + 8);
        assertThat(layout.bytes()).isEqualTo(32 + 8 + 16);
        byte[] key = {1, 2, 3, 4, 5};
        byte[] value = "twelve bytes".getBytes();
        MemorySegment body = layout.body(0x1234, key, value);
        body.set(ValueLayout.JAVA_LONG, DataEntry.HEADER, DataEntry.WATERMARK | DataEntry.VALID);
        byte[] bytes = body.toArray(ValueLayout.JAVA_BYTE);
        DataEntry.View v = layout.view(bytes);
        assertThat(v.valid()).isTrue();
        assertThat(v.previous()).isEqualTo(0x1234);
        assertThat(v.key()).isEqualTo(key);
        assertThat(v.value()).isEqualTo(value);
        DataEntry.View meta = layout.view(java.util.Arrays.copyOf(bytes, layout.metaBytes()));
        assertThat(meta.value()).as("a metadata read has no value").isNull();
        assertThat(meta.holds(key)).isTrue();
        DataEntry.View fresh = layout.view(layout.body(0, key, value).toArray(ValueLayout.JAVA_BYTE));
        assertThat(fresh.complete()).as("no watermark until the header is stored").isFalse();
        assertThat(fresh.valid()).isFalse();
    }

    @Test
    void eachKeyGetsDistinctSlotsSpreadOverAllNodes() {
        CuckooHashes h = new CuckooHashes(3, 3, 64);
        Set<Integer> nodes = new HashSet<>();
        for (int k = 0; k < 200; k++) {
            CuckooHashes.Slot[] slots = h.slots(("key-" + k).getBytes());
            assertThat(slots).doesNotHaveDuplicates().hasSizeBetween(1, 3);
            assertThat(h.slots(("key-" + k).getBytes())).as("deterministic").containsExactly(slots);
            for (CuckooHashes.Slot s : slots) {
                assertThat(s.index()).isBetween(0, 63);
                nodes.add(s.node());
            }
        }
        assertThat(nodes).containsExactlyInAnyOrder(0, 1, 2);
    }
}
