package io.rdasuite.linearizability.checker;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.linearizability.KvHistoryGenerator;
import io.rdasuite.linearizability.KvHistoryGenerator.GenOp;
import io.rdasuite.linearizability.format.HistoryFormat;
import io.rdasuite.linearizability.format.JsonLinesFormat;
import io.rdasuite.linearizability.history.EventType;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Models;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Large many-client key-value histories: linearizable as generated, caught once a stale read is planted. */
class GeneratedKvHistoryTest {
    private static final int CLIENTS = 20;
    private static final int OPS_PER_CLIENT = 10_000;
    private static final int KEYS = 100;

    @Test
    void generatedHistoryIsLinearizableAndAPlantedStaleReadIsCaught() {
        KvHistoryGenerator gen = new KvHistoryGenerator(42, CLIENTS, OPS_PER_CLIENT, KEYS, 0.001);
        History h = gen.history();
        assertThat(h.operations()).hasSize(CLIENTS * OPS_PER_CLIENT);
        CheckResult r = LinearizabilityChecker.check(h, Models.KV, CheckOptions.defaults());
        System.out.printf("generated kv: %d ops, %d keys, %s in %.3f s%n", h.operations().size(), r.keys(), r.verdict(),
                r.checkNanos() / 1e9);
        assertThat(r.verdict()).isEqualTo(Verdict.LINEARIZABLE);
        assertThat(r.keys()).isEqualTo(KEYS);

        GenOp stale = plantStaleRead(gen);
        CheckResult bad = LinearizabilityChecker.check(gen.history(), Models.KV, CheckOptions.defaults());
        assertThat(bad.verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(bad.violation().key()).isEqualTo(stale.key);
        Minimizer.Minimized m = Minimizer.minimize(bad.violation(), Models.KV, CheckOptions.defaults(), 30_000_000_000L);
        System.out.printf("planted stale read: %d ops of key %d shrunk to %d in %d checks: %s%n",
                bad.violation().operations().size(), stale.key, m.violation().operations().size(), m.checks(),
                m.violation().operations().stream().map(o -> o.describe()).toList());
        assertThat(m.violation().operations()).hasSizeLessThanOrEqualTo(4);
        assertThat(m.violation().operations()).anyMatch(o -> o.f() == Fn.READ && stale.result.equals(o.result()));
        assertThat(LinearizabilityChecker.check(m.violation().operations(), List.of(), Models.KV, CheckOptions.defaults()).verdict())
                .isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void jsonLinesOfAGeneratedHistoryReadBackToTheSameVerdict() throws Exception {
        KvHistoryGenerator gen = new KvHistoryGenerator(7, 5, 400, 10, 0.01);
        History h = gen.history();
        StringWriter out = new StringWriter();
        JsonLinesFormat.write(h, out);
        History back = HistoryFormat.AUTO.read(out.toString(), "gen.jsonl");
        assertThat(back.events()).isEqualTo(h.events());
        assertThat(LinearizabilityChecker.check(back, Models.KV, CheckOptions.defaults()).verdict()).isEqualTo(Verdict.LINEARIZABLE);
    }

    /**
     * Makes one read return the value of a put that a later put overwrote before the read was invoked (both puts
     * completed, in real-time order): no linearization can explain it.
     */
    private static GenOp plantStaleRead(KvHistoryGenerator gen) {
        List<GenOp> ops = gen.operations();
        for (GenOp r : ops) {
            if (r.f != Fn.READ || r.completion != EventType.OK || r.callNanos < 100_000) {
                continue;
            }
            GenOp newer = null; // the last put of the key completed before the read
            for (GenOp w : ops) {
                if (isPut(w, r.key) && w.returnNanos < r.callNanos && (newer == null || w.returnNanos > newer.returnNanos)) {
                    newer = w;
                }
            }
            GenOp older = null; // the last put completed before that one was invoked
            for (GenOp w : ops) {
                if (newer != null && isPut(w, r.key) && w.returnNanos < newer.callNanos
                        && (older == null || w.returnNanos > older.returnNanos)) {
                    older = w;
                }
            }
            if (older != null && !older.value.equals(r.result)) {
                r.result = older.value;
                return r;
            }
        }
        throw new AssertionError("no read to make stale");
    }

    private static boolean isPut(GenOp w, long key) {
        return w.key == key && w.f == Fn.WRITE && w.completion == EventType.OK;
    }
}
