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

/** {@code rda lin check}: verdicts, JSON, timelines, exit codes and errors that name the valid choices or the line. */
class LinCommandTest {

    private static RdaRun rda(String... args) {
        return RdaRun.of(args);
    }

    private static final String GOOD_JSONL = """
            {"type":"invoke","process":0,"f":"put","key":"x","value":1,"time":10}
            {"type":"ok","process":0,"f":"put","key":"x","value":1,"time":20}
            {"type":"invoke","process":1,"f":"get","key":"x","value":null,"time":30}
            {"type":"ok","process":1,"f":"get","key":"x","value":1,"time":40}
            """;

    static final String STALE_EDN = """
            {:process 0 :type :invoke :f :put :key "y" :value 1}
            {:process 0 :type :ok :f :put :key "y" :value 1}
            {:process 0 :type :invoke :f :put :key "y" :value 2}
            {:process 0 :type :ok :f :put :key "y" :value 2}
            {:process 1 :type :invoke :f :get :key "y"}
            {:process 1 :type :ok :f :get :key "y" :value 1}
            """;

    private static final String REGISTER_LOG = """
            INFO  jepsen.util - 0\t:invoke\t:write\t3
            INFO  jepsen.util - 0\t:ok\t:write\t3
            INFO  jepsen.util - 1\t:invoke\t:cas\t[3 4]
            INFO  jepsen.util - 1\t:ok\t:cas\t[3 4]
            """;

    @Test
    void folderOfThreeFormatsGivesOneResultPerFileSortedByName(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("b.jsonl"), GOOD_JSONL);
        Files.writeString(dir.resolve("a.edn"), STALE_EDN);
        Files.writeString(dir.resolve("c.log"), REGISTER_LOG);
        RdaRun r = rda("lin", "check", dir.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(r.out());
        List<String> rows = new ArrayList<>();
        for (JsonNode row : doc.get("results")) {
            rows.add(row.get("file").asText() + " " + row.get("verdict").asText() + " " + row.get("model").asText());
            assertThat(row.get("checkNanos").asLong()).isPositive();
        }
        assertThat(rows).containsExactly("a.edn NOT_LINEARIZABLE kv", "b.jsonl LINEARIZABLE kv", "c.log LINEARIZABLE cas-register");
        assertThat(doc.get("results").get(0).get("key").asText()).isEqualTo("y");
        assertThat(doc.get("results").get(0).get("blocking").asText()).isEqualTo("p1 read y -> 1");
        assertThat(doc.get("notLinearizable").asInt()).isEqualTo(1);
    }

