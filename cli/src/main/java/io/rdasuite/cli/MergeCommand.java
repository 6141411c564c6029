package io.rdasuite.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rda merge FILE...}: the JSON outputs of one campaign's shards (each {@code rda check --json --shard i/N}, or
 * {@code rda fuzz --json --shard i/N}) merged into one document: lists concatenated in file order (a check's
 * {@code results} sorted by cell), counts summed, per-store maps added, the verdict PASS only when every shard passed.
 * Every shard must be present exactly once, whole (not stopped by a signal), and from one campaign: their
 * {@link Campaign} records must agree in everything but the shard index (issue 27), or the merge is refused with the
 * field that differs (exit 2).
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge the JSON of a campaign's shards (rda check --json --shard i/N, or rda fuzz --json) into one document.",
                "Exit codes: 0 every shard passed, 1 some shard failed, 2 bad input (unreadable file, shards of different campaigns: the"
                        + " field that differs is named; a shard missing, given twice or partial)."})
final class MergeCommand implements Callable<Integer> {
    @Mixin
    JsonOption common;

    @Mixin
    NoSeedOption noSeed;

    @Spec
    CommandSpec spec;

    @Mixin
    ReportOption report;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "JSON outputs of the shards.")
    List<Path> files;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the merged JSON there instead of standard output.")
    Path output;

    /** Summed across shards. */
    static final List<String> COUNTS = List.of("crashStates", "runs", "findingStates", "failingRuns", "newCoverageRuns", "mutantRuns",
            "mutantNewCoverageRuns", "errorRuns");

    @Override
    public Integer call() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> docs = new ArrayList<>();
        for (Path f : files) {
            // a shard named on the command line is input: missing or unreadable, it is bad input (exit 2), as the help says
            if (Files.isDirectory(f)) {
                return bad(f + " is a folder; give the shards' JSON files (e.g. " + f.resolve("*.json") + ")");
            }
            try {
                docs.add(json.readTree(Files.readString(f)));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return bad(f + " is not JSON (" + e.getOriginalMessage() + ")");
            } catch (IOException e) {
                return bad(Errors.describe(e));
            }
        }
        String command = docs.getFirst().path("command").asText();
        if (!command.equals("check") && !command.equals("fuzz")) {
            return bad(files.getFirst() + " is not the JSON of rda check or rda fuzz (command '" + command + "')");
        }
        for (int i = 0; i < docs.size(); i++) {
            if (!docs.get(i).path("command").asText().equals(command)) {
                return bad(files.get(i) + " is from rda " + docs.get(i).path("command").asText() + ", " + files.getFirst() + " from rda " + command);
            }
            if (docs.get(i).has("interrupted")) {
                return bad(files.get(i) + " is a partial result (stopped by " + docs.get(i).path("interrupted").path("signal").asText()
                        + "): run that shard again before merging");
            }
            if (!docs.get(i).path("campaign").isObject()) {
                return bad(files.get(i) + " records no campaign (what was run: filters, budget, seed, shard, build); it was written by an"
                        + " older rda: run the shard again with this one");
            }
            String differs = differingField(docs.getFirst().path("campaign"), docs.get(i).path("campaign"));
            if (differs != null) {
                return bad(files.get(i) + " is from another campaign than " + files.getFirst() + ": " + differs
                        + " (shards of one campaign differ in the shard index only)");
            }
        }
        String missing = shardCoverage(docs);
        if (missing != null) {
            return bad(missing);
        }
        ObjectNode merged = merge(json, docs);
        merged.put("shards", docs.size());
        String text = Json.write(merged);
        if (output != null) {
            Files.writeString(output, text + "\n");
        } else {
            PrintWriter out = spec.commandLine().getOut();
            out.println(text);
            out.flush();
        }
        if (output != null && !common.json) {
            spec.commandLine().getOut().println("rda merge: " + docs.size() + " shards of rda " + command + ", verdict " + merged.path("verdict").asText()
                    + ", " + merged.path("crashStates").asLong() + " crash states -> " + output);
            spec.commandLine().getOut().flush();
        }
        if (report.wanted()) {
            @SuppressWarnings("unchecked")
            java.util.Map<String, Object> doc = json.convertValue(merged, java.util.LinkedHashMap.class);
            report.write(spec, doc);
        }
        return merged.path("verdict").asText().equals("PASS") ? 0 : 1;
    }

    private int bad(String why) {
        return Errors.fail(spec, common.json, Errors.EXIT_USAGE, why);
    }

    /**
     * The first field of {@link Campaign#COMPARED} in which two campaign records differ, named with both values, or null
     * when they agree in all of them.
     */
    static String differingField(JsonNode a, JsonNode b) {
        for (String field : Campaign.COMPARED) {
            JsonNode x = a.path(field);
            JsonNode y = b.path(field);
            if (x.isObject() && y.isObject()) {
                TreeSet<String> names = new TreeSet<>();
                x.fieldNames().forEachRemaining(names::add);
                y.fieldNames().forEachRemaining(names::add);
                for (String n : names) {
                    if (!x.path(n).equals(y.path(n))) {
                        return field + "." + n + " is " + show(y.path(n)) + ", not " + show(x.path(n));
                    }
                }
            } else if (!x.equals(y)) {
                return field + " is " + show(y) + ", not " + show(x);
            }
        }
        return null;
    }

    private static String show(JsonNode v) {
        return v.isMissingNode() ? "(absent)" : v.isTextual() ? "'" + v.asText() + "'" : v.toString();
    }

    /** Null when the shards are 0..N-1 of one N, each once; otherwise what is wrong. */
    static String shardCoverage(List<JsonNode> docs) {
        TreeSet<Integer> seen = new TreeSet<>();
        int count = -1;
        for (JsonNode d : docs) {
            String[] s = d.path("campaign").path("shard").asText("0/1").split("/");
            int i = Integer.parseInt(s[0]);
            int n = Integer.parseInt(s[1]);
            if (count >= 0 && n != count) {
                return "shards of different campaigns: " + count + " and " + n + " shards";
            }
            count = n;
            if (!seen.add(i)) {
                return "shard " + i + "/" + n + " given twice";
            }
        }
        for (int i = 0; i < count; i++) {
            if (!seen.contains(i)) {
                return "shard " + i + "/" + count + " is missing (merge needs every shard of the campaign)";
            }
        }
        return null;
    }

    /** The merged document (see the class doc). */
    static ObjectNode merge(ObjectMapper json, List<JsonNode> docs) {
        ObjectNode out = json.createObjectNode();
        boolean pass = true;
        long wall = 0;
        for (JsonNode d : docs) {
            pass &= d.path("verdict").asText().equals("PASS");
            wall = Math.max(wall, d.path("wallMillis").asLong());
            Iterator<Map.Entry<String, JsonNode>> fields = d.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                String k = f.getKey();
                JsonNode v = f.getValue();
                JsonNode have = out.get(k);
                if (v.isArray()) {
                    ArrayNode a = have instanceof ArrayNode arr ? arr : out.putArray(k);
                    v.forEach(a::add);
                } else if (COUNTS.contains(k) && v.isNumber()) {
                    out.put(k, (have == null ? 0 : have.asLong()) + v.asLong());
                } else if (v.isObject() && (k.equals("runsPerStore") || k.equals("faultsFired"))) {
                    ObjectNode m = have instanceof ObjectNode o ? o : out.putObject(k);
                    v.fields().forEachRemaining(e -> m.put(e.getKey(), m.path(e.getKey()).asLong() + e.getValue().asLong()));
                } else if (have == null || have.isNull()) {
                    out.set(k, v);
                }
            }
        }
        if (out.get("results") instanceof ArrayNode results && results.size() > 0 && results.get(0).has("cell")) {
            List<JsonNode> rows = new ArrayList<>();
            results.forEach(rows::add);
            rows.sort(java.util.Comparator.comparingInt(r -> r.path("cell").asInt()));
            results.removeAll();
            rows.forEach(results::add);
        }
        out.put("verdict", pass ? "PASS" : "FAIL");
        out.put("shard", "merged");
        out.put("wallMillis", wall);
        out.put("statesPerSecond", wall == 0 ? 0 : Math.round(out.path("crashStates").asLong() * 1000.0 / wall));
        return out;
    }
}
