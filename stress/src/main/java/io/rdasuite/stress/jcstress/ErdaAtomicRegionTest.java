package io.rdasuite.stress.jcstress;

import io.rdasuite.hwreal.loopback.OffHeapMemory;
import io.rdasuite.store.erda.AtomicRegion;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.Arena;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * Erda's 8-byte atomic region (paper 000 §3.2.3) on off-heap memory: a reader racing a flip sees the word
 * before or after it, never a mix of the two, and the word after names the old new-offset as its old offset.
 */
@JCStressTest
@Outcome(id = "0", expect = Expect.ACCEPTABLE, desc = "the word before the flip")
@Outcome(id = "1", expect = Expect.ACCEPTABLE, desc = "the flipped word, with the previous version as its old offset")
@Outcome(id = "2", expect = Expect.FORBIDDEN, desc = "a torn or inconsistent word")
@State
public class ErdaAtomicRegionTest {
    static final long BEFORE = AtomicRegion.flip(AtomicRegion.flip(AtomicRegion.EMPTY, 0x1234_5678), 0x2AAA_AAAA);
    static final long AFTER = AtomicRegion.flip(BEFORE, 0x5555_5554);
    private final LocalMemory memory = OffHeapMemory.of(Arena.ofAuto().allocate(64, 64));

    public ErdaAtomicRegionTest() {
        memory.store8(0, BEFORE);
    }

    @Actor
    public void server() {
        memory.store8(0, AtomicRegion.flip(BEFORE, 0x5555_5554));
    }

    @Actor
    public void reader(I_Result r) {
        long w = memory.load8(0);
        boolean consistentAfter = w == AFTER && AtomicRegion.oldOffset(w) == AtomicRegion.newOffset(BEFORE);
        r.r1 = w == BEFORE ? 0 : consistentAfter ? 1 : 2;
    }
}
