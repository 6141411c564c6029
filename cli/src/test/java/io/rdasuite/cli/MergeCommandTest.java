package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rda merge} and the campaign manifests: two shards of a check merge into the unsharded run's cells and states;
 * a missing shard or mixed commands are errors; the Kubernetes Indexed Job and the GitHub matrix map their indexes
 * onto shards that cover every cell exactly once.
 */
class MergeCommandTest {
    static final String[] NARROW = {"--config", "DMP+DDIO+DRAM-RQWRB", "--transport", "IB", "--protocols", "erda", "--clusters", "none", "--json"};

    private static String[] check(String shard) {
        List<String> a = new ArrayList<>(List.of("check", "--shard", shard));
        a.addAll(List.of(NARROW));
        return a.toArray(String[]::new);
    }

    @Test
    void twoShardsMergeIntoTheUnshardedRun(@TempDir Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Path s0 = dir.resolve("check-0.json");
        Path s1 = dir.resolve("check-1.json");
        Files.writeString(s0, RdaRun.of(check("0/2")).out());
        Files.writeString(s1, RdaRun.of(check("1/2")).out());
        JsonNode whole = json.readTree(RdaRun.of(check("0/1")).out());
        Path merged = dir.resolve("merged.json");
        RdaRun m = RdaRun.of("merge", "-o", merged.toString(), s1.toString(), s0.toString());
        assertThat(m.exitCode()).as(m.err()).isZero();
        JsonNode doc = json.readTree(Files.readString(merged));
        assertThat(doc.get("verdict").asText()).isEqualTo("PASS");
        assertThat(doc.get("crashStates").asLong()).isEqualTo(whole.get("crashStates").asLong());
        List<Integer> cells = new ArrayList<>();
        doc.get("results").forEach(r -> cells.add(r.get("cell").asInt()));
        List<Integer> expected = new ArrayList<>();
        whole.get("results").forEach(r -> expected.add(r.get("cell").asInt()));
        assertThat(cells).isEqualTo(expected);
        assertThat(doc.get("stores").size()).isEqualTo(whole.get("stores").size());
    }

    /** A campaign record as rda writes it, for hand-made shard documents. */
    static String campaign(String command, String shard, long seed, String protocols) {
        return "{\"commandLine\":\"rda " + command + "\",\"command\":\"" + command + "\",\"filters\":{\"protocols\":\"" + protocols
                + "\"},\"budget\":1.0,\"seed\":" + seed + ",\"shard\":\"" + shard + "\",\"shardCount\":" + shard.split("/")[1]
                + ",\"version\":\"0.1.0\",\"commit\":\"abc1234\"}";
    }

