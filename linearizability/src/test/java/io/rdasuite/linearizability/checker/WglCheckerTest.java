package io.rdasuite.linearizability.checker;

import static io.rdasuite.linearizability.TestHistories.check;
import static io.rdasuite.linearizability.TestHistories.edn;
import static io.rdasuite.linearizability.TestHistories.log;
import static io.rdasuite.linearizability.TestHistories.verdict;
import static io.rdasuite.linearizability.checker.Verdict.LINEARIZABLE;
import static io.rdasuite.linearizability.checker.Verdict.NOT_LINEARIZABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Models;
import org.junit.jupiter.api.Test;

/** Hand-written histories with known verdicts, one concern each, for every model. */
class WglCheckerTest {
    @Test
    void registerReadsTheLastWrite() {
        History h = log("0 :invoke :write 1", "0 :ok :write 1", "1 :invoke :read nil", "1 :ok :read 1");
        assertThat(verdict(h, Models.REGISTER)).isEqualTo(LINEARIZABLE);
    }

    @Test
    void staleReadIsCaught() {
        History h = log("0 :invoke :write 1", "0 :ok :write 1", "0 :invoke :write 2", "0 :ok :write 2",
                "1 :invoke :read nil", "1 :ok :read 1");
        CheckResult r = check(h, Models.REGISTER, CrashSemantics.OPEN);
        assertThat(r.verdict()).isEqualTo(NOT_LINEARIZABLE);
        assertThat(r.violation().blocking().describe()).isEqualTo("p1 read -> 1");
        assertThat(r.violation().linearized()).extracting(o -> o.describe()).containsExactly("p0 write 1", "p0 write 2");
    }

    @Test
    void readConcurrentWithAWriteMaySeeEitherValue() {
        for (String seen : new String[] {"nil", "1"}) {
            History h = log("0 :invoke :write 1", "1 :invoke :read nil", "1 :ok :read " + seen, "0 :ok :write 1");
            assertThat(verdict(h, Models.REGISTER)).as(seen).isEqualTo(LINEARIZABLE);
        }
    }

    @Test
    void valuesCannotFlipBack() {
        // two reads concurrent with one write: new then old is impossible, old then new is fine
        History bad = log("0 :invoke :write 1", "1 :invoke :read nil", "1 :ok :read 1", "2 :invoke :read nil",
                "2 :ok :read nil", "0 :ok :write 1");
        History good = log("0 :invoke :write 1", "1 :invoke :read nil", "1 :ok :read nil", "2 :invoke :read nil",
                "2 :ok :read 1", "0 :ok :write 1");
        assertThat(verdict(bad, Models.REGISTER)).isEqualTo(NOT_LINEARIZABLE);
        assertThat(verdict(good, Models.REGISTER)).isEqualTo(LINEARIZABLE);
    }

    @Test
    void readOfAValueNeverWrittenIsCaught() {
        assertThat(verdict(log("0 :invoke :read nil", "0 :ok :read 7"), Models.REGISTER)).isEqualTo(NOT_LINEARIZABLE);
        assertThat(verdict(log("0 :invoke :read nil", "0 :ok :read nil"), Models.REGISTER)).isEqualTo(LINEARIZABLE);
    }

    @Test
    void casRegisterFollowsCompareAndSet() {
        History ok = log("0 :invoke :cas [nil 1]", "0 :ok :cas [nil 1]", "1 :invoke :cas [1 2]", "1 :ok :cas [1 2]",
                "0 :invoke :read nil", "0 :ok :read 2");
        History wrongExpected = log("0 :invoke :write 3", "0 :ok :write 3", "1 :invoke :cas [1 2]", "1 :ok :cas [1 2]");
        History failedCasDidNotHappen = log("0 :invoke :write 1", "0 :ok :write 1", "1 :invoke :cas [1 2]",
                "1 :fail :cas [1 2]", "0 :invoke :read nil", "0 :ok :read 2");
        assertThat(verdict(ok, Models.CAS_REGISTER)).isEqualTo(LINEARIZABLE);
        assertThat(verdict(wrongExpected, Models.CAS_REGISTER)).isEqualTo(NOT_LINEARIZABLE);
        assertThat(verdict(failedCasDidNotHappen, Models.CAS_REGISTER)).isEqualTo(NOT_LINEARIZABLE);
    }

