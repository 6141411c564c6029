package io.rdasuite.linearizability.checker;

import static io.rdasuite.linearizability.TestHistories.check;
import static io.rdasuite.linearizability.TestHistories.log;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.model.Models;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Delta debugging keeps a failing, self-explaining sub-history. */
class MinimizerTest {
    @Test
    void staleReadShrinksToTheTwoWritesAndTheRead() {
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 20; i++) { // 20 sequential writes, each read back by another process
            lines.addAll(List.of("0 :invoke :write " + i, "0 :ok :write " + i, "1 :invoke :read nil", "1 :ok :read " + i));
        }
        lines.addAll(List.of("2 :invoke :read nil", "2 :ok :read 7")); // stale: 20 was written long ago
        History h = log(lines.toArray(String[]::new));
        CheckResult r = check(h, Models.CAS_REGISTER, CrashSemantics.OPEN);
        assertThat(r.verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);

        Minimizer.Minimized m = Minimizer.minimize(r.violation(), Models.CAS_REGISTER, CheckOptions.defaults(), 5_000_000_000L);
        assertThat(m.minimal()).isTrue();
        assertThat(m.violation().operations()).extracting(Operation::describe)
                .containsExactly("p0 write 7", "p0 write 8", "p2 read -> 7");
        assertThat(m.violation().blocking().describe()).isEqualTo("p2 read -> 7");
        CheckResult again = LinearizabilityChecker.check(m.violation().operations(), List.of(), Models.CAS_REGISTER, CheckOptions.defaults());
        assertThat(again.verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void droppingADeleteDoesNotMakeUpAViolation() {
        // put 1, delete, get nil is fine; the bug is the last get. Without the closure rule the smallest
        // failing sub-history would be "put 1; get nil", which blames a correct read.
        String put1 = "{:process 0 :type :%s :f :put :key :k :value 1}";
        String del = "{:process 0 :type :%s :f :delete :key :k}";
        String put2 = "{:process 0 :type :%s :f :put :key :k :value 2}";
        History h = io.rdasuite.linearizability.TestHistories.edn(put1.formatted("invoke"), put1.formatted("ok"),
                del.formatted("invoke"), del.formatted("ok"),
                "{:process 1 :type :invoke :f :get :key :k}", "{:process 1 :type :ok :f :get :key :k :value nil}",
                put2.formatted("invoke"), put2.formatted("ok"),
                "{:process 1 :type :invoke :f :get :key :k}", "{:process 1 :type :ok :f :get :key :k :value 1}");
        Violation v = check(h, Models.KV, CrashSemantics.OPEN).violation();
        List<Operation> ops = h.operations();
        // "put 1; get nil" fails alone, but its closure puts the delete back, and that one passes
        assertThat(Minimizer.closure(List.of(ops.get(0), ops.get(2)), ops)).containsExactly(ops.get(0), ops.get(1), ops.get(2));
        assertThat(LinearizabilityChecker.check(List.of(ops.get(0), ops.get(2)), List.of(), Models.KV, CheckOptions.defaults())
                .verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
        Minimizer.Minimized m = Minimizer.minimize(v, Models.KV, CheckOptions.defaults(), 1_000_000_000L);
        assertThat(m.violation().operations()).extracting(Operation::describe).hasSize(3)
                .contains("p0 write :k 1", "p1 read :k -> 1").doesNotContain("p1 read :k -> nil");
    }

    @Test
    void readOfAValueNobodyWroteMayStayAlone() {
        History h = log("0 :invoke :write 1", "0 :ok :write 1", "1 :invoke :read nil", "1 :ok :read 9");
        Violation v = check(h, Models.REGISTER, CrashSemantics.OPEN).violation();
        Minimizer.Minimized m = Minimizer.minimize(v, Models.REGISTER, CheckOptions.defaults(), 1_000_000_000L);
        assertThat(m.violation().operations()).extracting(Operation::describe).containsExactly("p1 read -> 9");
    }
}
