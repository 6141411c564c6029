package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rda lin check} on files as Jepsen and Knossos write them (several paths, one process, the model picked per
 * file), and never a silent pass: every input that does not fit exits 2 naming the file, the line and what was expected.
 */
class LinCheckFrontDoorTest {
    private static final String CAS_GOOD = """
            ; a register that starts at 0
            [{:process 0, :type :invoke, :f :cas, :value [0 1], :time 5, :index 0}
             {:process :nemesis, :type :info, :f :start, :value nil, :index 1}
             {:process 0, :type :ok, :f :cas, :value [0 1], :time 9, :index 2}
             {:process 1, :type :invoke, :f :read, :value nil, :index 3}
             {:process 1, :type :ok, :f :read, :value nil, :index 4}]
            """;
    private static final String MUTEX_BAD = """
            [{:type :invoke, :f :acquire, :process 0}
             {:type :ok, :f :acquire, :process 0}
             {:type :invoke, :f :acquire, :process 1}
             {:type :ok, :f :acquire, :process 1}]
            """;
    private static final String MULTI_GOOD = """
            ; x and y start at 0
            [{:type :invoke, :f :txn, :value [[:read :x nil] [:read :y nil]], :process 0}
             {:type :ok,
              :f :txn,
              :value [[:read :x 0] [:read :y 0]],
              :process 0}]
            """;

    @Test
    void severalPathsInOneProcessEachWithItsModel(@TempDir Path dir) throws Exception {
        Path good = Files.createDirectories(dir.resolve("good"));
        Path bad = Files.createDirectories(dir.resolve("bad"));
        Files.writeString(good.resolve("cas.edn"), CAS_GOOD);
        Files.writeString(good.resolve("multi.edn"), MULTI_GOOD);
        Files.writeString(good.resolve("notes.html"), "<html>a timeline</html>");
        Path mutex = Files.writeString(bad.resolve("mutex.edn"), MUTEX_BAD);
        RdaRun r = RdaRun.of("lin", "check", good.toString(), mutex.toString(), "--initial", "0", "--nil-reads", "unknown", "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(r.out());
        List<String> rows = new ArrayList<>();
        doc.get("results").forEach(x -> rows.add(Path.of(x.get("file").asText()).getFileName() + " " + x.get("model").asText()
                + " " + x.get("verdict").asText()));
        assertThat(rows).containsExactly("cas.edn cas-register LINEARIZABLE", "multi.edn multi-register LINEARIZABLE",
                "mutex.edn mutex NOT_LINEARIZABLE");
        assertThat(doc.get("skipped").get(0).get("file").asText()).endsWith("notes.html");

        // Our default reading: a read of nil saw nil, which a register starting at 0 after a cas never holds.
        RdaRun strict = RdaRun.of("lin", "check", good.resolve("cas.edn").toString(), "--initial", "0");
        assertThat(strict.exitCode()).isEqualTo(1);
        assertThat(strict.out()).contains("p1 read -> nil cannot be linearized");
    }

    @Test
    void neverASilentPass(@TempDir Path dir) throws Exception {
        expectBadInput(dir, "empty.edn", "; nothing but a comment\n", "empty.edn holds no operations");
        expectBadInput(dir, "blank.edn", "\n\n", "blank.edn is empty");
        expectBadInput(dir, "nemesis.edn", "[{:process :nemesis, :type :info, :f :start}]", "nemesis.edn holds no operations");
        expectBadInput(dir, "other.edn", """
                [{:process 0, :type :invoke, :f :write, :value 1}
                 {:process 0, :type :ok, :f :write, :value 1}
                 {:process 1, :type :invoke, :f :acquire}
                 {:process 1, :type :ok, :f :acquire}]
                """, "other.edn:3: model cas-register expects read, write, cas, found acquire");
        expectBadInput(dir, "unknown.edn", "[{:process 0, :type :invoke, :f :read}\n {:process 0, :type :ok, :f :frobnicate}]",
                "unknown.edn:2: unknown operation f 'frobnicate'");
        expectBadInput(dir, "nilkey.edn", "{:process 0, :type :invoke, :f :get, :key nil}",
                "nilkey.edn:1: expected a key (an integer, a string or a keyword) in :key, found nil");
        expectBadInput(dir, "elle.edn", """
                {:type :invoke, :f :txn, :value [[:append 1 2]], :process 0}
                {:type :ok, :f :txn, :value [[:append 1 2]], :process 0}
                """, "elle.edn:1: a transaction [[:append 1 2]] of micro-operations other than :read and :write:"
                + " check it with --model txn-list-append or txn-rw-register");
        expectBadInput(dir, "shape.edn", """
                [{:type :invoke, :f :txn, :value [[:read :x nil]], :process 0}
                 {:type :ok, :f :txn, :value [[:read :x]], :process 0}]
                """, "shape.edn:1: model multi-register expects micro-operations [:read k v] or [:write k v], found [:read :x]");
        expectBadInput(dir, "syntax.edn", "[{:process 0, :type :invoke, :f :read}\n {:process 0 :type :ok :f :read :value [1}]",
                "syntax.edn:2:42: expected ']' or a value, found '}'");
        Path ok = Files.writeString(dir.resolve("ok.edn"), CAS_GOOD);
        RdaRun initial = RdaRun.of("lin", "check", ok.toString(), "--initial", "{:x");
        assertThat(initial.exitCode()).isEqualTo(2);
        assertThat(initial.err()).contains("--initial: column 1: expected '}' to close the map opened here");
        RdaRun reads = RdaRun.of("lin", "check", ok.toString(), "--nil-reads", "maybe");
        assertThat(reads.exitCode()).isEqualTo(2);
        assertThat(reads.err()).contains("--nil-reads: unknown 'maybe' (valid: value, unknown)");
    }

    @Test
    void formatEdnForcesEdnForTransactionsAndACommentNeverMeansJson(@TempDir Path dir) throws Exception {
        String txns = """
                ; one transaction appends, the next reads it
                {:type :invoke, :f :txn, :value [[:append 1 2]], :process 0}
                {:type :ok, :f :txn, :value [[:append 1 2]], :process 0}
                {:type :invoke, :f :txn, :value [[:r 1 nil]], :process 1}
                {:type :ok, :f :txn, :value [[:r 1 [2]]], :process 1}
                """;
        Path named = Files.writeString(dir.resolve("txns.jsonl"), txns);
        RdaRun forced = RdaRun.of("lin", "check", "--model", "txn-list-append", "--format", "edn", named.toString());
        assertThat(forced.exitCode()).as(forced.err()).isEqualTo(0);
        RdaRun wrong = RdaRun.of("lin", "check", "--model", "txn-list-append", named.toString());
        assertThat(wrong.exitCode()).isEqualTo(2);
        assertThat(wrong.err()).contains("txns.jsonl:2: not JSON");
        Path unnamed = Files.writeString(dir.resolve("txns"), txns);
        RdaRun detected = RdaRun.of("lin", "check", "--model", "txn-list-append", unnamed.toString());
        assertThat(detected.exitCode()).as(detected.err()).isEqualTo(0);
    }

    private static void expectBadInput(Path dir, String name, String text, String message) throws Exception {
        Path f = Files.writeString(dir.resolve(name), text);
        RdaRun r = RdaRun.of("lin", "check", f.toString());
        assertThat(r.exitCode()).as(name + ": " + r.out() + r.err()).isEqualTo(2);
        assertThat(r.err()).as(name).contains(message);
    }
}
