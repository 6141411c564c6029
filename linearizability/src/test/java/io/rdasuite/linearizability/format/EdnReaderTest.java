package io.rdasuite.linearizability.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.history.Operation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Jepsen's EDN as Jepsen writes it, the rest of the EDN grammar histories may hold, and errors at line:column. */
class EdnReaderTest {
    /** One vector over many lines, with Jepsen's fields, comments between and inside maps, and the nemesis. */
    private static final String JEPSEN_LAYOUT = """
            ; a register, as a test directory's history.edn holds it
            [{:type :invoke, :f :write, :value 3, :process 0, :time 100, :index 0}
             {:type :info, :f :start, :value nil, :process :nemesis, :time 150, :index 1}
             {:type :ok,
              ; a comment inside a map
              :f :write, :value 3, :process 0, :time 200, :index 2}
             #_{:type :invoke, :f :read, :process 9} ; discarded
             #jepsen.history.Op{:type :invoke, :f :cas, :value [3 4], :process 1, :time 300, :index 3}
             {:type :fail, :f :cas, :value [3 4], :process 1, :time 400, :index 4, :error [:timeout "no answer"]}
             {:type :invoke, :f :read, :value nil, :process 2, :time 500, :index 5}
             {:type :ok, :f :read, :value 3, :process 2, :time 600, :index 6}]
            """;

    @Test
    void readsOneVectorOverManyLinesSkippingTheNemesisAndDiscardedForms() throws Exception {
        History h = HistoryFormat.AUTO.read(JEPSEN_LAYOUT, "history.edn");
        assertThat(h.operations()).extracting(Operation::describe)
                .containsExactly("p0 write 3", "p1 cas [3 4] (fail)", "p2 read -> 3");
        assertThat(h.events()).hasSize(6);
        assertThat(h.line(0)).isEqualTo(2);
        assertThat(h.line(1)).isEqualTo(4); // the ok's map starts on line 4
        assertThat(h.line(2)).isEqualTo(8);
        assertThat(h.events().get(2).timeNanos()).isEqualTo(300);
    }

    @Test
    void readsTheRestOfTheGrammar() {
        Object form = EdnParser.parse("{:s \"a\\\"b\\n\\u0041\" :c \\x :n -12 :big 7N :d 1.5 :e 2e3 :m 0.25M :set #{1 2 1}"
                + " :l (1 :k) :t true :f false :sym foo/bar :inst #inst \"2024-01-01\"}");
        assertThat(form).isInstanceOf(Map.class);
        Map<?, ?> m = (Map<?, ?>) form;
        assertThat(m.get(new EdnParser.Keyword("s"))).isEqualTo("a\"b\nA");
        assertThat(m.get(new EdnParser.Keyword("c"))).isEqualTo("x");
        assertThat(m.get(new EdnParser.Keyword("n"))).isEqualTo(-12L);
        assertThat(m.get(new EdnParser.Keyword("big"))).isEqualTo(7L);
        assertThat(m.get(new EdnParser.Keyword("d"))).isEqualTo(1.5);
        assertThat(m.get(new EdnParser.Keyword("e"))).isEqualTo(2000.0);
        assertThat(m.get(new EdnParser.Keyword("m"))).isEqualTo(0.25);
        assertThat(m.get(new EdnParser.Keyword("set"))).isEqualTo(List.of(1L, 2L));
        assertThat(m.get(new EdnParser.Keyword("l"))).isEqualTo(List.of(1L, new EdnParser.Keyword("k")));
        assertThat(m.get(new EdnParser.Keyword("t"))).isEqualTo(true);
        assertThat(m.get(new EdnParser.Keyword("sym"))).isEqualTo("foo/bar");
        assertThat(m.get(new EdnParser.Keyword("inst"))).isEqualTo("2024-01-01");
    }

    @Test
    void keysAndValuesKeepTheirTypes() throws Exception {
        History h = HistoryFormat.EDN.read("""
                {:type :invoke, :process 0, :f :put, :key 1, :value 1}
                {:type :ok, :process 0, :f :put, :key 1, :value 1}
                {:type :invoke, :process 0, :f :put, :key "1", :value "1"}
                {:type :ok, :process 0, :f :put, :key "1", :value "1"}
                {:type :invoke, :process 0, :f :get, :key :k, :value nil}
                {:type :ok, :process 0, :f :get, :key :k, :value nil}
                """, "kv.edn");
        assertThat(h.operations()).extracting(Operation::key).containsExactly(1L, "1", ":k");
        assertThat(h.operations()).extracting(Operation::value).containsExactly(1L, "1", null);
        assertThat(h.operations().get(2).result()).isNull();
    }

