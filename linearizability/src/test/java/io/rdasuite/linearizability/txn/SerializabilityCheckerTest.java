package io.rdasuite.linearizability.txn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-written anomaly histories, each caught and named; serializable ones pass. */
class SerializabilityCheckerTest {
    /** "p:f:mops" per event, e.g. "0:invoke:[[:append :x 1]]". */
    static List<Txn> edn(String... events) throws Exception {
        StringBuilder b = new StringBuilder();
        for (String e : events) {
            String[] p = e.split(":", 3);
            b.append("{:type :").append(p[1]).append(", :f :txn, :process ").append(p[0]).append(", :value ").append(p[2]).append("}\n");
        }
        return TxnHistory.read(new BufferedReader(new StringReader(b.toString())), "test");
    }

    static SerializabilityChecker.Result append(boolean strict, String... events) throws Exception {
        return SerializabilityChecker.check(edn(events), SerializabilityChecker.DataType.LIST_APPEND, strict);
    }

    static List<String> names(SerializabilityChecker.Result r) {
        return r.anomalies().stream().map(Anomaly::name).toList();
    }

    @Test
    void g0WriteCycle() throws Exception {
        var r = append(false,
                "0:invoke:[[:append :x 1] [:append :y 1]]", "1:invoke:[[:append :x 2] [:append :y 2]]",
                "0:ok:[[:append :x 1] [:append :y 1]]", "1:ok:[[:append :x 2] [:append :y 2]]",
                "2:invoke:[[:r :x nil] [:r :y nil]]", "2:ok:[[:r :x [1 2]] [:r :y [2 1]]]");
        assertThat(names(r)).containsExactly("G0");
        assertThat(r.anomalies().getFirst().txns()).hasSize(2);
    }

    @Test
    void g1aAbortedRead() throws Exception {
        var r = append(false, "0:invoke:[[:append :x 1]]", "0:fail:[[:append :x 1]]", "1:invoke:[[:r :x nil]]", "1:ok:[[:r :x [1]]]");
        assertThat(names(r)).contains("G1a");
    }

    @Test
    void g1bIntermediateRead() throws Exception {
        var r = append(false, "0:invoke:[[:append :x 1] [:append :x 2]]", "1:invoke:[[:r :x nil]]", "1:ok:[[:r :x [1]]]",
                "0:ok:[[:append :x 1] [:append :x 2]]", "2:invoke:[[:r :x nil]]", "2:ok:[[:r :x [1 2]]]");
        assertThat(names(r)).contains("G1b");
    }

    @Test
    void g1cCircularInformationFlow() throws Exception {
        var r = append(false, "0:invoke:[[:append :x 1] [:r :y nil]]", "1:invoke:[[:append :y 1] [:r :x nil]]",
                "0:ok:[[:append :x 1] [:r :y [1]]]", "1:ok:[[:append :y 1] [:r :x [1]]]");
        assertThat(names(r)).containsExactly("G1c");
    }

    @Test
    void gSingleReadSkew() throws Exception {
        var r = append(false, "0:invoke:[[:append :x 1] [:append :y 1]]", "1:invoke:[[:r :x nil] [:r :y nil]]",
                "0:ok:[[:append :x 1] [:append :y 1]]", "1:ok:[[:r :x []] [:r :y [1]]]", "2:invoke:[[:r :x nil]]", "2:ok:[[:r :x [1]]]");
        assertThat(names(r)).containsExactly("G-single-item");
        assertThat(r.anomalies().getFirst().steps()).anySatisfy(s -> assertThat(s.label()).contains("-rw(:x)->"));
    }

    @Test
    void g2ItemWriteSkew() throws Exception {
        var r = append(false, "0:invoke:[[:r :x nil] [:append :y 1]]", "1:invoke:[[:r :y nil] [:append :x 1]]",
                "0:ok:[[:r :x []] [:append :y 1]]", "1:ok:[[:r :y []] [:append :x 1]]",
                "2:invoke:[[:r :x nil] [:r :y nil]]", "2:ok:[[:r :x [1]] [:r :y [1]]]");
        assertThat(names(r)).containsExactly("G2-item");
    }

    @Test
    void incompatibleOrder() throws Exception {
        var r = append(false, "0:invoke:[[:append :x 1]]", "0:ok:[[:append :x 1]]", "1:invoke:[[:append :x 2]]", "1:ok:[[:append :x 2]]",
                "2:invoke:[[:r :x nil]]", "2:ok:[[:r :x [1 2]]]", "3:invoke:[[:r :x nil]]", "3:ok:[[:r :x [2 1]]]");
        assertThat(names(r)).contains("incompatible-order");
    }

    @Test
    void aStaleReadAfterACommitIsSerializableButNotStrictly() throws Exception {
        String[] h = {"0:invoke:[[:append :x 1]]", "0:ok:[[:append :x 1]]", "1:invoke:[[:r :x nil]]", "1:ok:[[:r :x []]]",
                "2:invoke:[[:r :x nil]]", "2:ok:[[:r :x [1]]]"};
        assertThat(append(false, h).valid()).isTrue();
        var strict = append(true, h);
        assertThat(names(strict)).containsExactly("G-single-item-realtime");
    }