    @Test
    void aMissingShardAndMixedCommandsAreErrors(@TempDir Path dir) throws Exception {
        Path s0 = dir.resolve("check-0.json");
        Files.writeString(s0, "{\"command\":\"check\",\"seed\":1,\"shard\":\"0/2\",\"campaign\":" + campaign("check", "0/2", 1, "all")
                + ",\"verdict\":\"PASS\",\"crashStates\":5,\"results\":[]}");
        RdaRun missing = RdaRun.of("merge", s0.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("shard 1/2 is missing");
        Path fuzz = dir.resolve("fuzz.json");
        Files.writeString(fuzz, "{\"command\":\"fuzz\",\"seed\":1,\"campaign\":" + campaign("fuzz", "1/2", 1, "all") + ",\"verdict\":\"PASS\",\"runs\":3}");
        RdaRun mixed = RdaRun.of("merge", s0.toString(), fuzz.toString());
        assertThat(mixed.exitCode()).isEqualTo(2);
        assertThat(mixed.err()).contains("from rda fuzz");
    }

    @Test
    void fuzzShardsAddUpAndAFailingShardFailsTheMerge(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.writeString(a, "{\"command\":\"fuzz\",\"seed\":100,\"campaign\":" + campaign("fuzz", "0/2", 100, "erda")
                + ",\"verdict\":\"PASS\",\"runs\":3,\"crashStates\":10,\"runsPerStore\":{\"erda\":3},\"failures\":[]}");
        Files.writeString(b, "{\"command\":\"fuzz\",\"seed\":100,\"campaign\":" + campaign("fuzz", "1/2", 100, "erda")
                + ",\"verdict\":\"FAIL\",\"runs\":4,\"crashStates\":12,\"runsPerStore\":{\"erda\":4},"
                + "\"failures\":[{\"replay\":\"rda replay rdaf2.x\"}]}");
        RdaRun m = RdaRun.of("merge", a.toString(), b.toString());
        assertThat(m.exitCode()).isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(m.out());
        assertThat(doc.get("runs").asLong()).isEqualTo(7);
        assertThat(doc.get("crashStates").asLong()).isEqualTo(22);
        assertThat(doc.get("runsPerStore").get("erda").asLong()).isEqualTo(7);
        assertThat(doc.get("failures")).hasSize(1);
        assertThat(doc.get("verdict").asText()).isEqualTo("FAIL");
    }

    /**
     * The campaign the issue saw merged into a PASS: shard 0/2 of one (DMP+DDIO, erda and efactory) beside shard 1/2 of
     * another (WSP+NODDIO, redo). Real runs of both; the merge names the first field that differs.
     */
    @Test
    void shardsOfDifferentCampaignsAreRefusedNamingTheField(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.writeString(a, RdaRun.of("check", "--json", "--clusters", "none", "--config", "DMP+DDIO+DRAM-RQWRB", "--transport", "IB",
                "--protocols", "erda,efactory", "--shard", "0/2").out());
        Files.writeString(b, RdaRun.of("check", "--json", "--clusters", "none", "--config", "WSP+NODDIO+PM-RQWRB", "--transport", "IB",
                "--protocols", "redo", "--shard", "1/2").out());
        RdaRun m = RdaRun.of("merge", a.toString(), b.toString());
        assertThat(m.exitCode()).as(m.err()).isEqualTo(2);
        assertThat(m.err()).contains("filters.config is 'WSP+NODDIO+PM-RQWRB', not 'DMP+DDIO+DRAM-RQWRB'");
        assertThat(m.out()).doesNotContain("PASS");
        for (String[] differs : new String[][] {{"seed", "2"}, {"budget", "2.0"}, {"commit", "\"other\""}, {"version", "\"9.9.9\""}}) {
            Path c = dir.resolve("c-" + differs[0] + ".json");
            Files.writeString(c, campaignDoc(Files.readString(a), "1/2", differs[0], differs[1]));
            RdaRun x = RdaRun.of("merge", a.toString(), c.toString());
            assertThat(x.exitCode()).as(differs[0]).isEqualTo(2);
            assertThat(x.err()).contains(differs[0] + " is ");
        }
    }

    @Test
    void aPartialShardAndAShardWithoutCampaignAreRefused(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.writeString(a, "{\"command\":\"fuzz\",\"seed\":1,\"campaign\":" + campaign("fuzz", "0/2", 1, "erda") + ",\"verdict\":\"PASS\",\"runs\":3}");
        Files.writeString(b, "{\"command\":\"fuzz\",\"seed\":1,\"campaign\":" + campaign("fuzz", "1/2", 1, "erda")
                + ",\"verdict\":\"PARTIAL\",\"interrupted\":{\"signal\":\"SIGINT\",\"runsDone\":1},\"runs\":1}");
        RdaRun partial = RdaRun.of("merge", a.toString(), b.toString());
        assertThat(partial.exitCode()).isEqualTo(2);
        assertThat(partial.err()).contains("partial result (stopped by SIGINT)");
        Files.writeString(b, "{\"command\":\"fuzz\",\"seed\":1,\"verdict\":\"PASS\",\"runs\":1}");
        RdaRun old = RdaRun.of("merge", a.toString(), b.toString());
        assertThat(old.exitCode()).isEqualTo(2);
        assertThat(old.err()).contains("records no campaign");
    }

    /** A check document with its campaign's shard set and one field replaced (a number, or JSON text). */
    private static String campaignDoc(String doc, String shard, String field, String value) throws Exception {
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode d = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(doc);
        com.fasterxml.jackson.databind.node.ObjectNode c = (com.fasterxml.jackson.databind.node.ObjectNode) d.get("campaign");
        c.put("shard", shard);
        c.set(field, json.readTree(value));
        return json.writeValueAsString(d);
    }

    @Test
    void theIndexedJobAndTheMatrixShardEveryCellExactlyOnce() throws Exception {
        String job = Files.readString(repo().resolve("ci/k8s/crash-campaign-job.yaml"));
        int completions = intOf(job, "completions:\\s*(\\d+)");
        assertThat(intOf(job, "name: SHARDS\\s+value: \"(\\d+)\"")).as("SHARDS equals completions").isEqualTo(completions);
        assertThat(job).contains("--shard \"$JOB_COMPLETION_INDEX/$SHARDS\"").contains("completionMode: Indexed");
        covers(completions);
        String workflow = Files.readString(repo().resolve(".github/workflows/crash-campaign.yml"));
        int shards = intOf(workflow, "SHARDS:\\s*(\\d+)");
        Matcher m = Pattern.compile("shard: \\[([0-9, ]+)]").matcher(workflow);
        assertThat(m.find()).isTrue();
        TreeSet<Integer> matrix = new TreeSet<>();
        for (String x : m.group(1).split(",")) {
            matrix.add(Integer.parseInt(x.trim()));
        }
        assertThat(matrix).hasSize(shards).first().isEqualTo(0);
        assertThat(matrix.last()).isEqualTo(shards - 1);
        covers(shards);
    }

    /** Every index k of {@code n} is a valid shard, and the shards' REMOTELOG cells partition all 144. */
    private static void covers(int n) {
        TreeSet<Integer> seen = new TreeSet<>();
        int total = 0;
        for (int k = 0; k < n; k++) {
            Cells.Shard s = new Cells.ShardConverter().convert(k + "/" + n);
            for (Cells.Cell c : Cells.select(null, null, null, null, s)) {
                seen.add(c.index());
                total++;
            }
        }
        assertThat(total).isEqualTo(144);
        assertThat(seen).hasSize(144);
    }

    private static int intOf(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as(regex).isTrue();
        return Integer.parseInt(m.group(1));
    }

    private static Path repo() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("ci/k8s/crash-campaign-job.yaml"))) {
            p = p.getParent();
        }
        return p;
    }
}
