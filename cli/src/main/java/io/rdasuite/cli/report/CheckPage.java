package io.rdasuite.cli.report;

import io.rdasuite.linearizability.crash.CrashTimelines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of {@code rda check}: {@code index.html} with the verdict, counts and one matrix per family of cells
 * (REMOTELOG recipes, negative controls, key-value stores, TH-DPMS clusters, transactions, pDFS, Nessie), each family a
 * collapsible group, columns grouped by transport so a matrix fits 1400 px; {@code findings.html}, the index of every
 * finding of every cell (each example the JSON holds, shrunk or not), by cell; and a page per finding
 * ({@code finding-N.html}) with its counterexample, trace, timeline and replay line. A matrix cell links to its
 * finding's page, or to its section of the index when it has several.
 */
final class CheckPage {
    private final Page page;
    private final Path dir;
    private final RunInfo run;
    private final List<Finding> findings = new ArrayList<>();
    private final Map<String, List<Finding>> byCell = new LinkedHashMap<>();

    private record Finding(int n, String cellId, String cell, String title, boolean failure, Map<String, Object> example) {
        String file() {
            return "finding-" + n + ".html";
        }
    }

    private CheckPage(Map<String, Object> doc, Path dir, RunInfo run) {
        this.dir = dir;
        this.run = run;
        this.page = new Page("rda check", (String) doc.get("verdict"), subtitle(doc), run);
    }

    private static String subtitle(Map<String, Object> doc) {
        return "seed " + doc.get("seed") + ", shard " + doc.getOrDefault("shard", "0/1") + ", " + doc.get("crashStates") + " crash states"
                + (doc.containsKey("shards") ? ", merged from " + doc.get("shards") + " shards" : "");
    }

    static String render(Map<String, Object> doc, Path dir, RunInfo run) throws IOException {
        CheckPage c = new CheckPage(doc, dir, run);
        c.page.raw("<nav>");
        c.nav(!Page.rows(doc, "results").isEmpty(), "#remotelog", "REMOTELOG");
        c.nav(!Page.rows(doc, "controls").isEmpty() || doc.get("transactionControl") != null, "#controls", "negative controls");
        c.nav(!Page.rows(doc, "stores").isEmpty(), "#stores", "key-value stores");
        c.nav(!Page.rows(doc, "clusters").isEmpty() || !Page.rows(doc, "transactions").isEmpty() || !Page.rows(doc, "fileSystem").isEmpty(), "#clusters", "TH-DPMS");
        c.nav(!Page.rows(doc, "nessie").isEmpty(), "#nessie", "Nessie");
        c.page.raw(Page.link("findings.html", "all findings")).raw(Page.link("result.json", "JSON")).raw("</nav>\n");
        c.summary(doc);
        c.remotelog(Page.rows(doc, "results"));
        c.controls(Page.rows(doc, "controls"), map(doc, "transactionControl"));
        c.stores(Page.rows(doc, "stores"));
        c.clusters(Page.rows(doc, "clusters"), Page.rows(doc, "transactions"), Page.rows(doc, "fileSystem"));
        c.nessie(Page.rows(doc, "nessie"));
        c.findingsSummary();
        c.writeFindingPages(doc);
        return c.page.finish();
    }

    private void nav(boolean present, String href, String text) {
        if (present) {
            page.raw(Page.link(href, text));
        }
    }

