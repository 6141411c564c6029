package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML reports as files: a planted bug turns the check report red with a linked, replayable finding and its
 * timeline; the fuzz, lin check and benchmark reports carry their verdicts and charts; no page names anything outside
 * its folder; a merge of shards has a report; an unwritable report folder is a one-line error with exit 4.
 */
class ReportTest {
    private static final Pattern HREF = Pattern.compile("(?:href|src)=\"([^\"]+)\"");

    @Test
    void aPlantedBugMakesARedReportWithLinkedFindings() throws Exception {
        Path dir = SampleReports.get().check;
        String index = Files.readString(dir.resolve("index.html"));
        assertThat(index).contains("id=\"verdict\" class=\"verdict FAIL\"");
        // the erda cell is red and links to its findings: a page per finding, or the cell's section of the index
        Matcher cell = Pattern.compile("<td class=\"FAIL\"[^>]*><a href=\"(finding-\\d+\\.html|findings\\.html#[^\"]+)\">").matcher(index);
        assertThat(cell.find()).as("a red matrix cell with a link").isTrue();
        String target = cell.group(1);
        if (target.startsWith("findings.html#")) {
            String findings = Files.readString(dir.resolve("findings.html"));
            String section = findings.substring(findings.indexOf("id=\"" + target.substring(target.indexOf('#') + 1) + "\""));
            Matcher first = Pattern.compile("href=\"(finding-\\d+\\.html)\"").matcher(section);
            assertThat(first.find()).isTrue();
            target = first.group(1);
        }
        String finding = Files.readString(dir.resolve(target));
        assertThat(finding).contains("rda replay rda2.").contains("Shrunk to").contains("timelines/").contains("id=\"run-meta\"");
        assertLinksStayInside(dir, finding);
        assertLinksStayInside(dir, Files.readString(dir.resolve("findings.html")));
        assertThat(index).contains("CAUGHT"); // the negative controls ran and are shown
        assertLinksStayInside(dir, index);
        try (var timelines = Files.list(dir.resolve("timelines"))) {
            List<Path> pages = timelines.toList();
            assertThat(pages).isNotEmpty();
            String timeline = Files.readString(pages.getFirst());
            assertThat(timeline).contains("class=\"tick\"").contains("class=\"legend\"").contains("class=\"op ");
        }
    }

    @Test
    void fuzzLinAndBenchReportsCarryVerdictsAndCharts() throws Exception {
        SampleReports r = SampleReports.get();
        String fuzz = Files.readString(r.fuzz.resolve("index.html"));
        assertThat(fuzz).contains("verdict FAIL").contains("id=\"f0\"").contains("rda replay").contains("echarts.init");
        String lin = Files.readString(r.lin.resolve("index.html"));
        assertThat(lin).contains("verdict FAIL").contains("NOT_LINEARIZABLE").contains("timelines/stale.edn.html");
        assertThat(r.lin.resolve("timelines/stale.edn.html")).exists();
        String bench = Files.readString(r.bench.resolve("index.html"));
        assertThat(bench).contains("Latency: mean, p50, p99").contains("\"name\":\"p99\"").contains("throughput (M ops/s)");
        assertThat(Files.size(r.bench.resolve("assets/echarts.min.js"))).isGreaterThan(100_000);
        for (Path d : List.of(r.fuzz, r.lin, r.bench)) {
            assertLinksStayInside(d, Files.readString(d.resolve("index.html")));
        }
    }

    @Test
    void aMergedCampaignHasAReport(@TempDir Path dir) throws Exception {
        String[] narrow = {"--config", "DMP+DDIO+DRAM-RQWRB", "--transport", "IB", "--protocols", "erda", "--clusters", "none", "--json"};
        List<Path> shards = new ArrayList<>();
        for (String shard : List.of("0/2", "1/2")) {
            List<String> a = new ArrayList<>(List.of("check", "--shard", shard));
            a.addAll(List.of(narrow));
            Path f = dir.resolve("check-" + shard.charAt(0) + ".json");
            Files.writeString(f, RdaRun.of(a.toArray(String[]::new)).out());
            shards.add(f);
        }
        Path report = dir.resolve("report");
        RdaRun m = RdaRun.of("merge", "-o", dir.resolve("merged.json").toString(), "--report", report.toString(), shards.get(0).toString(),
                shards.get(1).toString());
        assertThat(m.exitCode()).as(m.err()).isZero();
        String index = Files.readString(report.resolve("index.html"));
        assertThat(index).contains("verdict PASS").contains("merged from 2 shards").contains(">IB</th>").contains("<th>erda</th>");
    }

    @Test
    void anUnwritableReportFolderIsAOneLineError(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("not-a-folder");
        Files.writeString(file, "x");
        RdaRun r = RdaRun.of("bench", "remotelog", "--report", file.resolve("sub").toString());
        assertThat(r.exitCode()).isEqualTo(Errors.EXIT_ENVIRONMENT);
        assertThat(r.err().strip().lines()).last().asString().startsWith("rda bench remotelog: ").contains("report");
        assertThat(r.err()).doesNotContain("\tat ");
    }

    /** Every link and script of a page resolves inside its report folder (or is an anchor on the page). */
    private static void assertLinksStayInside(Path dir, String html) {
        Matcher m = HREF.matcher(html);
        while (m.find()) {
            String target = m.group(1);
            if (target.startsWith("#")) {
                assertThat(html).as("anchor " + target).contains("id=\"" + target.substring(1) + "\"");
                continue;
            }
            assertThat(target).as("no network").doesNotContain("://");
            int hash = target.indexOf('#');
            Path file = dir.resolve(hash < 0 ? target : target.substring(0, hash));
            assertThat(file).as("link " + target).exists();
            if (hash >= 0) {
                try {
                    assertThat(Files.readString(file)).as("anchor " + target).contains("id=\"" + target.substring(hash + 1) + "\"");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }
    }
}