    @Test
    void allLinearizableExitsZeroWithATextTable(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("good.jsonl"), GOOD_JSONL);
        RdaRun r = rda("lin", "check", f.toString());
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("good.jsonl").contains("LINEARIZABLE").contains("1 histories: 1 linearizable, 0 not, 0 unknown");
    }

    @Test
    void violationIsWrittenAsAMinimizedTimeline(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("stale.edn"), STALE_EDN);
        Path out = dir.resolve("timelines");
        RdaRun r = rda("lin", "check", f.toString(), "--timeline", out.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).contains("NOT_LINEARIZABLE").contains("minimized to 3 ops");
        String html = Files.readString(out.resolve("stale.edn.html"));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("class=\"op block\"").contains("read y -&gt; 1");
    }

    @Test
    void crashSemanticsChangeTheVerdict(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("crash.edn"), """
                {:process 0 :type :invoke :f :write :value 1}
                {:type :crash}
                {:process 1 :type :invoke :f :read}
                {:process 1 :type :ok :f :read :value nil}
                {:process 1 :type :invoke :f :read}
                {:process 1 :type :ok :f :read :value 1}
                """);
        assertThat(rda("lin", "check", f.toString()).exitCode()).isZero();
        assertThat(rda("lin", "check", f.toString(), "--crashes", "durable").exitCode()).isEqualTo(1);
        RdaRun bad = rda("lin", "check", f.toString(), "--crashes", "sometimes");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown crash semantics 'sometimes' (valid: open, durable, buffered)");
    }

    @Test
    void outOfTimeIsUnknownWithExitCodeThree(@TempDir Path dir) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < 18; p++) { // 18 concurrent writes, then a read of a value none wrote: ~2^18 configurations
            sb.append(p).append(" :invoke :write ").append(p).append('\n');
        }
        for (int p = 0; p < 18; p++) {
            sb.append(p).append(" :ok :write ").append(p).append('\n');
        }
        sb.append("99 :invoke :read nil\n99 :ok :read 99\n");
        Path f = Files.writeString(dir.resolve("hard.log"), sb.toString());
        RdaRun r = rda("lin", "check", f.toString(), "--timeout-ms", "1", "--json");
        assertThat(r.exitCode()).isEqualTo(3);
        JsonNode row = new ObjectMapper().readTree(r.out()).get("results").get(0);
        assertThat(row.get("verdict").asText()).isEqualTo("UNKNOWN");
        assertThat(row.get("reason").asText()).contains("time budget exceeded");
    }

    @Test
    void badInputIsExitCodeTwoWithAClearMessage(@TempDir Path dir) throws Exception {
        Path good = Files.writeString(dir.resolve("good.jsonl"), GOOD_JSONL);
        RdaRun model = rda("lin", "check", good.toString(), "--model", "queue");
        assertThat(model.exitCode()).isEqualTo(2);
        assertThat(model.err()).contains("unknown model 'queue' (valid: auto, txn-list-append, txn-rw-register, register, cas-register, kv, kv-string, mutex, multi-register)");
        RdaRun format = rda("lin", "check", good.toString(), "--format", "xml");
        assertThat(format.exitCode()).isEqualTo(2);
        assertThat(format.err()).contains("unknown format 'xml' (valid: auto, jsonl, jepsen-log, edn)");
        Path broken = Files.writeString(dir.resolve("broken.jsonl"), GOOD_JSONL + "{\"type\":\"ok\",\"process\":7,\"f\":\"get\"}\n");
        RdaRun parse = rda("lin", "check", broken.toString());
        assertThat(parse.exitCode()).isEqualTo(2);
        assertThat(parse.err()).contains("rda lin check: broken.jsonl:5: process 7 completes read (ok) but has no pending invoke");
        RdaRun missing = rda("lin", "check", dir.resolve("nope").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file or folder");
        Path cas = Files.writeString(dir.resolve("cas.log"), REGISTER_LOG);
        RdaRun unsupported = rda("lin", "check", cas.toString(), "--model", "register");
        assertThat(unsupported.exitCode()).isEqualTo(2);
        assertThat(unsupported.err()).contains("cas.log:3: model register expects read, write, found cas")
                .contains("cas-register, kv, kv-string");
    }

    private static final String STRING_APPEND_EDN = """
            {:process 0, :type :invoke, :f :append, :key "0", :value "x 0 0 y"}
            {:process 0, :type :ok, :f :append, :key "0", :value "x 0 0 y"}
            {:process 1, :type :invoke, :f :get, :key "0", :value nil}
            {:process 1, :type :ok, :f :get, :key "0", :value "x 0 0 y"}
            {:process 1, :type :invoke, :f :get, :key "1", :value nil}
            {:process 1, :type :ok, :f :get, :key "1", :value ""}
            """;

    @Test
    void jepsenKeyValueHistoriesAppendStringsAndTheModelIsChosenForThem(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("c01-ok.txt"), STRING_APPEND_EDN);
        RdaRun r = rda("lin", "check", f.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode row = new ObjectMapper().readTree(r.out()).get("results").get(0);
        assertThat(row.get("model").asText()).isEqualTo("kv-string");
        Path stale = Files.writeString(dir.resolve("c01-bad.txt"), STRING_APPEND_EDN + """
                {:process 2, :type :invoke, :f :get, :key "0", :value nil}
                {:process 2, :type :ok, :f :get, :key "0", :value ""}
                """);
        assertThat(rda("lin", "check", stale.toString()).exitCode()).as("a read of nothing after the append").isEqualTo(1);
    }

    @Test
    void emptyAndStrayFilesAndStandardInput(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.edn"), "\n");
        RdaRun e = rda("lin", "check", empty.toString());
        assertThat(e.exitCode()).isEqualTo(2);
        assertThat(e.err()).contains("empty.edn is empty");
        Path folder = Files.createDirectories(dir.resolve("folder"));
        Files.writeString(folder.resolve("a.edn"), STRING_APPEND_EDN);
        Files.writeString(folder.resolve("README.md"), "# notes about these histories\n");
        Files.write(folder.resolve("plot.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', (byte) 0xff, (byte) 0xfe});
        RdaRun f = rda("lin", "check", folder.toString(), "--json");
        assertThat(f.exitCode()).as(f.err()).isZero();
        assertThat(f.err()).contains("warning: skipping README.md: not a history").contains("skipping plot.png");
        assertThat(new ObjectMapper().readTree(f.out()).get("results")).hasSize(1);
        Files.writeString(folder.resolve("b.edn"), "");
        assertThat(rda("lin", "check", folder.toString()).err()).as("an empty history in a folder").contains("b.edn is empty");
        Path onlyStray = Files.createDirectories(dir.resolve("stray"));
        Files.writeString(onlyStray.resolve("notes.txt"), "nothing here\n");
        RdaRun none = rda("lin", "check", onlyStray.toString());
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("no history in");
        java.io.InputStream before = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream(STRING_APPEND_EDN.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            RdaRun stdin = rda("lin", "check", "-", "--json");
            assertThat(stdin.exitCode()).as(stdin.err()).isZero();
            assertThat(new ObjectMapper().readTree(stdin.out()).get("results").get(0).get("file").asText()).isEqualTo("stdin");
        } finally {
            System.setIn(before);
        }
    }

    @Test
    void linAloneShowsItsUsage() {
        RdaRun r = rda("lin");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("check").contains("Usage: rda lin");
    }
}