    private void summary(Map<String, Object> doc) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("verdict", doc.get("verdict"));
        facts.put("crash states", doc.get("crashStates"));
        facts.put("seed", doc.get("seed"));
        facts.put("shard", doc.getOrDefault("shard", "0/1"));
        if (doc.containsKey("wallMillis")) {
            facts.put("wall time", String.format("%.1f s (%s states/s)", ((Number) doc.get("wallMillis")).doubleValue() / 1000,
                    doc.get("statesPerSecond")));
        }
        facts.put("pinned findings changed", Page.rows(doc, "pinnedFindingsChanged").size());
        facts.put("pinned findings not reached", Page.rows(doc, "pinnedFindingsNotReached").size());
        page.h2("summary", "Summary").facts(facts);
        for (Object changed : (List<?>) doc.getOrDefault("pinnedFindingsChanged", List.of())) {
            page.raw("<p>" + Page.badge("FAIL", "changed") + " " + Page.esc(String.valueOf(changed)) + "</p>\n");
        }
        page.legend("PASS", "PASS: claimed properties hold", "FAIL", "FAIL: a claimed property fails", "finding",
                "finding: an unclaimed weakness (expected, pinned)", "CAUGHT", "negative control caught");
    }

    /** Opens a family's collapsible group (open by default; a click on its title folds it). */
    private void group(String id, String title) {
        page.raw("<details open class=\"family\"><summary><h2 id=\"" + Page.esc(id) + "\">" + Page.esc(title) + "</h2></summary>\n");
    }

    private void endGroup() {
        page.raw("</details>\n");
    }

    @SuppressWarnings("unchecked")
    private void remotelog(List<Map<String, Object>> rows) {
        if (rows.isEmpty()) {
            return;
        }
        Matrix m = new Matrix("server config \\ op/update");
        for (Map<String, Object> r : rows) {
            String subject = (String) r.get("subject");
            String method = subject.substring(subject.lastIndexOf('/') + 1);
            String cellId = "remotelog-" + r.getOrDefault("cell", subject + r.get("config") + r.get("transport"));
            String label = "remotelog " + subject + " on " + r.get("config") + "/" + r.get("transport");
            Map<String, Object> cx = (Map<String, Object>) r.get("counterexample");
            if (cx != null) {
                add(cellId, label, label + ": " + cx.get("invariant"), true, cx);
            }
            m.put((String) r.get("config"), String.valueOf(r.get("transport")), r.get("op") + "/" + r.get("update"), (String) r.get("verdict"),
                    method, href(cellId), r.get("crashStates") + " crash states, " + r.get("violations") + " violating; recipe " + r.get("recipe"));
        }
        group("remotelog", "REMOTELOG: every server configuration × transport × recipe (paper 003 Tables 2-3)");
        page.p("Each cell names the persistence method the taxonomy picks; hover for the recipe and counts.").raw(m.html());
        endGroup();
    }

    @SuppressWarnings("unchecked")
    private void controls(List<Map<String, Object>> controls, Map<String, Object> txnControl) {
        List<Map<String, Object>> all = new ArrayList<>(controls);
        if (txnControl != null) {
            all.add(txnControl);
        }
        if (all.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (Map<String, Object> c : all) {
            String cellId = "control-" + c.get("subject") + "-" + c.get("config");
            String label = "negative control " + c.get("subject") + " on " + c.get("config");
            Map<String, Object> cx = (Map<String, Object>) c.get("counterexample");
            if (cx == null && c.get("replay") != null) {
                cx = c; // the transaction control carries its anomaly and replay line itself
            }
            if (cx != null) {
                add(cellId, label, label + ": " + cx.getOrDefault("invariant", c.get("anomaly") == null ? "" : "anomaly"), false, cx);
            }
            String href = href(cellId);
            String verdict = (String) c.get("verdict");
            rows.add(List.of(Page.esc((String) c.get("subject")), Page.esc(String.valueOf(c.get("config"))), Page.badge(verdict, verdict),
                    Page.esc(String.valueOf(c.getOrDefault("caughtBy", c.getOrDefault("anomaly", "")))),
                    href == null ? "" : Page.link(href, "counterexample")));
        }
        group("controls", "Negative controls (planted bugs: each must be CAUGHT)");
        page.table(List.of("subject", "config", "verdict", "caught by", "finding"), rows);
        endGroup();
    }

    @SuppressWarnings("unchecked")
    private void stores(List<Map<String, Object>> stores) {
        if (stores.isEmpty()) {
            return;
        }
        Matrix m = new Matrix("server config \\ store");
        for (Map<String, Object> s : stores) {
            List<String> found = (List<String>) s.getOrDefault("findings", List.of());
            String verdict = (String) s.get("verdict");
            boolean moved = !"AS PINNED".equals(s.get("pinned")) && s.get("pinned") != null;
            String cls = verdict.equals("FAIL") ? "FAIL" : !found.isEmpty() ? "finding" : "PASS";
            String cell = s.get("protocol") + " on " + s.get("config") + "/" + s.get("transport");
            String cellId = "store-" + s.getOrDefault("storeCell", cell);
            for (Map<String, Object> e : (List<Map<String, Object>>) s.getOrDefault("examples", List.of())) {
                add(cellId, cell, cell + ": " + e.get("invariant"), Boolean.TRUE.equals(e.get("claimed")), e);
            }
            String text = found.isEmpty() ? verdict : abbreviations(found);
            m.put((String) s.get("config"), String.valueOf(s.get("transport")), String.valueOf(s.get("protocol")), cls, text + (moved ? " !" : ""),
                    href(cellId), s.get("crashStates") + " crash states; " + s.get("properties") + (moved ? "; " + s.get("pinned") : ""));
        }
        group("stores", "Key-value stores under power failures");
        page.p("A cell lists the invariants with findings (D durability, M monotonic reads, C consistent version, L linearizability,"
                        + " R the store's RDA claim); ! marks findings that moved from the pinned ones. A link leads to the cell's findings:"
                        + " every example the run kept, shrunk or not.")
                .raw(m.html());
        endGroup();
    }

    @SuppressWarnings("unchecked")
    private void clusters(List<Map<String, Object>> clusters, List<Map<String, Object>> txns, List<Map<String, Object>> fs) {
        if (clusters.isEmpty() && txns.isEmpty() && fs.isEmpty()) {
            return;
        }
        group("clusters", "TH-DPMS clusters (paper 002): pDSM, pDKVS, transactions, pDFS");
        Matrix m = new Matrix("store, server config \\ crash target");
        for (Map<String, Object> c : clusters) {
            String cell = c.get("subject") + " on " + c.get("config") + "/" + c.get("transport") + " " + c.get("target");
            String cellId = "cluster-" + c.get("subject") + "-" + c.get("config") + "-" + c.get("transport") + "-" + c.get("target");
            for (Object o : (List<Object>) c.getOrDefault("examples", List.of())) {
                Map<String, Object> e = example(o);
                add(cellId, cell, cell + ": " + e.get("invariant"), true, e);
            }
            String verdict = (String) c.get("verdict");
            m.put(c.get("subject") + " " + c.get("config"), String.valueOf(c.get("transport")), String.valueOf(c.get("target")), verdict, verdict,
                    href(cellId), c.get("crashStates") + " crash states; " + c.get("properties"));
        }
        if (!m.isEmpty()) {
            page.h3("pDSM object store and pDKVS (3 PM servers, a monitor, 2 clients)").raw(m.html());
        }
        Matrix t = targets("txn", txns);
        if (!t.isEmpty()) {
            page.h3("Transactions (histories checked strictly serializable)").raw(t.html());
        }
        Matrix f = targets("pdfs", fs);
        if (!f.isEmpty()) {
            page.h3("pDFS (server 0 the directory server)").raw(f.html());
        }
        endGroup();
    }

    @SuppressWarnings("unchecked")
    private Matrix targets(String subject, List<Map<String, Object>> rows) {
        Matrix m = new Matrix("server config \\ crash target");
        for (Map<String, Object> r : rows) {
            for (Object o : (List<Object>) r.getOrDefault("examples", List.of())) {
                Map<String, Object> e = example(o);
                String cell = subject + " on " + r.get("config") + "/" + r.get("transport") + " " + e.get("target");
                add(subject + "-" + r.get("config") + "-" + r.get("transport") + "-" + e.get("target"), cell,
                        cell + ": " + e.getOrDefault("anomaly", e.get("violation")), true, e);
            }
            ((Map<String, Object>) r.get("targets")).forEach((target, verdict) -> m.put(subject + " " + r.get("config"),
                    String.valueOf(r.get("transport")), target, String.valueOf(verdict), String.valueOf(verdict),
                    href(subject + "-" + r.get("config") + "-" + r.get("transport") + "-" + target), r.get("crashStates") + " crash states over all targets"));
        }
        return m;
    }

    @SuppressWarnings("unchecked")
    private void nessie(List<Map<String, Object>> rows) {
        if (rows.isEmpty()) {
            return;
        }
        Matrix m = new Matrix("subject \\ transport");
        for (Map<String, Object> r : rows) {
            String cell = r.get("subject") + " on " + r.get("config") + "/" + r.get("transport");
            String cellId = "nessie-" + r.get("subject") + "-" + r.get("transport");
            for (Object o : (List<Object>) r.getOrDefault("examples", List.of())) {
                Map<String, Object> e = example(o);
                add(cellId, cell, cell + ": " + FindingBox.detail(e), true, e);
            }
            String verdict = String.valueOf(r.get("verdict"));
            m.put(String.valueOf(r.get("subject")), "", String.valueOf(r.get("transport")), verdict, verdict, href(cellId),
                    r.get("runs") + " runs, " + r.get("stuckKeyRuns") + " stuck-key runs, " + r.get("abaRollbacks") + " ABA rollbacks");
        }
        group("nessie", "Nessie under client kills and stalls (paper 004)");
        page.raw(m.html());
        endGroup();
    }

    /** A JSON example as an object (Nessie's are lines of text). */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> example(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of("detail", String.valueOf(o));
    }

    private void add(String cellId, String cell, String title, boolean failure, Map<String, Object> example) {
        String id = "c-" + cellId.replaceAll("[^A-Za-z0-9_-]", "_");
        Finding f = new Finding(findings.size(), id, cell, title, failure, example);
        findings.add(f);
        byCell.computeIfAbsent(id, k -> new ArrayList<>()).add(f);
    }

    /** Where a matrix cell links: its one finding's page, its section of the findings index, or nowhere. */
    private String href(String cellId) {
        List<Finding> fs = byCell.get("c-" + cellId.replaceAll("[^A-Za-z0-9_-]", "_"));
        if (fs == null || fs.isEmpty()) {
            return null;
        }
        return fs.size() == 1 ? fs.getFirst().file() : "findings.html#" + fs.getFirst().cellId();
    }

    /** The index page's findings section: the counts, the link to the index, and the failures of claims listed. */
    private void findingsSummary() {
        long failures = findings.stream().filter(Finding::failure).count();
        page.h2("findings", "Findings (" + failures + " failures of claimed properties, " + (findings.size() - failures) + " expected, in "
                + byCell.size() + " cells)");
        if (findings.isEmpty()) {
            page.p("No counterexample: every explored crash state passed every checked invariant.");
            return;
        }
        page.raw("<p>" + Page.link("findings.html", "The index of all " + findings.size() + " findings, by cell") + "</p>\n");
        List<List<String>> rows = new ArrayList<>();
        findings.stream().filter(Finding::failure).forEach(f -> rows.add(List.of(Page.link(f.file(), "#" + f.n()), Page.esc(f.title()),
                Page.esc(String.valueOf(FindingBox.detail(f.example()))))));
        if (!rows.isEmpty()) {
            page.h3("Failures of claimed properties").table(List.of("finding", "cell: invariant", "what failed"), rows);
        }
    }

    /** Writes {@code findings.html} (every finding, by cell) and one page per finding. */
    private void writeFindingPages(Map<String, Object> doc) throws IOException {
        Page index = new Page("rda check: findings", (String) doc.get("verdict"), subtitle(doc), run);
        index.raw("<nav>" + Page.link("index.html", "back to the matrices") + Page.link("result.json", "JSON") + "</nav>\n");
        long failures = findings.stream().filter(Finding::failure).count();
        index.h2("all", "All " + findings.size() + " findings (" + failures + " failures of claimed properties, " + (findings.size() - failures)
                + " expected) in " + byCell.size() + " cells");
        if (findings.isEmpty()) {
            index.p("No counterexample: every explored crash state passed every checked invariant.");
        }
        index.legend("FAIL", "a claimed property failed", "finding", "expected: an unclaimed weakness");
        for (Map.Entry<String, List<Finding>> cell : byCell.entrySet()) {
            List<Finding> fs = cell.getValue();
            index.raw("<section class=\"cell\" id=\"" + cell.getKey() + "\"><h3>" + Page.esc(fs.getFirst().cell()) + " (" + fs.size() + ")</h3>\n");
            List<List<String>> rows = new ArrayList<>();
            for (Finding f : fs) {
                Map<String, Object> e = f.example();
                rows.add(List.of(Page.link(f.file(), "#" + f.n()), Page.esc(String.valueOf(e.getOrDefault("invariant", e.containsKey("anomaly") ? "anomaly" : ""))),
                        Page.badge(f.failure() ? "FAIL" : "finding", f.failure() ? "claimed" : "expected"),
                        Page.esc(e.containsKey("shrunk") ? (Boolean.TRUE.equals(e.get("shrunk")) ? "shrunk to " + e.get("operations") + " op(s)" : "not shrunk") : ""),
                        Page.esc(String.valueOf(FindingBox.detail(e)))));
            }
            index.table(List.of("finding", "invariant", "kind", "shrunk", "what failed"), rows).raw("</section>\n");
        }
        Files.writeString(dir.resolve("findings.html"), index.finish());
        for (Finding f : findings) {
            Page p = new Page("rda check: finding " + f.n() + " of " + findings.size(), null, f.cell(), run);
            p.raw("<nav>" + Page.link("index.html", "matrices") + Page.link("findings.html#" + f.cellId(), "this cell's findings")
                    + (f.n() > 0 ? Page.link(findings.get(f.n() - 1).file(), "previous") : "")
                    + (f.n() + 1 < findings.size() ? Page.link(findings.get(f.n() + 1).file(), "next") : "") + "</nav>\n");
            Map<String, Object> e = f.example();
            String replay = String.valueOf(e.get("replay"));
            String timeline = e.get("replay") == null && e.get("timeline") == null ? null
                    : timeline(replay, e.getOrDefault("invariant", "") + " - " + FindingBox.detail(e), e.get("timeline"));
            p.raw(FindingBox.html("f" + f.n(), f.title(), f.failure(), e, timeline));
            Files.writeString(dir.resolve(f.file()), p.finish());
        }
    }

    /**
     * Links the timeline of a finding, drawn afresh from its replay token by re-running the crash state (stores, REMOTELOG
     * and pDSM: rda2 tokens; transactions: rdat1; pDFS: rdafs1), so that every page has the current drawing; a timeline
     * the run drew for any other token is copied into the report.
     */
    private String timeline(String replay, String caption, Object drawn) {
        String line = replay.strip();
        String token = line.substring(line.lastIndexOf(' ') + 1); // the last word: after any --classpath
        Path timelines = dir.resolve("timelines");
        try {
            if (token.startsWith(io.rdasuite.crashsim.txn.TxnExplorer.TOKEN_PREFIX)) {
                return link(io.rdasuite.linearizability.crash.TxnTimelines.write(token, caption, timelines));
            }
            if (token.startsWith(io.rdasuite.crashsim.fs.PdfsExplorer.TOKEN_PREFIX)) {
                return link(io.rdasuite.linearizability.crash.FsTimelines.write(token, caption, timelines));
            }
            if (token.startsWith("rda2.")) {
                return link(CrashTimelines.writeFinding(token, caption, timelines));
            }
            Path existing = drawn == null ? null : Path.of(String.valueOf(drawn));
            if (existing != null && Files.isRegularFile(existing)) {
                Files.createDirectories(timelines);
                Files.copy(existing, timelines.resolve(existing.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                return link(existing);
            }
            return null;
        } catch (IOException | RuntimeException ex) {
            return Page.esc("(no timeline: " + ex.getMessage() + ")");
        }
    }

    private static String link(Path timeline) {
        return Page.link("timelines/" + timeline.getFileName(), "history timeline");
    }

    private static String abbreviations(List<String> found) {
        StringBuilder b = new StringBuilder();
        for (String f : found) {
            b.append(switch (f) {
                case "DURABILITY" -> "D";
                case "MONOTONIC_READS" -> "M";
                case "CONSISTENT_VERSION" -> "C";
                case "LINEARIZABILITY" -> "L";
                case "RDA" -> "R";
                default -> f.substring(0, 1);
            });
        }
        return b.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> doc, String key) {
        return doc.get(key) instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    }
}
