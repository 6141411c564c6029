package io.rdasuite.linearizability.crash;

import io.rdasuite.crashsim.Explorer;
import io.rdasuite.linearizability.checker.CheckResult;
import io.rdasuite.linearizability.timeline.HtmlTimeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The HTML timeline of a crash state whose history is not linearizable, for the findings of {@code rda check}. */
public final class CrashTimelines {
    private CrashTimelines() {
    }

    /**
     * Re-runs the crash state of {@code replayToken}, checks its history and writes the violating key's timeline
     * to {@code dir}; returns the file, or null when that state's history is linearizable after all.
     */
    public static Path write(String replayToken, Path dir) throws IOException {
        Explorer.CrashRun run = Explorer.crashRun(replayToken);
        CheckResult r = CrashHistoryCheck.result(run.subject(), run.scenario().config(), run.history(), run.observed());
        return r.violation() == null ? null : page(replayToken, run, dir, HtmlTimeline.render(title(replayToken, run), r.violation(), HtmlTimeline.Clock.SIM_EVENTS));
    }

    /**
     * The timeline of a finding of any invariant: the violation's when the state's history is not linearizable, else
     * the whole history with the crash marked and {@code finding} as its caption (a durability loss, say, shows
     * which acknowledged write the recovered state lacks). Returns the file written to {@code dir}.
     */
    public static Path writeFinding(String replayToken, String finding, Path dir) throws IOException {
        Explorer.CrashRun run = Explorer.crashRun(replayToken);
        CheckResult r = CrashHistoryCheck.result(run.subject(), run.scenario().config(), run.history(), run.observed());
        if (r.violation() != null) {
            return page(replayToken, run, dir, HtmlTimeline.render(title(replayToken, run), r.violation(), HtmlTimeline.Clock.SIM_EVENTS));
        }
        io.rdasuite.linearizability.history.History h = CrashHistories.of(run.subject(), run.history(), run.observed());
        return page(replayToken, run, dir, HtmlTimeline.renderHistory(title(replayToken, run),
                "The history is linearizable; the finding is: " + finding, h.operations(), h.crashes()));
    }

    /**
     * The timeline of a {@code rda fuzz} failure ({@code rdaf2.…} token): its crash state re-run with the bug planted that
     * its run had, then as {@link #writeFinding} (every epoch's operations, each crash and recovery marked).
     */
    public static Path writeFuzz(String replayToken, String finding, Path dir) throws IOException {
        io.rdasuite.crashsim.fuzz.FuzzExplorer.StateRun run = io.rdasuite.crashsim.fuzz.FuzzExplorer.stateRun(replayToken);
        io.rdasuite.store.fabric.ServerConfig config = io.rdasuite.crashsim.fuzz.FuzzToken.decode(replayToken).fuzzCase().scenario().config();
        String title = run.subject().name() + " on " + config.name() + ": " + replayToken;
        CheckResult r = CrashHistoryCheck.result(run.subject(), config, run.history(), run.observation());
        String html;
        if (r.violation() != null) {
            html = HtmlTimeline.render(title, r.violation(), HtmlTimeline.Clock.SIM_EVENTS);
        } else {
            io.rdasuite.linearizability.history.History h = CrashHistories.of(run.subject(), run.history(), run.observation());
            html = HtmlTimeline.renderHistory(title, "The history is linearizable; the failure is: " + finding, h.operations(), h.crashes());
        }
        Files.createDirectories(dir);
        Path file = dir.resolve("fuzz-" + run.subject().name().replace('/', '-') + "-" + Integer.toHexString(replayToken.hashCode()) + ".html");
        Files.writeString(file, html);
        return file;
    }

    private static String title(String replayToken, Explorer.CrashRun run) {
        return run.subject().name() + " on " + run.scenario().config().name() + ": " + replayToken;
    }

    private static Path page(String replayToken, Explorer.CrashRun run, Path dir, String html) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(run.subject().name().replace('/', '-') + "-" + Integer.toHexString(replayToken.hashCode()) + ".html");
        Files.writeString(file, html);
        return file;
    }
}
