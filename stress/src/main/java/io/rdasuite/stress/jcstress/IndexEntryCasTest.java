package io.rdasuite.stress.jcstress;

import io.rdasuite.hwreal.loopback.OffHeapMemory;
import io.rdasuite.store.pm.LocalMemory;
import java.lang.foreign.Arena;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZJ_Result;

/** Two writers CAS one 64-bit index entry from the same expected value: exactly one wins, and the entry holds its value. */
@JCStressTest
@Outcome(id = "true, false, 1311768467463790321", expect = Expect.ACCEPTABLE, desc = "the first writer won")
@Outcome(id = "false, true, 2459584641779389730", expect = Expect.ACCEPTABLE, desc = "the second writer won")
@Outcome(expect = Expect.FORBIDDEN, desc = "both or neither won, or the entry holds something else")
@State
public class IndexEntryCasTest {
    static final long EMPTY = 0x0123_4567_89AB_CDEFL;
    static final long FIRST = 0x1234_5678_9ABC_DEF1L;
    static final long SECOND = 0x2222_3333_4444_5522L;
    private final LocalMemory memory = OffHeapMemory.of(Arena.ofAuto().allocate(64, 64));

    public IndexEntryCasTest() {
        memory.store8(0, EMPTY);
    }

    @Actor
    public void first(ZZJ_Result r) {
        r.r1 = memory.cas8(0, EMPTY, FIRST);
    }

    @Actor
    public void second(ZZJ_Result r) {
        r.r2 = memory.cas8(0, EMPTY, SECOND);
    }

    @Arbiter
    public void entry(ZZJ_Result r) {
        r.r3 = memory.load8(0);
    }
}
