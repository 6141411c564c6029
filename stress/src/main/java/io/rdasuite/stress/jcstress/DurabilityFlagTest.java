package io.rdasuite.stress.jcstress;

import io.rdasuite.hwreal.loopback.OffHeapMemory;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * eFactory's durability flag (paper 001 §4.3.2) published with release and read with acquire: a reader that
 * sees the flag also sees all the data written before it.
 */
@JCStressTest
@Outcome(id = "0", expect = Expect.ACCEPTABLE, desc = "flag not yet set")
@Outcome(id = "1", expect = Expect.ACCEPTABLE, desc = "flag set and the data complete")
@Outcome(id = "2", expect = Expect.FORBIDDEN, desc = "flag set but the data stale")
@State
public class DurabilityFlagTest {
    private static final int DATA_WORDS = 8;
    private final LocalMemory memory = OffHeapMemory.of(Arena.ofAuto().allocate(128, 64));

    @Actor
    public void verifier() {
        memory.store(8, MemorySegment.ofArray(new long[] {1, 2, 3, 4, 5, 6, 7, 8}));
        memory.storeRelease8(0, 1);
    }

    @Actor
    public void reader(I_Result r) {
        if (memory.loadAcquire8(0) == 0) {
            r.r1 = 0;
            return;
        }
        for (int i = 0; i < DATA_WORDS; i++) {
            if (memory.load8(8 + 8L * i) != i + 1) {
                r.r1 = 2;
                return;
            }
        }
        r.r1 = 1;
    }
}
