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

/** {@code rda lin check --model txn-list-append}: a write skew is named, a serial history passes. */
class TxnCheckTest {
    @Test
    void aWriteSkewIsNotSerializableAndNamed(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("skew.edn");
        Files.write(h, List.of("{:type :invoke, :f :txn, :process 0, :value [[:r :x nil] [:append :y 1]]}",
                "{:type :invoke, :f :txn, :process 1, :value [[:r :y nil] [:append :x 1]]}",
                "{:type :ok, :f :txn, :process 0, :value [[:r :x []] [:append :y 1]]}",
                "{:type :ok, :f :txn, :process 1, :value [[:r :y []] [:append :x 1]]}",
                "{:type :invoke, :f :txn, :process 2, :value [[:r :x nil] [:r :y nil]]}",
                "{:type :ok, :f :txn, :process 2, :value [[:r :x [1]] [:r :y [1]]]}"));
        RdaRun r = RdaRun.of("lin", "check", "--model", "txn-list-append", h.toString(), "--json");
        assertThat(r.exitCode()).isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("verdict").asText()).isEqualTo("NOT_SERIALIZABLE");
        assertThat(doc.get("anomalies").get(0).get("anomaly").asText()).isEqualTo("G2-item");

        Path drawn = dir.resolve("report");
        RdaRun html = RdaRun.of("lin", "check", "--model", "txn-list-append", h.toString(), "--timeline", drawn.toString());
        assertThat(html.exitCode()).isEqualTo(1);
        String page = Files.readString(drawn.resolve("skew.edn.html"));
        assertThat(page).contains("<svg").contains(">T0<").contains(">T1<").contains("rw(:x)").contains("rw(:y)").contains("Legend")
                .doesNotContain("<script");
    }

    @Test
    void aSerialHistoryOfTenThousandTransactionsIsStrictlySerializable(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        StringBuilder seen = new StringBuilder();
        for (int i = 1; i <= 10_000; i++) {
            int key = i % 10;
            lines.add("{\"type\":\"invoke\",\"f\":\"txn\",\"process\":" + (i % 4) + ",\"value\":[[\"append\"," + key + "," + i + "],[\"r\"," + key + ",null]]}");
            lines.add("{\"type\":\"ok\",\"f\":\"txn\",\"process\":" + (i % 4) + ",\"value\":[[\"append\"," + key + "," + i + "],[\"r\"," + key + ","
                    + "[" + readOf(key, i) + "]]]}");
        }
        Path h = dir.resolve("serial.jsonl");
        Files.write(h, lines);
        RdaRun r = RdaRun.of("lin", "check", "--model", "txn-list-append", "--strict", h.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("STRICT_SERIALIZABLE").contains("10,000 transactions");
    }

    /**
     * Elle's rw-register options on the command line: its "G-single transaction-order" case passes without the commit order
     * and is a G-single-item with it; its "cyclic version order" case is cyclic-versions with --sequential-keys; --anomalies
     * alone looks for those only; the options are refused where they mean nothing.
     */
    @Test
    void elleOptionsOfRwRegister(@TempDir Path dir) throws Exception {
        Path h = dir.resolve("g-single.edn");
        Files.write(h, List.of("{:type :ok, :f :txn, :process 0, :value [[:r :x nil] [:w :y 2]]}",
                "{:type :ok, :f :txn, :process 1, :value [[:w :x 3] [:w :y 4]]}"));
        assertThat(RdaRun.of("lin", "check", "--model", "txn-rw-register", h.toString()).exitCode()).isZero();
        RdaRun ordered = RdaRun.of("lin", "check", "--model", "txn-rw-register", "--transaction-order", "{0 2, 1 1}", h.toString(), "--json");
        assertThat(ordered.exitCode()).as(ordered.err()).isEqualTo(1);
        assertThat(new ObjectMapper().readTree(ordered.out()).get("anomalyTypes").toString()).isEqualTo("[\"G-single-item\"]");

        Path c = dir.resolve("cyclic.edn");
        Files.write(c, List.of("{:type :ok, :f :txn, :process 0, :value [[:w :x 1]]}", "{:type :ok, :f :txn, :process 0, :value [[:w :x 2]]}",
                "{:type :ok, :f :txn, :process 0, :value [[:r :x 1]]}"));
        RdaRun seq = RdaRun.of("lin", "check", "--model", "txn-rw-register", "--sequential-keys", c.toString(), "--json");
        assertThat(seq.exitCode()).isEqualTo(1);
        assertThat(new ObjectMapper().readTree(seq.out()).get("anomalyTypes").toString()).isEqualTo("[\"cyclic-versions\"]");
        assertThat(RdaRun.of("lin", "check", "--model", "txn-rw-register", "--anomalies", "G2", c.toString()).exitCode()).isZero();

        RdaRun listAppend = RdaRun.of("lin", "check", "--model", "txn-list-append", "--sequential-keys", c.toString());
        assertThat(listAppend.exitCode()).isEqualTo(2);
        assertThat(listAppend.err()).contains("use --model txn-rw-register");
        assertThat(RdaRun.of("lin", "check", "--anomalies", "G0", c.toString()).exitCode()).isEqualTo(2);
        RdaRun unknown = RdaRun.of("lin", "check", "--model", "txn-rw-register", "--anomalies", "G9", c.toString());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown anomaly 'G9' (valid: G1, G2, G0,");
    }

    /** Key {@code key}'s list after the append of {@code upTo}: every i <= upTo with i % 10 == key. */
    private static String readOf(int key, int upTo) {
        StringBuilder b = new StringBuilder();
        for (int i = key == 0 ? 10 : key; i <= upTo; i += 10) {
            if (!b.isEmpty()) {
                b.append(',');
            }
            b.append(i);
        }
        return b.toString();
    }
}
