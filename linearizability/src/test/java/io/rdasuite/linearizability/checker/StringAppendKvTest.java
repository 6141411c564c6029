package io.rdasuite.linearizability.checker;

import static io.rdasuite.linearizability.TestHistories.edn;
import static io.rdasuite.linearizability.TestHistories.verdict;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Models;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The string-append key-value model of Jepsen's key-value histories (Porcupine's test data): {@code append "a"}
 * concatenates, a missing key reads as {@code ""}; and the checker's per-key budget and cheapest-key-first order,
 * which let an easy failing key be found behind a hard one.
 */
class StringAppendKvTest {
    private static String inv(int p, String f, String key, String value) {
        return "{:process " + p + ", :type :invoke, :f :" + f + ", :key \"" + key + "\", :value " + (value == null ? "nil" : "\"" + value + "\"") + "}";
    }

    private static String ok(int p, String f, String key, String value) {
        return "{:process " + p + ", :type :ok, :f :" + f + ", :key \"" + key + "\", :value \"" + value + "\"}";
    }

    @Test
    void appendsConcatenateAndAMissingKeyReadsEmpty() {
        History h = edn(inv(0, "get", "k", null), ok(0, "get", "k", ""),
                inv(0, "append", "k", "x 0 0 y"), ok(0, "append", "k", "x 0 0 y"),
                inv(1, "append", "k", "x 1 0 y"), ok(1, "append", "k", "x 1 0 y"),
                inv(0, "get", "k", null), ok(0, "get", "k", "x 0 0 yx 1 0 y"),
                inv(1, "put", "k", "z"), ok(1, "put", "k", "z"),
                inv(1, "append", "k", "w"), ok(1, "append", "k", "w"),
                inv(0, "get", "k", null), ok(0, "get", "k", "zw"));
        assertThat(verdict(h, Models.KV_STRING)).isEqualTo(Verdict.LINEARIZABLE);
        assertThat(verdict(h, Models.KV)).as("the list-append model reads these as lists: wrong model").isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void concurrentAppendsMayLandInEitherOrderButNotBothOrders() {
        List<String> lines = new ArrayList<>(List.of(inv(0, "append", "k", "a"), inv(1, "append", "k", "b"), ok(0, "append", "k", "a"),
                ok(1, "append", "k", "b"), inv(2, "get", "k", null), ok(2, "get", "k", "ba")));
        assertThat(verdict(edn(lines.toArray(String[]::new)), Models.KV_STRING)).isEqualTo(Verdict.LINEARIZABLE);
        lines.add(inv(3, "get", "k", null));
        lines.add(ok(3, "get", "k", "ab"));
        assertThat(verdict(edn(lines.toArray(String[]::new)), Models.KV_STRING)).as("ba then ab").isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void aLostAppendAndAStaleReadAreCaught() {
        assertThat(verdict(edn(inv(0, "append", "k", "a"), ok(0, "append", "k", "a"), inv(0, "append", "k", "b"), ok(0, "append", "k", "b"),
                inv(1, "get", "k", null), ok(1, "get", "k", "b")), Models.KV_STRING)).isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(verdict(edn(inv(0, "append", "k", "a"), ok(0, "append", "k", "a"), inv(1, "get", "k", null), ok(1, "get", "k", "")),
                Models.KV_STRING)).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }

    @Test
    void appendingANumberIsAnErrorNamingTheListModel() {
        History h = edn("{:process 0, :type :invoke, :f :append, :key \"k\", :value 3}", "{:process 0, :type :ok, :f :append, :key \"k\", :value 3}");
        assertThatThrownBy(() -> verdict(h, Models.KV_STRING)).hasMessageContaining("expects a string to append").hasMessageContaining("model kv");
    }

    /**
     * Key "hard" comes first and needs far more than the budget; key "easy" fails at once. With one deadline shared
     * by the history and keys taken in order of appearance, the hard key used up the time and the verdict was UNKNOWN.
     */
    @Test
    void aHardKeyDoesNotHideAnEasyOneThatFails() {
        int writers = 12;
        List<String> lines = new ArrayList<>(concurrentAppendLines(writers));
        lines.add(inv(101, "put", "easy", "1"));
        lines.add(ok(101, "put", "easy", "1"));
        lines.add(inv(101, "get", "easy", null));
        lines.add(ok(101, "get", "easy", "2"));
        History h = edn(lines.toArray(String[]::new));
        CheckResult r = LinearizabilityChecker.check(h, Models.KV_STRING, CheckOptions.defaults().withTimeoutNanos(1));
        assertThat(r.verdict()).isEqualTo(Verdict.NOT_LINEARIZABLE);
        assertThat(r.violation().key()).isEqualTo("easy");
        assertThat(LinearizabilityChecker.maxOpenAtOnce(h.operations().stream().filter(o -> o.key().equals("hard")).toList())).isEqualTo(writers);
    }

    @Test
    void aKeyOutOfTimeIsUnknownWhenNoKeyFails() {
        assertThat(LinearizabilityChecker.check(concurrentAppends(12), Models.KV_STRING, CheckOptions.defaults().withTimeoutNanos(1)).verdict())
                .isEqualTo(Verdict.UNKNOWN);
        assertThat(LinearizabilityChecker.check(concurrentAppends(5), Models.KV_STRING, CheckOptions.defaults()).verdict())
                .isEqualTo(Verdict.LINEARIZABLE);
    }

    /** {@code writers} appends open at once, then a read of all of them in the reverse order of their calls. */
    private static History concurrentAppends(int writers) {
        return edn(concurrentAppendLines(writers).toArray(String[]::new));
    }

    private static List<String> concurrentAppendLines(int writers) {
        List<String> lines = new ArrayList<>();
        StringBuilder all = new StringBuilder();
        for (int p = 0; p < writers; p++) {
            lines.add(inv(p, "append", "hard", "<" + p + ">"));
        }
        for (int p = writers - 1; p >= 0; p--) {
            lines.add(ok(p, "append", "hard", "<" + p + ">"));
            all.append("<").append(p).append(">");
        }
        lines.add(inv(100, "get", "hard", null));
        lines.add(ok(100, "get", "hard", all.toString()));
        return lines;
    }
}
