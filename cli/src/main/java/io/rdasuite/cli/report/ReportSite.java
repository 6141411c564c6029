package io.rdasuite.cli.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * The HTML report of a run ({@code --report DIR}): {@code DIR/index.html} with the verdict, the matrix of cells
 * coloured by result and linked to each finding, the findings with their shrunk counterexample, timeline and replay
 * line, and charts of the benchmarks; {@code DIR/result.json} is the run's JSON document, {@code DIR/assets/} the
 * stylesheet and the charting library (ECharts, from its webjar), {@code DIR/timelines/} the history timelines. The
 * folder is self-contained: it opens from disk, with no network. The report is made from the same JSON document that
 * {@code --json} prints, so {@code rda merge} makes the report of a sharded campaign the same way.
 */
public final class ReportSite {
    private static final String ECHARTS = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.common.min.js";

    private ReportSite() {
    }

    /**
     * Writes the report of {@code doc} (a JSON document of {@code rda check}, {@code fuzz}, {@code lin check},
     * {@code bench ...}, {@code sim-bench} or {@code merge}) to {@code dir}; returns its index page.
     */
    public static Path write(Path dir, Map<String, Object> doc) throws IOException {
        return write(dir, doc, RunInfo.of(java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString(), "unknown",
                "(not recorded)", doc));
    }

    /**
     * As {@link #write(Path, Map)}, every page (the timelines too) headed by {@code run}'s metadata: date, commit,
     * command line, seed.
     */
    public static Path write(Path dir, Map<String, Object> doc, RunInfo run) throws IOException {
        Files.createDirectories(dir.resolve("assets"));
        copyResource(ReportSite.class.getClassLoader(), ECHARTS, dir.resolve("assets/echarts.min.js"));
        copyResource(ReportSite.class.getClassLoader(), "io/rdasuite/cli/report/report.css", dir.resolve("assets/report.css"));
        Files.writeString(dir.resolve("result.json"), new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc));
        String command = String.valueOf(doc.get("command"));
        String html = switch (command) {
            case "check" -> CheckPage.render(doc, dir, run);
            case "fuzz" -> FuzzPage.render(doc, dir, run);
            case "lin check" -> LinPage.render(doc, dir, run);
            default -> {
                if (command.startsWith("bench") || command.equals("sim-bench")) {
                    yield BenchPage.render(doc, run);
                }
                throw new IllegalArgumentException("no report for the JSON of '" + command
                        + "' (reports exist for check, fuzz, lin check, bench and sim-bench documents)");
            }
        };
        Path index = dir.resolve("index.html");
        Files.writeString(index, html);
        stampTimelines(dir.resolve("timelines"), run);
        return index;
    }

    /** Heads each timeline page (drawn by the history checker, which knows no run) with the run's metadata. */
    private static void stampTimelines(Path timelines, RunInfo run) throws IOException {
        if (!Files.isDirectory(timelines)) {
            return;
        }
        String meta = "<style>.meta span{margin-right:14px;font-size:12px;color:#444}</style>" + run.html() + "\n";
        try (var files = Files.list(timelines)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".html")).sorted().toList()) {
                String html = Files.readString(f);
                int body = html.indexOf("<body>");
                if (body >= 0 && !html.contains("id=\"run-meta\"")) {
                    Files.writeString(f, html.substring(0, body + 6) + "\n" + meta + html.substring(body + 6));
                }
            }
        }
    }

    private static void copyResource(ClassLoader loader, String name, Path to) throws IOException {
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the report asset " + name + " is missing from the class path (a broken install?)");
            }
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
