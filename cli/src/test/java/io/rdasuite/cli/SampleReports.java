package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reports of real runs for the report tests: a check of Erda with a planted bug (FAIL, findings with timelines), a
 * fuzz campaign with the same bug, a lin check of a stale read, and a YCSB benchmark (charts, p50/p99).
 */
final class SampleReports {
    final Path check;
    final Path fuzz;
    final Path lin;
    final Path bench;

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
        RdaRun c = RdaRun.of("check", "--config", "DMP+DDIO+DRAM-RQWRB", "--transport", "IB", "--protocols", "erda", "--clusters", "none",
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
        io.rdasuite.store.mutation.PlantedBugs.plant(io.rdasuite.store.mutation.PlantedBug.NONE); // later tests run the stores as written
    }
}
