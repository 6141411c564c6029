package io.rdasuite.linearizability.lincheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rdasuite.store.efactory.EfConfig;
import io.rdasuite.store.efactory.EfMode;
import io.rdasuite.store.efactory.EfObject;
import io.rdasuite.store.efactory.EfServer;
import io.rdasuite.store.erda.ErdaConfig;
import io.rdasuite.store.kv.StoreFullException;
import java.lang.reflect.Method;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * The log allocators under Lincheck's model checker, each against a sequential bump allocator: concurrent
 * allocations return what some order of them one at a time would, so they never overlap, never leave the pool
 * or cross a segment, and a full pool refuses exactly the allocations that do not fit.
 *
 * <ul>
 * <li>eFactory's pool allocator ({@code EfServer.allocateIn}, under its allocation lock; paper 001 §4.2): a pool of
 *     four 64-byte objects past its first offset, so that scenarios run it full.</li>
 * <li>Erda's head log (paper 000 §3.2.2; {@code ErdaServer.handle}, under the server lock): 64-byte segments in
 *     128-byte regions, so objects skip to the next segment and the log links new regions as it grows; puts and
 *     deletes reserve objects of two sizes.</li>
 * </ul>
 */
class LincheckAllocatorsTest {
    static final int POOL_BYTES = 64 + 4 * 64;
    private static final Method ALLOCATE_IN = Internals.method(EfServer.class, "allocateIn", int.class, int.class);
    /** The allocation step itself, without the lock allocateIn takes around it. */
    private static final Method ALLOCATE_UNLOCKED = Internals.method(EfServer.class, "allocate", int.class, int.class);

    /** Object sizes the pool is asked for: 1 → 64 bytes (a normal object of the model's shape), 2 → 40 (a header). */
    static int bytes(int size) {
        return size == 1 ? EfObject.bytes(EfModel.SHAPE, false) : EfObject.HEADER;
    }

    @Param(name = "size", gen = IntGen.class, conf = "1:2")
    public static class EfPool {
        private final EfServer server = new EfServer(new ModelNode(),
                new EfConfig(EfModel.SHAPE, 2, POOL_BYTES, 2, 4, 200_000, 2_000, 0), EfMode.EFACTORY);

        /** The global offset allocated in pool 0, or -1 when the pool is full. */
        @Operation
        public long allocate(@Param(name = "size") int size) {
            try {
                return (long) Internals.call(ALLOCATE_IN, server, 0, bytes(size));
            } catch (StoreFullException full) {
                return -1;
            }
        }
    }

    /** A planted bug, to show the test's reach: the same allocation step without the allocation lock. */
    @Param(name = "size", gen = IntGen.class, conf = "1:2")
    public static class EfPoolWithoutLock {
        private final EfServer server = new EfServer(new ModelNode(),
                new EfConfig(EfModel.SHAPE, 2, POOL_BYTES, 2, 4, 200_000, 2_000, 0), EfMode.EFACTORY);

        @Operation
        public long allocate(@Param(name = "size") int size) {
            try {
                return (long) Internals.call(ALLOCATE_UNLOCKED, server, 0, bytes(size));
            } catch (StoreFullException full) {
                return -1;
            }
        }
    }

    /** A bump allocator from the pool's first offset (64) to its end. */
    public static class BumpSpec {
        private long tail = 64;

        public long allocate(int size) {
            int bytes = bytes(size);
            if (tail + bytes > POOL_BYTES) {
                return -1;
            }
            long at = tail;
            tail += bytes;
            return at;
        }
    }

    static final ErdaConfig SMALL_LOG = new ErdaConfig(ErdaModel.SHAPE, 2, 1, 128, 64, 4);

    /** Erda's reservations on a log of tiny segments and regions. */
    public static class ErdaHeadLog extends LincheckErdaEntryTest.Reservations {
        public ErdaHeadLog() {
            super(new ErdaModel(SMALL_LOG));
        }
    }

    public static class ErdaHeadLogSpec extends LincheckErdaEntryTest.ReservationSpec {
        public ErdaHeadLogSpec() {
            super(SMALL_LOG.segmentBytes());
        }
    }

    @Test
    void efactorysPoolAllocatorIsABumpAllocatorThatRefusesWhenFull() {
        ModelChecking.options().threads(3).actorsPerThread(2).actorsBefore(1).actorsAfter(1)
                .sequentialSpecification(BumpSpec.class).check(EfPool.class);
    }

    @Test
    void withoutItsLockThePoolAllocatorHandsOutOverlappingSpaceAndIsCaught() {
        Throwable found = catchThrowable(() -> ModelChecking.options().threads(2).actorsPerThread(2).actorsBefore(0).actorsAfter(0)
                .sequentialSpecification(BumpSpec.class).check(EfPoolWithoutLock.class));
        assertThat(found).as("the model checker finds two allocations of the same space").isInstanceOf(LincheckAssertionError.class);
        System.out.println("eFactory pool allocator without its lock (planted bug), caught:\n" + Findings.results(found));
    }

    @Test
    void erdasHeadLogNeverPlacesAnObjectAcrossASegmentAndLinksRegionsAsItGrows() {
        ModelChecking.options().threads(2).actorsPerThread(3).actorsBefore(1).actorsAfter(1)
                .sequentialSpecification(ErdaHeadLogSpec.class).check(ErdaHeadLog.class);
    }
}
