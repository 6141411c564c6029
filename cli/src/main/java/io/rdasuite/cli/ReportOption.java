package io.rdasuite.cli;

import io.rdasuite.cli.report.ReportSite;
import io.rdasuite.cli.report.RunInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --report DIR}: the run's self-contained HTML report ({@link ReportSite}), made from its JSON document. */
final class ReportOption {
    @Option(names = "--report", paramLabel = "DIR", description = "Also write a self-contained HTML report to DIR (DIR/index.html:"
            + " verdict, matrix of cells, findings with timelines and replay lines, charts; opens from disk, no network).")
    Path dir;

    boolean wanted() {
        return dir != null;
    }

    /** Writes the report of {@code doc} when asked; says where on stderr (stdout may carry JSON). */
    void write(CommandSpec spec, Map<String, Object> doc) {
        if (dir == null) {
            return;
        }
        try {
            java.util.List<String> args = spec.root().commandLine().getParseResult() == null ? java.util.List.of()
                    : spec.root().commandLine().getParseResult().originalArgs();
            String line = "rda" + (args.isEmpty() ? " " + spec.qualifiedName(" ").replaceFirst("^rda ?", "") : " " + String.join(" ", args));
            RunInfo run = RunInfo.of(java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString(),
                    Campaign.BuildInfo.COMMIT, line.strip(), doc);
            Path index = ReportSite.write(dir, doc, run);
            spec.commandLine().getErr().println("report: " + index);
            spec.commandLine().getErr().flush();
        } catch (IOException e) {
            // an environment failure (exit 4), one line naming the folder and the cause
            throw new IllegalStateException("cannot write the report to " + dir + ": " + Errors.describe(e));
        }
    }
}
