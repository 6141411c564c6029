package io.rdasuite.linearizability.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.EventType;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The three readers, the JSON Lines writer, format detection, and errors that name the line. */
class HistoryFormatsTest {
    @Test
    void jsonLinesRoundTrip() throws Exception {
        History h = History.of(List.of(
                Event.invoke(0, Fn.WRITE, "x", 1L, 10).withNode("n1"),
                Event.invoke(1, Fn.CAS, "x", List.of(1L, "two"), 11),
                Event.ok(0, Fn.WRITE, "x", 1L, 20),
                Event.crash(null, 25),
                Event.recovery(null, 30),
                Event.invoke(2, Fn.READ, "x", null, 40),
                Event.ok(2, Fn.READ, "x", List.of(1L, true), 50)));
        StringWriter out = new StringWriter();
        JsonLinesFormat.write(h, out);
        assertThat(out.toString().lines().findFirst().orElseThrow())
                .isEqualTo("{\"type\":\"invoke\",\"process\":0,\"f\":\"write\",\"key\":\"x\",\"value\":1,\"time\":10,\"node\":\"n1\"}");
        History back = HistoryFormat.JSONL.read(out.toString(), "h.jsonl");
        assertThat(back.events()).isEqualTo(h.events());
        assertThat(back.operations()).extracting(Operation::status).containsExactly(Status.OK, Status.CRASHED, Status.OK);
    }

    @Test
    void jepsenLogWithAndWithoutTheLoggerPrefix() throws Exception {
        String text = """
                INFO  jepsen.util - 0\t:invoke\t:read\tnil
                INFO  jepsen.util - 0   :ok     :read   nil
                1 :invoke :cas [1 2]
                1 :fail :cas [1 2]
                :nemesis :info :start nil
                2 :invoke :write 3
                2 :info :write :timed-out
                3 :invoke :read nil
                3 :fail :read :timed-out
                """;
        History h = HistoryFormat.JEPSEN_LOG.read(text, "x.log");
        assertThat(h.operations()).extracting(Operation::describe)
                .containsExactly("p0 read -> nil", "p1 cas [1 2] (fail)", "p2 write 3 (info)", "p3 read (fail)");
        assertThat(h.events().get(2).value()).isEqualTo(List.of(1L, 2L));
        assertThat(h.events().get(4).timeNanos()).isEqualTo(4); // no times: the event index
    }

    @Test
    void ednMapsWithTagsCommasKeywordsAndNemesis() throws Exception {
        String text = """
                {:process 0, :type :invoke, :f :put, :key "x", :value "1"}
                {:type :info, :process :nemesis, :f :kill, :value nil}
                #jepsen.history.Op{:index 2, :time 77, :process 0, :type :ok, :f :put, :key "x", :value "1"}
                ; a comment
                {:process 1 :type :invoke :f :get :key "x" :value nil}
                {:process 1 :type :info :f :get :key "x" :value :timed-out}
                {:type :crash :node "n1" :time 90}
                """;
        History h = HistoryFormat.EDN.read(text, "h.edn");
        assertThat(h.events()).hasSize(5);
        assertThat(h.events().get(1).timeNanos()).isEqualTo(77);
        assertThat(h.events().get(3).value()).isEqualTo(":timed-out");
        assertThat(h.events().get(4)).isEqualTo(Event.crash("n1", 90));
        assertThat(h.operations().getFirst().describe()).isEqualTo("p0 write x 1");
    }

    @Test
    void errorsNameTheLine() {
        assertThatThrownBy(() -> HistoryFormat.EDN.read("{:process 0 :type :invoke :f :put}\n{:process 0 :type :ok :f :put\n", "a.edn"))
                .isInstanceOf(HistoryParseException.class)
                .hasMessage("a.edn:2:1: expected '}' to close the map opened here, found the end of the file");
        assertThatThrownBy(() -> HistoryFormat.JSONL.read("{\"type\":\"invoke\",\"process\":0,\"f\":\"read\"}\n\n{oops\n", "b.jsonl"))
                .isInstanceOf(HistoryParseException.class).hasMessageStartingWith("b.jsonl:3: not JSON");
        assertThatThrownBy(() -> HistoryFormat.JSONL.read("{\"type\":\"invoke\",\"process\":0,\"f\":\"frobnicate\"}", "c.jsonl"))
                .hasMessageStartingWith("c.jsonl:1: ").hasMessageContaining("read/get, write/put, cas, delete, append, acquire, release, txn");
        assertThatThrownBy(() -> HistoryFormat.JEPSEN_LOG.read("0 :invoke :read nil\n1 :ok :read 3\n", "d.log"))
                .hasMessage("d.log:2: process 1 completes read (ok) but has no pending invoke");
        assertThatThrownBy(() -> HistoryFormat.JEPSEN_LOG.read("0 :invoke :read nil\n0 :invoke :read nil\n", "e.log"))
                .hasMessageStartingWith("e.log:2: process 0 invokes read while its read (event 0) is still pending");
        assertThatThrownBy(() -> HistoryFormat.JSONL.read("{\"type\":\"begin\",\"process\":0}", "f.jsonl"))
                .hasMessageContaining("unknown event type 'begin' (valid: invoke, ok, fail, info, crash, recovery)");
        assertThatThrownBy(() -> HistoryFormat.JEPSEN_LOG.read("zero :invoke :read nil", "g.log"))
                .hasMessageContaining("g.log:1: expected a process id");
    }

    @Test
    void formatNamesAndDetection() {
        assertThat(HistoryFormat.parse("jepsen-log")).isEqualTo(HistoryFormat.JEPSEN_LOG);
        assertThatThrownBy(() -> HistoryFormat.parse("xml")).hasMessage("unknown format 'xml' (valid: auto, jsonl, jepsen-log, edn)");
        assertThat(HistoryFormat.detect("etcd_000.log", "INFO jepsen.util - 0 :invoke :read nil")).isEqualTo(HistoryFormat.JEPSEN_LOG);
        assertThat(HistoryFormat.detect("h.jsonl", "")).isEqualTo(HistoryFormat.JSONL);
        assertThat(HistoryFormat.detect("h.edn", "")).isEqualTo(HistoryFormat.EDN);
        assertThat(HistoryFormat.detect("h", "\n  {\"type\":\"invoke\"}")).isEqualTo(HistoryFormat.JSONL);
        assertThat(HistoryFormat.detect("h", "{:type :invoke}")).isEqualTo(HistoryFormat.EDN);
        assertThat(HistoryFormat.detect("h", "0 :invoke :read nil")).isEqualTo(HistoryFormat.JEPSEN_LOG);
        assertThat(EventType.parse("OK")).isEqualTo(EventType.OK);
    }
}
