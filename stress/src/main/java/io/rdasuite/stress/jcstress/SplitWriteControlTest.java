package io.rdasuite.stress.jcstress;

import io.rdasuite.hwreal.loopback.OffHeapMemory;
import io.rdasuite.store.erda.AtomicRegion;
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
 * The negative control of {@link ErdaAtomicRegionTest}: the same flip written byte by byte, the way a store
 * that ignored the 8-byte failure-atomic unit might write it. Readers can see one half new and one old;
 * {@code ci/jcstress.sh} reports whether this run caught it.
 */
@JCStressTest
@Outcome(id = "0", expect = Expect.ACCEPTABLE, desc = "the word before the flip")
@Outcome(id = "1", expect = Expect.ACCEPTABLE, desc = "the flipped word")
@Outcome(id = "2", expect = Expect.ACCEPTABLE_INTERESTING, desc = "torn: the planted bug caught")
@State
public class SplitWriteControlTest {
    private final LocalMemory memory = OffHeapMemory.of(Arena.ofAuto().allocate(64, 64));

    public SplitWriteControlTest() {
        memory.store8(0, ErdaAtomicRegionTest.BEFORE);
    }

    @Actor
    public void server() {
        long after = ErdaAtomicRegionTest.AFTER;
        for (int b = 7; b >= 0; b--) { // byte by byte: the widest window for a reader to land in
            memory.store(b, MemorySegment.ofArray(new byte[] {(byte) (after >>> (8 * b))}));
        }
    }

    @Actor
    public void reader(I_Result r) {
        long w = memory.load8(0);
        r.r1 = w == ErdaAtomicRegionTest.BEFORE ? 0 : w == ErdaAtomicRegionTest.AFTER ? 1 : 2;
    }
}
