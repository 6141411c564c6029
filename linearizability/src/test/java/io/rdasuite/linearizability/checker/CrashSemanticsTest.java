package io.rdasuite.linearizability.checker;

import static io.rdasuite.linearizability.TestHistories.edn;
import static io.rdasuite.linearizability.TestHistories.verdict;
import static io.rdasuite.linearizability.checker.CrashSemantics.BUFFERED;
import static io.rdasuite.linearizability.checker.CrashSemantics.DURABLE;
import static io.rdasuite.linearizability.checker.CrashSemantics.OPEN;
import static io.rdasuite.linearizability.checker.Verdict.LINEARIZABLE;
import static io.rdasuite.linearizability.checker.Verdict.NOT_LINEARIZABLE;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.history.Status;
import io.rdasuite.linearizability.model.Models;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Crashes under the open (Jepsen), durable and buffered durable semantics (Izraelevitz et al. 2016). */
class CrashSemanticsTest {
    private static String op(int process, String type, String f, Object value) {
        return "{:process " + process + " :type :" + type + " :f :" + f + (value == null ? "" : " :value " + value) + "}";
    }

    private static String write(int process, String type, int value) {
        return op(process, type, "write", value);
    }

    private static String[] completedWrite(int process, int value) {
        return new String[] {write(process, "invoke", value), write(process, "ok", value)};
    }

    private static String[] read(int process, String seen) {
        return new String[] {op(process, "invoke", "read", null), op(process, "ok", "read", seen)};
    }

    private static final String CRASH = "{:type :crash}";

    private static History history(Object... parts) {
        List<String> lines = new ArrayList<>();
        for (Object p : parts) {
            if (p instanceof String[] a) {
                lines.addAll(List.of(a));
            } else {
                lines.add((String) p);
            }
        }
        return edn(lines.toArray(String[]::new));
    }

    private static void expect(History h, Verdict open, Verdict durable, Verdict buffered) {
        assertThat(verdict(h, Models.KV, OPEN)).as("open").isEqualTo(open);
        assertThat(verdict(h, Models.KV, DURABLE)).as("durable").isEqualTo(durable);
        assertThat(verdict(h, Models.KV, BUFFERED)).as("buffered").isEqualTo(buffered);
    }

    @Test
    void aCrashCompletesThePendingOperations() {
        History h = history(write(0, "invoke", 1), CRASH, write(0, "invoke", 2), write(0, "ok", 2));
        assertThat(h.operations()).extracting(o -> o.status()).containsExactly(Status.CRASHED, Status.OK);
        assertThat(h.operations().getFirst().returnIndex()).isEqualTo(1);
    }

    @Test
    void aCrashOfOneNodeCutsOnlyItsOperations() {
        History h = history(write(0, "invoke", 1).replace("}", " :node \"n1\"}"), write(1, "invoke", 2).replace("}", " :node \"n2\"}"),
                "{:type :crash :node \"n2\"}", write(0, "ok", 1), "{:type :recovery :node \"n2\"}");
        assertThat(h.operations()).extracting(o -> o.status()).containsExactly(Status.OK, Status.CRASHED);
        assertThat(h.crashes()).hasSize(1);
    }

    @Test
    void pendingWriteSeenAfterTheCrashMayHaveTakenEffectBeforeIt() {
        History h = history(write(0, "invoke", 1), CRASH, read(1, "1"));
        expect(h, LINEARIZABLE, LINEARIZABLE, LINEARIZABLE);
    }

    @Test
    void pendingWriteThatTakesEffectAfterTheCrashIsOnlyOpen() {
        History h = history(write(0, "invoke", 1), CRASH, read(1, "nil"), read(1, "1"));
        expect(h, LINEARIZABLE, NOT_LINEARIZABLE, NOT_LINEARIZABLE);
    }

    @Test
    void pendingWriteMayNeverTakeEffect() {
        History h = history(write(0, "invoke", 1), CRASH, read(1, "nil"));
        expect(h, LINEARIZABLE, LINEARIZABLE, LINEARIZABLE);
    }

