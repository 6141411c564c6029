package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.mutation.Plant;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reports of real runs for the report tests: a check of Erda with a planted bug and the TH-DPMS transaction cells (FAIL,
 * findings with timelines, the transaction control's too), a fuzz campaign with the same bug, a lin check of a stale
 * read and one of a timed history with a crash (plots over time), the YCSB, REMOTELOG and scaling benchmarks, YCSB
 * against a store served over TCP in this JVM (plots over time), sim-bench,
 * and a synthetic check document as wide as a full run's (12 configurations, both transports, ten stores) for layout.
 */
final class SampleReports {
    final Path check;
    final Path fuzz;
    final Path lin;
    final Path bench;
    final Path timed;
    final Path remotelog;
    final Path scale;
    final Path simBench;
    final Path wide;
    final Path realBench;

    private static SampleReports made;

    /** The reports, made once per test JVM under {@code target/sample-reports}. */
    static synchronized SampleReports get() throws Exception {
        if (made == null) {
            Path root = Path.of("target", "sample-reports");
            if (Files.exists(root)) {
                try (var walk = Files.walk(root)) {
                    walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
            made = new SampleReports(root);
        }
        return made;
    }

    private SampleReports(Path root) throws Exception {
        check = root.resolve("check");
        RdaRun c = RdaRun.of("check", "--config", "DMP+DDIO+DRAM-RQWRB", "--transport", "IB", "--protocols", "erda", "--clusters", "txn",
                "--plant", "erda-get-skips-crc", "--report", check.toString());
        assertThat(c.exitCode()).as(c.err()).isEqualTo(1);
        fuzz = root.resolve("fuzz");
        RdaRun.of("fuzz", "--runs", "40", "--protocols", "erda", "--plant", "erda-get-skips-crc", "--corpus", root.resolve("corpus").toString(),
                "--report", fuzz.toString());
        Path history = root.resolve("stale.edn");
        Files.writeString(history, LinCommandTest.STALE_EDN);
        lin = root.resolve("lin");
        assertThat(RdaRun.of("lin", "check", history.toString(), "--report", lin.toString()).exitCode()).isEqualTo(1);
        bench = root.resolve("bench");
        assertThat(RdaRun.of("bench", "ycsb", "--ops", "50", "--records", "200", "--report", bench.toString()).exitCode()).isZero();
        io.rdasuite.store.mutation.PlantedBugs.plant(Plant.NONE); // later tests run the stores as written
        Path timedFile = root.resolve("timed.jsonl");
        Files.writeString(timedFile, timedHistory());
        timed = root.resolve("timed");
        assertThat(RdaRun.of("lin", "check", timedFile.toString(), "--crashes", "durable", "--report", timed.toString()).exitCode()).isLessThan(2);
        remotelog = root.resolve("remotelog");
        assertThat(RdaRun.of("bench", "remotelog", "--appends", "3", "--report", remotelog.toString()).exitCode()).isZero();
        scale = root.resolve("scale");
        assertThat(RdaRun.of("bench", "scale", "--workloads", "C,A", "--clients", "1,2", "--ops", "10", "--records", "100", "--report",
                scale.toString()).exitCode()).isZero();
        simBench = root.resolve("sim-bench");
        assertThat(RdaRun.of("sim-bench", "--verbs", "200", "--repeats", "2", "--warmups", "0", "--clients", "2", "--report",
                simBench.toString()).exitCode()).isZero();
        wide = root.resolve("wide");
        io.rdasuite.cli.report.ReportSite.write(wide, WideCheck.document());
        realBench = root.resolve("real-bench");
        try (var server = new io.rdasuite.hwreal.tcp.TcpTransport(0, io.rdasuite.store.fabric.ServerConfig.parse("MHP+DDIO+PM-RQWRB"), null);
             var host = io.rdasuite.hwreal.remote.StoreHost.start(server, EfProtocol.EFACTORY,
                     new io.rdasuite.hwreal.remote.StoreSize(new io.rdasuite.store.kv.KvShape(16, 512), 4, 256, 4096), false,
                     new java.io.PrintStream(java.io.OutputStream.nullOutputStream()))) {
            var at = host.listen(new java.net.InetSocketAddress("127.0.0.1", 0));
            RdaRun b = RdaRun.of("bench", "ycsb", "--fabric", "tcp", "--servers", "127.0.0.1:" + at.getPort(), "--workload", "B", "--clients", "2",
                    "--ops", "300", "--records", "100", "--report", realBench.toString());
            assertThat(b.exitCode()).as(b.err()).isZero();
        }
    }

    /**
     * A recorded history with wall-clock times (JSON Lines): two clients put and get for 2 s, the server crashes at
     * 0.8 s and answers again from 1.1 s; what was acknowledged before the crash is read back after it.
     */
    static String timedHistory() {
        StringBuilder b = new StringBuilder();
        long t = 1_000_000_000L;
        int value = 0;
        for (int i = 0; i < 200; i++) {
            int p = i % 2;
            if (i == 80) {
                b.append("{\"type\":\"crash\",\"time\":").append(t).append("}\n");
                t += 300_000_000L;
                b.append("{\"type\":\"recovery\",\"time\":").append(t).append("}\n");
            }
            boolean put = i % 4 < 2;
            String key = "k" + p;
            if (put) {
                value++;
                b.append("{\"type\":\"invoke\",\"process\":").append(p).append(",\"f\":\"put\",\"key\":\"").append(key)
                        .append("\",\"value\":").append(value).append(",\"time\":").append(t).append("}\n");
                t += 2_000_000L + (i % 7) * 300_000L;
                b.append("{\"type\":\"ok\",\"process\":").append(p).append(",\"f\":\"put\",\"key\":\"").append(key)
                        .append("\",\"value\":").append(value).append(",\"time\":").append(t).append("}\n");
            } else {
                b.append("{\"type\":\"invoke\",\"process\":").append(p).append(",\"f\":\"get\",\"key\":\"").append(key)
                        .append("\",\"time\":").append(t).append("}\n");
                t += 1_000_000L + (i % 5) * 200_000L;
                b.append("{\"type\":\"ok\",\"process\":").append(p).append(",\"f\":\"get\",\"key\":\"").append(key)
                        .append("\",\"value\":").append(value - (p == 0 ? 1 : 0)).append(",\"time\":").append(t).append("}\n");
            }
            t += 5_000_000L;
        }
        return b.toString();
    }
}
