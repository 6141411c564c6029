package io.rdasuite.cli.report;

import java.util.Map;

/**
 * What every page of a report says about the run it shows: when the report was written, the build's commit, the
 * command line and the seed (Jepsen and JMH reports carry the same), so a page printed or mailed alone still names
 * its run. A merged campaign's report names the merge and the shards' command line.
 *
 * @param date        when the report was written (UTC, ISO-8601)
 * @param commit      the build's commit ({@code -dirty} when built from changed sources), or {@code unknown}
 * @param commandLine the command line that wrote the report
 * @param seed        the run's seed, or null when it has none
 */
public record RunInfo(String date, String commit, String commandLine, String seed) {
    /** The metadata of {@code doc}'s run, its seed and (for a campaign) the shards' command line taken from the document. */
    @SuppressWarnings("unchecked")
    public static RunInfo of(String date, String commit, String commandLine, Map<String, Object> doc) {
        Object seed = doc.get("seed");
        String line = commandLine;
        if (doc.get("campaign") instanceof Map<?, ?> c && c.get("commandLine") != null && !String.valueOf(c.get("commandLine")).equals(commandLine)) {
            line = commandLine + "  (the run: " + c.get("commandLine") + ")";
        }
        return new RunInfo(date, commit, line, seed == null ? null : String.valueOf(seed));
    }

    /** The metadata line of a page header ({@code id="run-meta"}), escaped. */
    String html() {
        return "<div class=\"meta\" id=\"run-meta\"><span>date " + Page.esc(date) + "</span><span>commit " + Page.esc(commit) + "</span>"
                + "<span>seed " + (seed == null ? "none (the command draws nothing at random)" : Page.esc(seed)) + "</span>" + "<span>command <code>" + Page.esc(commandLine)
                + "</code></span></div>";
    }
}