    @Test
    void completedWriteLostInACrashIsOnlyBuffered() {
        History h = history(completedWrite(0, 1), CRASH, read(1, "nil"));
        expect(h, NOT_LINEARIZABLE, NOT_LINEARIZABLE, LINEARIZABLE);
    }

    @Test
    void bufferedLosesOnlyASuffixOfTheEpoch() {
        History keepsFirst = history(completedWrite(0, 1), completedWrite(0, 2), CRASH, read(1, "1"));
        History neverWritten = history(completedWrite(0, 1), completedWrite(0, 2), CRASH, read(1, "5"));
        expect(keepsFirst, NOT_LINEARIZABLE, NOT_LINEARIZABLE, LINEARIZABLE);
        expect(neverWritten, NOT_LINEARIZABLE, NOT_LINEARIZABLE, NOT_LINEARIZABLE);
    }

    @Test
    void bufferedCannotLoseAPrefixWhileKeepingItsSuffix() {
        String a1 = "{:process 0 :type :%s :f :append :key :k :value 1}";
        String a2 = "{:process 0 :type :%s :f :append :key :k :value 2}";
        String get = "{:process 1 :type :invoke :f :get :key :k}";
        for (String seen : new String[] {"[2]", "[1]", "[]", "[1 2]"}) {
            History h = history(a1.formatted("invoke"), a1.formatted("ok"), a2.formatted("invoke"), a2.formatted("ok"), CRASH, get,
                    "{:process 1 :type :ok :f :get :key :k :value " + seen + "}");
            Verdict expected = seen.equals("[2]") ? NOT_LINEARIZABLE : LINEARIZABLE;
            assertThat(verdict(h, Models.KV, BUFFERED)).as(seen).isEqualTo(expected);
            assertThat(verdict(h, Models.KV, DURABLE)).as(seen).isEqualTo(seen.equals("[1 2]") ? LINEARIZABLE : NOT_LINEARIZABLE);
        }
    }

    @Test
    void bufferedMayLoseAValueThatWasAlreadyRead() {
        History h = history(completedWrite(0, 1), read(1, "1"), CRASH, read(1, "nil"));
        expect(h, NOT_LINEARIZABLE, NOT_LINEARIZABLE, LINEARIZABLE);
    }

    @Test
    void bufferedCannotRollBackPastAnEarlierCrash() {
        // epoch 1 kept the 1 (read after the first crash); epoch 2 may lose the 2 but not the 1
        History keeps = history(completedWrite(0, 1), CRASH, read(1, "1"), completedWrite(0, 2), CRASH, read(1, "1"));
        History losesTooMuch = history(completedWrite(0, 1), CRASH, read(1, "1"), completedWrite(0, 2), CRASH, read(1, "nil"));
        expect(keeps, NOT_LINEARIZABLE, NOT_LINEARIZABLE, LINEARIZABLE);
        expect(losesTooMuch, NOT_LINEARIZABLE, NOT_LINEARIZABLE, NOT_LINEARIZABLE);
    }

    @Test
    void bufferedLosesTheSecondEpochAfterAFirstEpochWhosePendingWriteNeverTookEffect() {
        // found by rda fuzz (eFactory, a crash after recovery): the search reached "1 dropped, 5 written" first by
        // "1 written, lost at the first crash, 5 written", and its cache then hid freezing before the 5 from nil
        History h = history(write(0, "invoke", 1), CRASH, completedWrite(0, 5), CRASH, read(1, "nil"));
        expect(h, NOT_LINEARIZABLE, NOT_LINEARIZABLE, LINEARIZABLE);
    }

    @Test
    void processMayInvokeAgainAfterTheCrashCutItsOperation() {
        History h = history(write(0, "invoke", 1), CRASH, write(0, "invoke", 2), write(0, "ok", 2), read(0, "2"));
        expect(h, LINEARIZABLE, LINEARIZABLE, LINEARIZABLE);
        History stale = history(write(0, "invoke", 1), CRASH, write(0, "invoke", 2), write(0, "ok", 2), read(0, "1"));
        expect(stale, LINEARIZABLE, NOT_LINEARIZABLE, NOT_LINEARIZABLE);
    }
}