    @Test
    void serializableHistoriesPass() throws Exception {
        assertThat(append(true, "0:invoke:[[:append :x 1]]", "1:invoke:[[:append :x 2] [:r :y nil]]", "0:ok:[[:append :x 1]]",
                "1:ok:[[:append :x 2] [:r :y []]]", "2:invoke:[[:r :x nil] [:append :y 5]]", "2:ok:[[:r :x [1 2]] [:append :y 5]]",
                "3:invoke:[[:r :y nil] [:r :x nil]]", "3:ok:[[:r :y [5]] [:r :x [1 2]]]").valid()).isTrue();
        // an :info append observed later committed wholly; one never observed is left out
        assertThat(append(true, "0:invoke:[[:append :x 1] [:append :y 1]]", "0:info:[[:append :x 1] [:append :y 1]]",
                "1:invoke:[[:append :z 9]]", "1:info:[[:append :z 9]]", "2:invoke:[[:r :x nil] [:r :y nil]]",
                "2:ok:[[:r :x [1]] [:r :y [1]]]").valid()).isTrue();
    }

    @Test
    void anInfoTransactionSeenOnlyInPartIsAnAnomaly() throws Exception {
        // crash semantics: a pending txn commits entirely or not at all; x shows its append, y does not
        var r = append(false, "0:invoke:[[:append :x 1] [:append :y 1]]", "0:info:[[:append :x 1] [:append :y 1]]",
                "1:invoke:[[:r :x nil] [:r :y nil]]", "1:ok:[[:r :x [1]] [:r :y []]]",
                "2:invoke:[[:r :y nil]]", "2:ok:[[:r :y [1]]]");
        assertThat(r.valid()).isFalse();
    }

    @Test
    void registersLostUpdateAndAbortedRead() throws Exception {
        var lost = SerializabilityChecker.check(edn("0:invoke:[[:r :x nil] [:w :x 1]]", "1:invoke:[[:r :x nil] [:w :x 2]]",
                "0:ok:[[:r :x nil] [:w :x 1]]", "1:ok:[[:r :x nil] [:w :x 2]]"), SerializabilityChecker.DataType.RW_REGISTER, false);
        assertThat(names(lost)).anySatisfy(n -> assertThat(n).isIn("G-single", "G2-item"));
        var aborted = SerializabilityChecker.check(edn("0:invoke:[[:w :x 1]]", "0:fail:[[:w :x 1]]", "1:invoke:[[:r :x nil]]", "1:ok:[[:r :x 1]]"),
                SerializabilityChecker.DataType.RW_REGISTER, false);
        assertThat(names(aborted)).contains("G1a");
        var fine = SerializabilityChecker.check(edn("0:invoke:[[:w :x 1]]", "0:ok:[[:w :x 1]]", "1:invoke:[[:r :x nil] [:w :x 2]]",
                "1:ok:[[:r :x 1] [:w :x 2]]", "2:invoke:[[:r :x nil]]", "2:ok:[[:r :x 2]]"), SerializabilityChecker.DataType.RW_REGISTER, true);
        assertThat(fine.valid()).as("%s", fine.anomalies()).isTrue();
    }

    @Test
    void jsonLinesReadsTheSameHistory() throws Exception {
        String jsonl = """
                {"type":"invoke","f":"txn","process":0,"value":[["append","x",1],["append","y",1]]}
                {"type":"invoke","f":"txn","process":1,"value":[["r","x",null],["r","y",null]]}
                {"type":"ok","f":"txn","process":0,"value":[["append","x",1],["append","y",1]]}
                {"type":"ok","f":"txn","process":1,"value":[["r","x",[]],["r","y",[1]]]}
                {"type":"invoke","f":"txn","process":2,"value":[["r","x",null]]}
                {"type":"ok","f":"txn","process":2,"value":[["r","x",[1]]]}
                """;
        var r = SerializabilityChecker.check(TxnHistory.read(new BufferedReader(new StringReader(jsonl)), "t.jsonl"),
                SerializabilityChecker.DataType.LIST_APPEND, false);
        assertThat(names(r)).containsExactly("G-single-item");
    }

    /**
     * A keyword key and a string key of the same name are two keys (issue 28, as on the linearizability side): read as
     * one key, the reads [1] and [2] of T2 would be two incompatible orders of one key's appends.
     */
    @Test
    void aKeywordKeyAndAStringKeyAreTwoKeys() throws Exception {
        var r = append(false, "0:invoke:[[:append :x 1]]", "0:ok:[[:append :x 1]]", "1:invoke:[[:append \"x\" 2]]",
                "1:ok:[[:append \"x\" 2]]", "2:invoke:[[:r :x nil] [:r \"x\" nil]]", "2:ok:[[:r :x [1]] [:r \"x\" [2]]]");
        assertThat(r.valid()).as("%s", r.anomalies()).isTrue();
        var same = append(false, "0:invoke:[[:append :x 1]]", "0:ok:[[:append :x 1]]", "1:invoke:[[:append :x 2]]",
                "1:ok:[[:append :x 2]]", "2:invoke:[[:r :x nil] [:r :x nil]]", "2:ok:[[:r :x [1]] [:r :x [2]]]");
        assertThat(same.valid()).as("the same history with one key is not serializable").isFalse();
    }
}
