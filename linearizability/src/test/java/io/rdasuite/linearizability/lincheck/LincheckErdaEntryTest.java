package io.rdasuite.linearizability.lincheck;

import static io.rdasuite.linearizability.lincheck.Scenarios.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rdasuite.store.erda.AtomicRegion;
import io.rdasuite.store.erda.ErdaObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Erda's hash entry and its 8-byte atomic region (paper 000 §3.2.3, §4.1-4.3) under Lincheck's model checker,
 * on memory the model checker sees word by word ({@link WordMemory}), through the server's own request handler.
 *
 * <ul>
 * <li>Reservations: concurrent puts and deletes reserve objects at the head log's tail and flip the entry; a
 *     reader decodes the entry's (new, old) offsets. Linearizable against a bump allocator whose entries keep the
 *     last two reservations: the flip changes one 4-byte half, and a reader never sees a half-flipped region.</li>
 * <li>Patient readers: whole puts (reservation, then the client's WRITE of the object) by any threads, and reads
 *     that wait until the newest object is written. Linearizable against a map.</li>
 * <li>Erda's readers: as ErdaClient reads, re-reading a torn newest object {@link ErdaModel#RETRIES} times, then
 *     falling back to the old version and asking the server to repair the entry (the new slot takes the old
 *     offset). With one writer that is merely slow (not crashed), the repair discards a put that then completes:
 *     a later read returns the older value. Lincheck finds it; Erda claims atomic puts, not linearizability.</li>
 * </ul>
 */
class LincheckErdaEntryTest {

    @Param(name = "key", gen = IntGen.class, conf = "1:2")
    public static class Reservations {
        private final ErdaModel erda;

        public Reservations() {
            this(new ErdaModel());
        }

        protected Reservations(ErdaModel erda) {
            this.erda = erda;
        }

        /** The reserved head offset, or minus the reply's status. */
        @Operation
        public long put(@Param(name = "key") int key) {
            long[] r = erda.reserve(ErdaModel.PUT, ErdaModel.key(key));
            return r[0] == ErdaModel.OK ? r[1] : -r[0];
        }

        @Operation
        public long delete(@Param(name = "key") int key) {
            long[] r = erda.reserve(ErdaModel.DELETE, ErdaModel.key(key));
            return r[0] == ErdaModel.OK ? r[1] : -r[0];
        }

        /** The entry's new offset (high 32 bits) and old offset (low), or -1 when it names no version. */
        @Operation
        public long entry(@Param(name = "key") int key) {
            Long word = erda.entryWord(ErdaModel.key(key));
            if (word == null || AtomicRegion.newOffset(word) == 0) {
                return -1;
            }
            return ((long) AtomicRegion.newOffset(word) << 32) | AtomicRegion.oldOffset(word);
        }
    }

    /** Erda's allocation (a bump allocator whose objects never cross a segment) and flip, one operation at a time. */
    public static class ReservationSpec {
        private final long segment;
        private long tail = 64; // ErdaServer.FIRST_OFFSET
        private final Map<Integer, long[]> entries = new HashMap<>();

        public ReservationSpec() {
            this(ErdaModel.CONFIG.segmentBytes());
        }

        protected ReservationSpec(long segmentBytes) {
            this.segment = segmentBytes;
        }

        private long allocate(int bytes) {
            long at = tail % segment + bytes > segment ? (tail / segment + 1) * segment : tail;
            tail = at + bytes;
            return at;
        }

        private long reserve(int key, int bytes) {
            long at = allocate(bytes);
            long[] e = entries.computeIfAbsent(key, k -> new long[2]);
            e[1] = e[0];
            e[0] = at;
            return at;
        }

        public long put(int key) {
            return reserve(key, ErdaObject.normalBytes(ErdaModel.SHAPE));
        }

        public long delete(int key) {
            return entries.containsKey(key) ? reserve(key, ErdaObject.deletedBytes(ErdaModel.SHAPE)) : -ErdaModel.ABSENT;
        }

        public long entry(int key) {
            long[] e = entries.get(key);
            return e == null ? -1 : (e[0] << 32) | e[1];
        }
    }

    @Param(name = "key", gen = IntGen.class, conf = "1:2")
    @Param(name = "value", gen = IntGen.class, conf = "1:2")
    public static class PatientReaders {
        private final ErdaModel erda = new ErdaModel();

        @Operation
        public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
            erda.put(key, value);
        }

        @Operation
        public void delete(@Param(name = "key") int key) {
            erda.delete(key);
        }

        @Operation
        public int get(@Param(name = "key") int key) {
            return erda.get(key, true);
        }
    }

    @Param(name = "key", gen = IntGen.class, conf = "1:1")
    @Param(name = "value", gen = IntGen.class, conf = "1:2")
    public static class ErdaReaders {
        private final ErdaModel erda = new ErdaModel();

        @Operation(nonParallelGroup = "writer")
        public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
            erda.put(key, value);
        }

        @Operation(nonParallelGroup = "writer")
        public void delete(@Param(name = "key") int key) {
            erda.delete(key);
        }

        @Operation
        public int get(@Param(name = "key") int key) {
            return erda.get(key, false);
        }
    }

    private static ModelCheckingOptions options() {
        return ModelChecking.options().threads(2).actorsPerThread(3).actorsBefore(1).actorsAfter(1);
    }

    @Test
    void reservationsAndFlipsOfTheAtomicRegionAreLinearizable() {
        options().sequentialSpecification(ReservationSpec.class).check(Reservations.class);
    }

    @Test
    void objectsReadByPatientReadersAreLinearizable() {
        options().sequentialSpecification(KvSpec.class).check(PatientReaders.class);
    }

    /**
     * put(1, 1); then a writer's put(1, 2) races a reader; then get(1). The model checker finds the interleaving
     * where the writer has reserved (the entry names its unwritten object) and the reader gives up on it, reads
     * value 1 and has the entry repaired, after which the put completes: the final get returns 1, not 2.
     */
    @Test
    void erdasReaderGivingUpOnASlowWriterRepairsAwayItsPut() {
        var scenario = Scenarios.of(ErdaReaders.class, List.of(call("put", 1, 1)),
                List.of(List.of(call("put", 1, 2)), List.of(call("get", 1))), List.of(call("get", 1)));
        Throwable found = catchThrowable(() -> options().iterations(0).addCustomScenario(scenario)
                .sequentialSpecification(KvSpec.class).check(ErdaReaders.class));
        assertThat(found).as("Lincheck finds the put lost to a reader's repair").isInstanceOf(LincheckAssertionError.class);
        assertThat(found.getMessage()).contains("Invalid execution results");
        System.out.println("Erda, a reader that gives up and repairs (expected finding):\n" + Findings.summary(found));
    }
}
