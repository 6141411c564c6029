package io.rdasuite.crashsim.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.store.persist.PrimaryOp;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The case generator: a seed gives one case, and every case respects the program's and the schedule's bounds. */
class CaseGeneratorTest {
    private static List<FuzzTarget> all() {
        List<FuzzTarget> t = new ArrayList<>(FuzzTarget.defaults());
        t.add(FuzzTarget.parse(List.of("inplace")).getFirst());
        return t;
    }

    @Test
    void aSeedGivesTheSameCase() {
        for (FuzzTarget t : all()) {
            for (long seed = 1; seed <= 20; seed++) {
                FuzzCase a = CaseGenerator.generate(t, new SplittableRandom(seed));
                assertThat(CaseGenerator.generate(t, new SplittableRandom(seed))).isEqualTo(a);
                assertThat(CaseGenerator.mutate(a, new SplittableRandom(seed + 99))).isEqualTo(CaseGenerator.mutate(a, new SplittableRandom(seed + 99)));
            }
        }
        assertThat(CaseGenerator.generate(all().getFirst(), new SplittableRandom(1))).isNotEqualTo(CaseGenerator.generate(all().getFirst(), new SplittableRandom(2)));
    }

    @Test
    void narrowedCellsAreTheOnlyOnesDrawnAndTheRestOfACaseIsTheSame() {
        FuzzCells one = new FuzzCells(List.of(io.rdasuite.store.fabric.ServerConfig.parse("DMP+NODDIO+PM-RQWRB")),
                List.of(io.rdasuite.store.fabric.Transport.IB));
        FuzzTarget t = all().getFirst();
        SplittableRandom r = new SplittableRandom(11);
        FuzzCase c = CaseGenerator.generate(t, one, r);
        for (int i = 0; i < 300; i++) {
            assertThat(c.scenario().config().name() + "/" + c.scenario().transport()).isEqualTo("DMP+NODDIO+PM-RQWRB/IB");
            c = i % 3 == 0 ? CaseGenerator.generate(t, one, r) : CaseGenerator.mutate(c, one, r);
        }
        for (long seed = 1; seed <= 20; seed++) { // a narrowed draw takes the same random numbers: only the cell differs
            FuzzCase wide = CaseGenerator.generate(t, new SplittableRandom(seed));
            FuzzCase narrow = CaseGenerator.generate(t, one, new SplittableRandom(seed));
            assertThat(narrow.program()).isEqualTo(wide.program());
            assertThat(narrow.scenario().seed()).isEqualTo(wide.scenario().seed());
            assertThat(CaseGenerator.generate(t, FuzzCells.ALL, new SplittableRandom(seed))).isEqualTo(wide);
        }
    }

    @Test
    void casesAndTheirMutantsRespectTheBounds() {
        SplittableRandom r = new SplittableRandom(7);
        for (FuzzTarget t : all()) {
            FuzzCase c = CaseGenerator.generate(t, r);
            for (int i = 0; i < 300; i++) {
                checkBounds(t, c);
                c = i % 3 == 0 ? CaseGenerator.generate(t, r) : CaseGenerator.mutate(c, r);
            }
        }
    }

    private static void checkBounds(FuzzTarget t, FuzzCase c) {
        assertThat(FuzzTarget.of(c.scenario().subject())).isEqualTo(t);
        Program p = c.program();
        List<Op> ops = p.clients().stream().flatMap(List::stream).toList();
        TreeSet<Long> tags = new TreeSet<>();
        List<Op> all = new ArrayList<>(ops);
        if (c.schedule().afterRecovery() != null) {
            all.addAll(c.schedule().afterRecovery().clients().stream().flatMap(List::stream).toList());
            assertThat(t.kv()).as("operations after a recovery: key-value stores only").isTrue();
            assertThat(c.schedule().afterRecovery().size()).isBetween(1, CaseGenerator.MAX_AFTER_RECOVERY);
        }
        for (Op op : all) {
            if (op.kind() == Op.Kind.PUT) {
                assertThat(tags.add(op.value())).as("put tags are unique in a case: %s", c).isTrue();
                assertThat(op.value()).isBetween(1L, 127L);
            }
        }
        if (t.log()) {
            assertThat(p.clients()).hasSize(1);
            assertThat(ops).hasSizeBetween(1, CaseGenerator.MAX_APPENDS).allMatch(op -> op.kind() == Op.Kind.PUT);
            for (int i = 0; i < ops.size(); i++) {
                assertThat(ops.get(i).key()).as("appends file records 0..n-1 in order").isEqualTo(i);
            }
            assertThat(c.schedule().repeat()).isNotEqualTo(FaultSchedule.Repeat.AFTER_RECOVERY);
            return;
        }
        assertThat(p.clients()).hasSizeBetween(1, t.inPlace() ? 3 : CaseGenerator.MAX_CLIENTS);
        assertThat(p.clients()).allSatisfy(l -> assertThat(l).hasSizeLessThanOrEqualTo(CaseGenerator.MAX_OPS_PER_CLIENT));
        assertThat(all).allSatisfy(op -> assertThat(op.key()).isBetween(0, (t.inPlace() ? 4 : CaseGenerator.MAX_KEYS) - 1));
        if (t.inPlace()) {
            assertThat(all).noneMatch(op -> op.kind() == Op.Kind.DELETE);
            assertThat(FuzzTarget.op(c.scenario().subject())).isNotEqualTo(PrimaryOp.SEND);
            assertThat(c.schedule().repeat()).isEqualTo(FaultSchedule.Repeat.NONE);
        }
        assertThat(c.schedule().clientCrashes()).allSatisfy(cc -> assertThat(cc.client()).isLessThan(p.clients().size()));
        assertThat(c.schedule().stalls()).allSatisfy(s -> assertThat(t.stallableThreads()).contains(s.threadPrefix()));
        assertThat(c.schedule().serverHogs()).isBetween(0, CaseGenerator.MAX_HOGS);
    }

    @Test
    void keysAreSkewedAndEveryOperationKindIsDrawn() {
        SplittableRandom r = new SplittableRandom(3);
        int[] hits = new int[16];
        int[] kinds = new int[3];
        for (int i = 0; i < 20_000; i++) {
            Op op = CaseGenerator.op(r, 16, true, new int[1]);
            hits[op.key()]++;
            kinds[op.kind().ordinal()]++;
        }
        // Zipf(1) on 16 keys: key 0 about 30%, key 15 about 2%
        assertThat(hits[0]).isGreaterThan(5 * hits[15]).isBetween(5_000, 7_000);
        assertThat(hits[1]).isGreaterThan(hits[3]);
        assertThat(java.util.Arrays.stream(kinds).min().orElseThrow()).as("puts, gets and deletes").isGreaterThan(3_000);
    }
}