    @Test
    void registerModelHasNoCas() {
        History h = log("0 :invoke :cas [nil 1]", "0 :ok :cas [nil 1]");
        assertThatThrownBy(() -> verdict(h, Models.REGISTER)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("model register expects read, write, found cas").hasMessageContaining("cas-register, kv");
    }

    @Test
    void infoWriteMayTakeEffectLaterOrNever() {
        String[] timedOut = {"0 :invoke :write 1", "0 :info :write :timed-out"};
        History never = log(timedOut[0], timedOut[1], "1 :invoke :read nil", "1 :ok :read nil");
        History later = log(timedOut[0], timedOut[1], "1 :invoke :read nil", "1 :ok :read nil", "1 :invoke :read nil",
                "1 :ok :read 1");
        History thenGone = log(timedOut[0], timedOut[1], "1 :invoke :read nil", "1 :ok :read 1", "1 :invoke :read nil",
                "1 :ok :read nil");
        assertThat(verdict(never, Models.CAS_REGISTER)).isEqualTo(LINEARIZABLE);
        assertThat(verdict(later, Models.CAS_REGISTER)).isEqualTo(LINEARIZABLE);
        assertThat(verdict(thenGone, Models.CAS_REGISTER)).isEqualTo(NOT_LINEARIZABLE);
    }

    @Test
    void infoCasOnlyTakesEffectWhenItsExpectationHolds() {
        History h = log("0 :invoke :write 1", "0 :ok :write 1", "1 :invoke :cas [5 2]", "1 :info :cas :timed-out",
                "0 :invoke :read nil", "0 :ok :read 2");
        assertThat(verdict(h, Models.CAS_REGISTER)).isEqualTo(NOT_LINEARIZABLE);
    }

    @Test
    void pendingOperationAtTheEndIsLikeInfo() {
        History h = log("0 :invoke :write 1", "1 :invoke :read nil", "1 :ok :read 1", "1 :invoke :read nil", "1 :ok :read 1");
        assertThat(verdict(h, Models.REGISTER)).isEqualTo(LINEARIZABLE);
    }

    @Test
    void failedWriteDidNotHappen() {
        History h = log("0 :invoke :write 1", "0 :fail :write 1", "1 :invoke :read nil", "1 :ok :read 1");
        assertThat(verdict(h, Models.REGISTER)).isEqualTo(NOT_LINEARIZABLE);
    }

    @Test
    void kvIsCheckedKeyByKey() {
        String[] puts = {"{:process 0 :type :invoke :f :put :key \"x\" :value 1}", "{:process 0 :type :ok :f :put :key \"x\" :value 1}",
                "{:process 1 :type :invoke :f :put :key \"y\" :value 2}", "{:process 1 :type :ok :f :put :key \"y\" :value 2}"};
        History good = edn(puts[0], puts[1], puts[2], puts[3], "{:process 2 :type :invoke :f :get :key \"x\"}",
                "{:process 2 :type :ok :f :get :key \"x\" :value 1}", "{:process 2 :type :invoke :f :get :key \"y\"}",
                "{:process 2 :type :ok :f :get :key \"y\" :value 2}");
        History bad = edn(puts[0], puts[1], puts[2], puts[3], "{:process 2 :type :invoke :f :get :key \"x\"}",
                "{:process 2 :type :ok :f :get :key \"x\" :value 2}");
        assertThat(check(good, Models.KV, CrashSemantics.OPEN).keys()).isEqualTo(2);
        assertThat(verdict(good, Models.KV)).isEqualTo(LINEARIZABLE);
        CheckResult r = check(bad, Models.KV, CrashSemantics.OPEN);
        assertThat(r.verdict()).isEqualTo(NOT_LINEARIZABLE);
        assertThat(r.violation().key()).isEqualTo("x");
    }

    @Test
    void kvDeleteMakesTheKeyNil() {
        String[] prefix = {"{:process 0 :type :invoke :f :put :key :k :value 1}", "{:process 0 :type :ok :f :put :key :k :value 1}",
                "{:process 0 :type :invoke :f :delete :key :k}", "{:process 0 :type :ok :f :delete :key :k}",
                "{:process 1 :type :invoke :f :get :key :k}"};
        History gone = edn(prefix[0], prefix[1], prefix[2], prefix[3], prefix[4], "{:process 1 :type :ok :f :get :key :k :value nil}");
        History back = edn(prefix[0], prefix[1], prefix[2], prefix[3], prefix[4], "{:process 1 :type :ok :f :get :key :k :value 1}");
        assertThat(verdict(gone, Models.KV)).isEqualTo(LINEARIZABLE);
        assertThat(verdict(back, Models.KV)).isEqualTo(NOT_LINEARIZABLE);
    }

    @Test
    void kvAppendsBuildAListInLinearizationOrder() {
        String[] appends = {"{:process 0 :type :invoke :f :append :key 1 :value 1}", "{:process 1 :type :invoke :f :append :key 1 :value 2}",
                "{:process 0 :type :ok :f :append :key 1 :value 1}", "{:process 1 :type :ok :f :append :key 1 :value 2}",
                "{:process 2 :type :invoke :f :get :key 1}"};
        for (String list : new String[] {"[1 2]", "[2 1]"}) {
            History h = edn(appends[0], appends[1], appends[2], appends[3], appends[4],
                    "{:process 2 :type :ok :f :get :key 1 :value " + list + "}");
            assertThat(verdict(h, Models.KV)).as(list).isEqualTo(LINEARIZABLE);
        }
        History lost = edn(appends[0], appends[1], appends[2], appends[3], appends[4], "{:process 2 :type :ok :f :get :key 1 :value [1]}");
        assertThat(verdict(lost, Models.KV)).isEqualTo(NOT_LINEARIZABLE);
        History empty = edn("{:process 2 :type :invoke :f :get :key 1}", "{:process 2 :type :ok :f :get :key 1 :value []}");
        assertThat(verdict(empty, Models.KV)).isEqualTo(LINEARIZABLE);
    }

    @Test
    void tinyTimeBudgetGivesUnknownNotAWrongAnswer() {
        // 14 concurrent writes of distinct values never read, then a read of a value nobody wrote: every order of
        // the writes is a distinct configuration, far more than the cache of 1024 entries allows.
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < 14; p++) {
            sb.append(p).append(" :invoke :write ").append(p).append('\n');
        }
        for (int p = 0; p < 14; p++) {
            sb.append(p).append(" :ok :write ").append(p).append('\n');
        }
        sb.append("20 :invoke :read nil\n20 :ok :read 99\n");
        History h = log(sb.toString().split("\n"));
        CheckResult r = LinearizabilityChecker.check(h, Models.REGISTER, CheckOptions.defaults().withMaxCacheBytes(1));
        assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(r.reason()).contains("cache limit");
    }
}