    @Test
    void errorsNameTheFileLineColumnAndWhatWasExpected() {
        assertThatThrownBy(() -> HistoryFormat.EDN.read("[{:type :invoke, :f :read, :process 0}\n {:type :ok, :f :read", "a.edn"))
                .isInstanceOf(HistoryParseException.class)
                .hasMessage("a.edn:2:2: expected '}' to close the map opened here, found the end of the file");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("[{:type :invoke, :f :read, :process 0}\n", "b.edn"))
                .hasMessage("b.edn:1:1: expected ']' to close the vector opened here, found the end of the file");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("[{:type :invoke, :f :read, :process 0}\n  {:type :ok :f}]", "c.edn"))
                .hasMessage("c.edn:2:16: expected a value for the map key :f, found '}'");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("{:type :invoke, :type :ok}", "d.edn"))
                .hasMessage("d.edn:1:17: expected each key once in a map, found :type twice");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("[{:type :invoke :f :read :process 0 :value \"a\\qb\"}]", "e.edn"))
                .hasMessageStartingWith("e.edn:1:46: expected an escape");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("[1 2]", "f.edn"))
                .hasMessage("f.edn:1: expected an operation map such as {:type :invoke, :process 0, :f :read, :value nil}, found 1");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("\n{:type :invoke, :process 0, :f :frob}", "g.edn"))
                .hasMessageStartingWith("g.edn:2: unknown operation f 'frob' (valid: ");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("{:type :invoke, :process 0, :f :get, :key nil}", "h.edn"))
                .hasMessage("h.edn:1: expected a key (an integer, a string or a keyword) in :key, found nil");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("{:type :invoke, :process 0, :f :get, :time 1.5}", "i.edn"))
                .hasMessage("i.edn:1: expected an integer (nanoseconds) in :time, found 1.5");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("{:type :invoke, :process \"p\"}]", "j.edn"))
                .hasMessage("j.edn:1:30: expected a value, found ']' with nothing open for it to close");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("[] []", "k.edn"))
                .hasMessageStartingWith("k.edn:1:4: expected the end of the file after the history's closing ']'");
    }

    @Test
    void aCommentLineNeverMakesDetectionPickJson() {
        assertThat(HistoryFormat.detect("h", "; Knossos's multi-register\n[{:type :invoke}]")).isEqualTo(HistoryFormat.EDN);
        assertThat(HistoryFormat.detect("h", ";; a comment\n{:type :invoke}")).isEqualTo(HistoryFormat.EDN);
        assertThat(HistoryFormat.detect("h", "\n{\"type\": \"invoke\"}")).isEqualTo(HistoryFormat.JSONL);
        List<Map<String, Object>> rows = HistoryFormat.AUTO.readMaps("""
                ; an Elle history with a comment first
                {:type :invoke, :process 0, :f :txn, :value [[:append 1 2] [:r 1 nil]]}
                {:type :ok, :process 0, :f :txn, :value [[:append 1 2] [:r 1 [2]]]}
                """, "txns");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(1).get("value")).isEqualTo(List.of(List.of(":append", 1L, 2L), List.of(":r", 1L, List.of(2L))));
        assertThat(HistoryFormat.EDN.readMaps("[{:type :ok, :process 0, :f :txn, :value []}]", "forced.jsonl")).hasSize(1);
    }

    @Test
    void jepsenFunctionsOfOtherModels() throws Exception {
        History h = HistoryFormat.EDN.read("[{:type :invoke :f :acquire :process 0} {:type :ok :f :acquire :process 0}]", "m.edn");
        assertThat(h.operations().getFirst().f()).isEqualTo(Fn.ACQUIRE);
    }

    /** The reader scans bytes: characters beyond ASCII, Unicode whitespace, 64-bit bounds and columns in characters. */
    @Test
    void bytesBeyondAsciiAndTheBoundsOfIntegers() {
        Map<?, ?> m = (Map<?, ?>) EdnParser.parse("{:s \"h\u00e9llo \u4e16\u754c\" :sym \u00e9t\u00e9\u2003:min -9223372036854775808"
                + " :max 9223372036854775807 :k\u00e9 1}");
        assertThat(m.get(new EdnParser.Keyword("s"))).isEqualTo("h\u00e9llo \u4e16\u754c");
        assertThat(m.get(new EdnParser.Keyword("sym"))).isEqualTo("\u00e9t\u00e9"); // an em space ends the symbol
        assertThat(m.get(new EdnParser.Keyword("min"))).isEqualTo(Long.MIN_VALUE);
        assertThat(m.get(new EdnParser.Keyword("max"))).isEqualTo(Long.MAX_VALUE);
        assertThat(m.get(new EdnParser.Keyword("k\u00e9"))).isEqualTo(1L);
        assertThatThrownBy(() -> EdnParser.parse("[9223372036854775808]"))
                .hasMessage("expected an integer within 64 bits, found 9223372036854775808");
        assertThatThrownBy(() -> EdnParser.parse("[1 12x]")).hasMessage("expected a number (an integer, or a decimal such as 1.5), found '12x'");
        assertThatThrownBy(() -> HistoryFormat.EDN.read("[{:s \"\u00e9\u00e9\" :f}]", "u.edn"))
                .hasMessage("u.edn:1:13: expected a value for the map key :f, found '}'");
    }
}
