package io.rdasuite.cli.report;

import io.rdasuite.linearizability.crash.CrashTimelines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of {@code rda check}: the verdict and counts, one matrix per family of cells (REMOTELOG recipes,
 * negative controls, key-value stores, TH-DPMS clusters, transactions, pDFS) coloured by result, and every finding
 * with its shrunk counterexample, trace, timeline and replay line.
 */
final class CheckPage {
    private final Page page;
    private final Path dir;
    private final List<Finding> findings = new ArrayList<>();

    private record Finding(String id, String title, boolean failure, Map<String, Object> example) {
    }

    private CheckPage(Map<String, Object> doc, Path dir) {
        this.dir = dir;
        this.page = new Page("rda check", (String) doc.get("verdict"), "seed " + doc.get("seed") + ", shard " + doc.getOrDefault("shard", "0/1")
                + ", " + doc.get("crashStates") + " crash states" + (doc.containsKey("shards") ? ", merged from " + doc.get("shards") + " shards" : ""));
    }

    static String render(Map<String, Object> doc, Path dir) {
        CheckPage c = new CheckPage(doc, dir);
        c.page.raw("<nav>");
        c.nav(!Page.rows(doc, "results").isEmpty(), "#remotelog", "REMOTELOG");
        c.nav(!Page.rows(doc, "controls").isEmpty() || doc.get("transactionControl") != null, "#controls", "negative controls");
        c.nav(!Page.rows(doc, "stores").isEmpty(), "#stores", "key-value stores");
        c.nav(!Page.rows(doc, "clusters").isEmpty() || !Page.rows(doc, "transactions").isEmpty() || !Page.rows(doc, "fileSystem").isEmpty(), "#clusters", "TH-DPMS");
        c.page.raw(Page.link("#findings", "findings")).raw(Page.link("result.json", "JSON")).raw("</nav>\n");
        c.summary(doc);
        c.remotelog(Page.rows(doc, "results"));
        c.controls(Page.rows(doc, "controls"), map(doc, "transactionControl"));
        c.stores(Page.rows(doc, "stores"));
        c.clusters(Page.rows(doc, "clusters"), Page.rows(doc, "transactions"), Page.rows(doc, "fileSystem"));
        c.findings();
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

    private void remotelog(List<Map<String, Object>> rows) {
        if (rows.isEmpty()) {
            return;
        }
        Matrix m = new Matrix("server config \\ transport, op/update");
        for (Map<String, Object> r : rows) {
            String subject = (String) r.get("subject");
            String method = subject.substring(subject.lastIndexOf('/') + 1);
            String href = anchor(r, "remotelog " + subject + " on " + r.get("config") + "/" + r.get("transport"), true);
            m.put((String) r.get("config"), r.get("transport") + " " + r.get("op") + "/" + r.get("update"), (String) r.get("verdict"),
                    method, href, r.get("crashStates") + " crash states, " + r.get("violations") + " violating; recipe " + r.get("recipe"));
        }
        page.h2("remotelog", "REMOTELOG: every server configuration × transport × recipe (paper 003 Tables 2-3)")
                .p("Each cell names the persistence method the taxonomy picks; hover for the recipe and counts.").raw(m.html());
    }

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
            String href = anchor(c, "negative control " + c.get("subject") + " on " + c.get("config"), false);
            String verdict = (String) c.get("verdict");
            rows.add(List.of(Page.esc((String) c.get("subject")), Page.esc(String.valueOf(c.get("config"))), Page.badge(verdict, verdict),
                    Page.esc(String.valueOf(c.getOrDefault("caughtBy", c.getOrDefault("anomaly", "")))),
                    href == null ? "" : Page.link(href, "counterexample")));
        }
        page.h2("controls", "Negative controls (planted bugs: each must be CAUGHT)")
                .table(List.of("subject", "config", "verdict", "caught by", "finding"), rows);
    }

    @SuppressWarnings("unchecked")
    private void stores(List<Map<String, Object>> stores) {
        if (stores.isEmpty()) {
            return;
        }
        Matrix m = new Matrix("server config \\ store, transport");
        for (Map<String, Object> s : stores) {
            List<String> found = (List<String>) s.getOrDefault("findings", List.of());
            String verdict = (String) s.get("verdict");
            boolean moved = !"AS PINNED".equals(s.get("pinned"));
            String cls = verdict.equals("FAIL") ? "FAIL" : !found.isEmpty() ? "finding" : "PASS";
            String first = null;
            for (Map<String, Object> e : (List<Map<String, Object>>) s.getOrDefault("examples", List.of())) {
                if (Boolean.TRUE.equals(e.get("shrunk"))) {
                    String id = add(s.get("protocol") + " on " + s.get("config") + "/" + s.get("transport") + ": " + e.get("invariant"),
                            Boolean.TRUE.equals(e.get("claimed")), e);
                    first = first == null ? id : first;
                }
            }
            String text = found.isEmpty() ? verdict : abbreviations(found);
            m.put((String) s.get("config"), s.get("protocol") + " " + s.get("transport"), cls, text + (moved ? " !" : ""), first,
                    s.get("crashStates") + " crash states; " + s.get("properties") + (moved ? "; " + s.get("pinned") : ""));
        }
        page.h2("stores", "Key-value stores under power failures")
                .p("A cell lists the invariants with findings (D durability, M monotonic reads, C consistent version, L linearizability,"
                        + " R the store's RDA claim); ! marks findings that moved from the pinned ones. Links go to the shrunk example.")
                .raw(m.html());
    }

    @SuppressWarnings("unchecked")
    private void clusters(List<Map<String, Object>> clusters, List<Map<String, Object>> txns, List<Map<String, Object>> fs) {
        if (clusters.isEmpty() && txns.isEmpty() && fs.isEmpty()) {
            return;
        }
        page.h2("clusters", "TH-DPMS clusters (paper 002): pDSM, pDKVS, transactions, pDFS");
        Matrix m = new Matrix("store, server config \\ transport, crash target");
        for (Map<String, Object> c : clusters) {
            String href = null;
            for (Map<String, Object> e : (List<Map<String, Object>>) c.getOrDefault("examples", List.of())) {
                String id = add(c.get("subject") + " on " + c.get("config") + "/" + c.get("transport") + " " + c.get("target") + ": "
                        + e.get("invariant"), true, e);
                href = href == null ? id : href;
            }
            String verdict = (String) c.get("verdict");
            m.put(c.get("subject") + " " + c.get("config"), c.get("transport") + " " + c.get("target"), verdict, verdict, href,
                    c.get("crashStates") + " crash states; " + c.get("properties"));
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
    }

    @SuppressWarnings("unchecked")
    private Matrix targets(String subject, List<Map<String, Object>> rows) {
        Matrix m = new Matrix("server config \\ transport, crash target");
        for (Map<String, Object> r : rows) {
            Map<String, String> hrefs = new LinkedHashMap<>();
            for (Map<String, Object> e : (List<Map<String, Object>>) r.getOrDefault("examples", List.of())) {
                String id = add(subject + " on " + r.get("config") + "/" + r.get("transport") + " " + e.get("target") + ": "
                        + e.getOrDefault("anomaly", e.get("violation")), true, e);
                hrefs.putIfAbsent(String.valueOf(e.get("target")), id);
            }
            ((Map<String, Object>) r.get("targets")).forEach((target, verdict) -> m.put(subject + " " + r.get("config"),
                    r.get("transport") + " " + target, String.valueOf(verdict), String.valueOf(verdict), hrefs.get(target),
                    r.get("crashStates") + " crash states over all targets"));
        }
        return m;
    }

    /** Registers the counterexample of a REMOTELOG row or control (null when it has none); returns its link. */
    @SuppressWarnings("unchecked")
    private String anchor(Map<String, Object> row, String title, boolean failure) {
        Map<String, Object> cx = (Map<String, Object>) row.get("counterexample");
        return cx == null ? null : add(title + ": " + cx.get("invariant"), failure, cx);
    }

    private String add(String title, boolean failure, Map<String, Object> example) {
        String id = "f" + findings.size();
        findings.add(new Finding(id, title, failure, example));
        return "#" + id;
    }

    @SuppressWarnings("unchecked")
    private void findings() {
        long failures = findings.stream().filter(Finding::failure).count();
        page.h2("findings", "Findings (" + failures + " failures of claimed properties, " + (findings.size() - failures) + " expected)");
        if (findings.isEmpty()) {
            page.p("No counterexample: every explored crash state passed every checked invariant.");
        }
        List<Finding> ordered = new ArrayList<>(findings.stream().filter(Finding::failure).toList());
        ordered.addAll(findings.stream().filter(f -> !f.failure()).toList()); // claimed failures first, expected findings after
        for (Finding f : ordered) {
            Map<String, Object> e = f.example();
            StringBuilder b = new StringBuilder();
            b.append("<div class=\"finding-box").append(f.failure() ? "" : " expected").append("\" id=\"").append(f.id()).append("\"><h3>")
                    .append(Page.esc(f.title())).append("</h3>\n");
            Object detail = e.getOrDefault("detail", e.getOrDefault("anomaly", e.get("violation")));
            b.append("<p>").append(Page.esc(String.valueOf(detail))).append("</p>\n<p>");
            if (e.containsKey("operations")) {
                b.append(Boolean.FALSE.equals(e.get("shrunk")) ? "Not shrunk: " : "Shrunk to ").append(e.get("operations")).append(" operation(s)");
                if (e.containsKey("clients")) {
                    b.append(" on ").append(e.get("clients")).append(" client(s)");
                }
                b.append(", ");
            }
            b.append("crash before event ").append(e.get("crashEvent")).append(".</p>\n");
            if (e.get("program") instanceof List<?> program) {
                b.append("<p>Program: ");
                for (Object ops : program) {
                    b.append(Page.code(String.valueOf(ops))).append(' ');
                }
                b.append("</p>\n");
            }
            if (e.get("original") instanceof Map<?, ?> original) {
                b.append("<p>Found with ").append(original.get("operations")).append(" operation(s) on ").append(original.get("clients"))
                        .append(" client(s), crash before event ").append(original.get("crashEvent")).append(": ");
                for (Object ops : (List<?>) original.get("program")) {
                    b.append(Page.code(String.valueOf(ops))).append(' ');
                }
                b.append("(").append(e.get("shrinkCandidates")).append(" smaller programs tried); replay: <span class=\"replay\">")
                        .append(Page.esc(String.valueOf(original.get("replay")))).append("</span></p>\n");
            }
            if (e.get("claim") != null) {
                b.append("<p>Breaks the claim ").append(Page.code(String.valueOf(e.get("claim")))).append("</p>\n");
            }
            if (e.get("crashPoint") instanceof List<?> point && !point.isEmpty()) {
                b.append("<p>Where the crash fell:</p><ul>");
                point.forEach(line -> b.append("<li>").append(Page.esc(String.valueOf(line))).append("</li>"));
                b.append("</ul>\n");
            }
            String replay = String.valueOf(e.get("replay"));
            b.append("<p>Replay: <span class=\"replay\">").append(Page.esc(replay)).append("</span></p>\n");
            String timeline = timeline(replay, String.valueOf(e.get("invariant")) + " - " + detail, e.get("timeline"));
            if (timeline != null) {
                b.append("<p>").append(timeline).append("</p>\n");
            }
            if (e.get("trace") instanceof List<?> trace && !trace.isEmpty()) {
                b.append("<details><summary>trace before the crash (").append(trace.size()).append(" events)</summary><pre>");
                trace.forEach(line -> b.append(Page.esc(String.valueOf(line))).append('\n'));
                b.append("</pre></details>\n");
            }
            page.raw(b.append("</div>\n").toString());
        }
    }

    /**
     * Links the timeline of a finding: the one the run already drew when its file is at hand (copied into the report),
     * else drawn by re-running the crash state (store, REMOTELOG and pDSM findings: rda2 tokens; transactions: rdat1; pDFS: rdafs1).
     */
    private String timeline(String replay, String caption, Object drawn) {
        String token = replay.startsWith("rda replay ") ? replay.substring("rda replay ".length()).trim() : replay;
        Path existing = drawn == null ? null : Path.of(String.valueOf(drawn));
        boolean isFile = existing != null && java.nio.file.Files.isRegularFile(existing);
        boolean txn = token.startsWith(io.rdasuite.crashsim.txn.TxnExplorer.TOKEN_PREFIX);
        if (!isFile && (txn || token.startsWith(io.rdasuite.crashsim.fs.PdfsExplorer.TOKEN_PREFIX))) {
            try {
                Path file = txn ? io.rdasuite.linearizability.crash.TxnTimelines.write(token, caption, dir.resolve("timelines"))
                        : io.rdasuite.linearizability.crash.FsTimelines.write(token, caption, dir.resolve("timelines"));
                return Page.link("timelines/" + file.getFileName(), "history timeline");
            } catch (java.io.IOException | RuntimeException ex) {
                return Page.esc("(no timeline: " + ex.getMessage() + ")");
            }
        }
        if (!isFile && !token.startsWith("rda2.")) {
            return null;
        }
        try {
            if (isFile) {
                java.nio.file.Files.createDirectories(dir.resolve("timelines"));
                java.nio.file.Files.copy(existing, dir.resolve("timelines").resolve(existing.getFileName()),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                return Page.link("timelines/" + existing.getFileName(), "history timeline");
            }
            Path file = CrashTimelines.writeFinding(token, caption, dir.resolve("timelines"));
            return Page.link("timelines/" + file.getFileName(), "history timeline");
        } catch (java.io.IOException | RuntimeException ex) {
            return Page.esc("(no timeline: " + ex.getMessage() + ")");
        }
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
