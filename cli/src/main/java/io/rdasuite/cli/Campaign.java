package io.rdasuite.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What a campaign run was, recorded in every {@code --json} result of {@code rda check} and {@code rda fuzz} (issue 27:
 * campaigns that cannot lie): the command line as typed, the filters that chose its cells or stores, its budget, seed
 * and shard, and the build it ran (version and commit). {@code rda merge} joins only shards whose records agree in
 * every field but the shard index; the command line is kept for people and not compared (it names the shard and the
 * output files).
 *
 * @param filters which cells, stores or clusters, by option name; a filter left out is recorded as {@code all}
 */
record Campaign(String commandLine, String command, Map<String, String> filters, double budget, long seed, int shardIndex, int shardCount,
                String version, String commit) {
    /** The version {@code rda --version} prints. */
    static final String VERSION = "0.1.0";

    /** The fields {@link #differences} compares, in the order a refusal names them. */
    static final List<String> COMPARED = List.of("command", "filters", "budget", "seed", "shardCount", "version", "commit");

    /** The record of the command {@code spec} parsed. */
    static Campaign of(CommandSpec spec, Map<String, String> filters, double budget, long seed, Cells.Shard shard) {
        List<String> args = spec.commandLine().getParseResult() == null ? List.of() : spec.commandLine().getParseResult().originalArgs();
        if (!args.isEmpty() && args.getFirst().equals(spec.name())) {
            args = args.subList(1, args.size()); // the top-level parse's arguments begin with the subcommand's name
        }
        return new Campaign("rda " + spec.name() + (args.isEmpty() ? "" : " " + String.join(" ", args)), spec.name(), filters, budget, seed,
                shard.index(), shard.count(), VERSION, BuildInfo.COMMIT);
    }

    /** {@code all} when no value was given, else the values joined by commas in the order given. */
    static String filter(List<?> values) {
        return values == null || values.isEmpty() ? "all" : String.join(",", values.stream().map(Object::toString).toList());
    }

    /** The JSON object ({@code "campaign"} in a result). */
    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("commandLine", commandLine);
        m.put("command", command);
        m.put("filters", filters);
        m.put("budget", budget);
        m.put("seed", seed);
        m.put("shard", shardIndex + "/" + shardCount);
        m.put("shardCount", shardCount);
        m.put("version", version);
        m.put("commit", commit);
        return m;
    }

    /** The commit of this build, read from the properties file the build writes (git-commit-id-maven-plugin). */
    static final class BuildInfo {
        static final String COMMIT = read();

        private BuildInfo() {
        }

        private static String read() {
            try (InputStream in = Campaign.class.getResourceAsStream("rda-build.properties")) {
                if (in == null) {
                    return "unknown";
                }
                Properties p = new Properties();
                p.load(in);
                String id = p.getProperty("git.commit.id.abbrev", "");
                if (id.isEmpty()) {
                    return "unknown";
                }
                return id + ("true".equals(p.getProperty("git.dirty")) ? "-dirty" : "");
            } catch (IOException e) {
                return "unknown";
            }
        }
    }
}
