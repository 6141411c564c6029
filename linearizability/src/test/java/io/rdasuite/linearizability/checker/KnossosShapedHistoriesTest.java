package io.rdasuite.linearizability.checker;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.linearizability.format.HistoryFormat;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Model;
import io.rdasuite.linearizability.model.Models;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Histories of our own in the layout of Knossos's {@code data/} files (one EDN vector of maps over many lines,
 * comments, the nemesis), good and bad, for each of Knossos's models, checked with the setting of Knossos's tests:
 * registers start at 0 and a read of nil constrains nothing.
 */
class KnossosShapedHistoriesTest {
    static Stream<Arguments> histories() {
        return Stream.of(
                Arguments.of("cas-register, overlapping cas and reads", Models.CAS_REGISTER, Verdict.LINEARIZABLE, """
                        [{:process 0, :type :invoke, :f :write, :value 1}
                         {:process 1, :type :invoke, :f :cas, :value [1 2]}
                         {:process 0, :type :ok, :f :write, :value 1}
                         {:process 2, :type :invoke, :f :read, :value nil}
                         ; the read may fall before or after the cas
                         {:process 2, :type :ok, :f :read, :value 1}
                         {:process 1, :type :ok, :f :cas, :value [1 2]}
                         {:process :nemesis, :type :info, :f :start, :value nil}
                         {:process 3, :type :invoke, :f :write, :value 5}
                         {:process 3, :type :info, :f :write, :value 5}
                         {:process 2, :type :invoke, :f :read, :value nil}
                         {:process 2, :type :ok, :f :read, :value 2}]
                        """),
                Arguments.of("cas-register, a read of an overwritten value", Models.CAS_REGISTER, Verdict.NOT_LINEARIZABLE, """
                        [{:process 0, :type :invoke, :f :write, :value 1}
                         {:process 0, :type :ok, :f :write, :value 1}
                         {:process 1, :type :invoke, :f :cas, :value [1 3]}
                         {:process 1, :type :ok, :f :cas, :value [1 3]}
                         {:process 2, :type :invoke, :f :read, :value nil}
                         {:process 2, :type :ok, :f :read, :value 1}]
                        """),
                Arguments.of("cas-register, a read of nil says nothing", Models.CAS_REGISTER, Verdict.LINEARIZABLE, """
                        [{:process 0, :type :invoke, :f :read, :value nil}
                         {:process 0, :type :ok, :f :read, :value nil}
                         {:process 1, :type :invoke, :f :cas, :value [0 4]}
                         {:process 1, :type :ok, :f :cas, :value [0 4]}]
                        """),
                Arguments.of("mutex, taken in turns", Models.MUTEX, Verdict.LINEARIZABLE, """
                        [{:type :invoke, :f :acquire, :process 0, :time 10, :index 0}
                         {:type :invoke, :f :acquire, :process 1, :time 11, :index 1}
                         {:type :ok, :f :acquire, :process 0, :time 20, :index 2}
                         {:type :fail, :f :acquire, :process 1, :time 21, :error :held, :index 3}
                         {:type :invoke, :f :release, :process 0, :time 30, :index 4}
                         {:type :info, :f :release, :process 0, :time 40, :index 5}
                         {:type :invoke, :f :acquire, :process 2, :time 50, :index 6}
                         {:type :ok, :f :acquire, :process 2, :time 60, :index 7}]
                        """),
                Arguments.of("mutex, held twice at once", Models.MUTEX, Verdict.NOT_LINEARIZABLE, """
                        [{:type :invoke, :f :acquire, :process 0, :time 10, :index 0}
                         {:type :ok, :f :acquire, :process 0, :time 20, :index 1}
                         {:type :invoke, :f :acquire, :process 1, :time 30, :index 2}
                         {:type :ok, :f :acquire, :process 1, :time 40, :index 3}
                         {:type :invoke, :f :release, :process 0, :time 50, :index 4}
                         {:type :ok, :f :release, :process 0, :time 60, :index 5}]
                        """),
                Arguments.of("multi-register, reads of whole transactions", Models.MULTI_REGISTER, Verdict.LINEARIZABLE, """
                        ; two registers, x and y, both 0 at first
                        [{:type :invoke,
                          :f :txn,
                          :value [[:write :x 1] [:write :y 1]],
                          :process 0}
                         {:type :invoke, :f :txn, :value [[:read :x nil] [:read :y nil]], :process 1}
                         {:type :ok, :f :txn, :value [[:read :x 0] [:read :y 0]], :process 1}
                         {:type :ok, :f :txn, :value [[:write :x 1] [:write :y 1]], :process 0}
                         {:type :invoke, :f :txn, :value [[:write :y 2]], :process 2}
                         {:type :info, :f :txn, :value [[:write :y 2]], :process 2}
                         {:type :invoke, :f :txn, :value [[:read :x nil] [:read :y nil]], :process 1}
                         {:type :ok, :f :txn, :value [[:read :x 1] [:read :y 2]], :process 1}]
                        """),
                Arguments.of("multi-register, half of a transaction seen", Models.MULTI_REGISTER, Verdict.NOT_LINEARIZABLE, """
                        [{:type :invoke, :f :txn, :value [[:write :x 1] [:write :y 1]], :process 0}
                         {:type :ok, :f :txn, :value [[:write :x 1] [:write :y 1]], :process 0}
                         {:type :invoke, :f :txn, :value [[:write :x 2] [:write :y 2]], :process 0}
                         {:type :ok, :f :txn, :value [[:write :x 2] [:write :y 2]], :process 0}
                         {:type :invoke, :f :txn, :value [[:read :x nil] [:read :y nil]], :process 1}
                         {:type :ok, :f :txn, :value [[:read :x 1] [:read :y 2]], :process 1}]
                        """));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("histories")
    void knossosSetting(String name, Model model, Verdict expected, String edn) throws Exception {
        History h = HistoryFormat.AUTO.read(edn, name + ".edn");
        Model knossos = model.initially(0L).nilReadsUnknown();
        assertThat(LinearizabilityChecker.check(h, knossos, CheckOptions.defaults()).verdict()).isEqualTo(expected);
    }
}
