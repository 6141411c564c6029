package io.rdasuite.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of {@code rda fuzz}: the verdict and counts, a matrix of stores × invariants (claimed failures red,
 * unclaimed findings amber), charts of runs per store and of the faults that fired, and each failure with the claim it
 * breaks, its shrunk program, fault schedule, where the crash fell in the protocol's steps, its history timeline, trace and
 * replay line.
 */
final class FuzzPage {
    private FuzzPage() {
    }

    @SuppressWarnings("unchecked")
    static String render(Map<String, Object> doc, java.nio.file.Path dir, RunInfo run) {
        Page page = new Page("rda fuzz", (String) doc.get("verdict"), "seed " + doc.get("seed") + ", " + doc.get("runs") + " runs, planted bug "
                + doc.get("plant") + (doc.containsKey("seeds") ? ", merged seeds " + doc.get("seeds") : ""), run);
        Map<String, Object> facts = new LinkedHashMap<>();
        for (String k : List.of("verdict", "runs", "crashStates", "findingStates", "failingRuns", "newCoverageRuns", "signatures", "mutantRuns",
                "errorRuns", "wallMillis", "runsPerSecond")) {
            if (doc.containsKey(k)) {
                facts.put(Labels.of(k), doc.get(k));
            }
        }
        page.h2("summary", "Summary").facts(facts);

        List<Map<String, Object>> failures = Page.rows(doc, "failures");
        Map<String, String> failureLinks = new LinkedHashMap<>();
        for (int i = 0; i < failures.size(); i++) {
            Map<String, Object> f = failures.get(i);
            failureLinks.putIfAbsent(store(String.valueOf(f.get("subject"))) + " " + f.get("invariant"), "#f" + i);
        }
        Matrix m = new Matrix("store \\ invariant");
        Map<String, Object> findings = (Map<String, Object>) doc.getOrDefault("findings", Map.of());
        for (Object s : (List<Object>) doc.getOrDefault("stores", List.of())) {
            m.put(String.valueOf(s), "runs", "none", String.valueOf(((Map<String, Object>) doc.getOrDefault("runsPerStore", Map.of())).getOrDefault(s, 0)),
                    null, "runs of this store");
        }
        Map<String, String> exampleLinks = new LinkedHashMap<>();
        List<Map<String, Object>> examples = Page.rows(doc, "findingExamples");
        for (int i = 0; i < examples.size(); i++) {
            exampleLinks.put(String.valueOf(examples.get(i).get("key")), "#x" + i);
        }
        findings.forEach((key, count) -> {
            int space = key.indexOf(' ');
            String store = key.substring(0, space);
            String href = failureLinks.get(key) != null ? failureLinks.get(key) : exampleLinks.get(key);
            boolean failed = failureLinks.containsKey(key);
            m.put(store, key.substring(space + 1), failed ? "FAIL" : "finding", count + " states", href,
                    failed ? "a claimed property failed" : "unclaimed finding (expected for this store)");
        });
        for (int i = 0; i < failures.size(); i++) { // a claimed property that failed: counted by run, not in the findings map
            Map<String, Object> f = failures.get(i);
            m.put(store(String.valueOf(f.get("subject"))), String.valueOf(f.get("invariant")), "FAIL", "FAILED", "#f" + i,
                    "a claimed property failed: " + f.get("detail"));
        }
        page.h2("matrix", "Stores × invariants").legend("FAIL", "claimed property failed", "finding", "unclaimed finding", "none", "runs")
                .raw(m.html());

        growth(page, Page.rows(doc, "coverageGrowth"));
        chart(page, "Runs per store", "store", "runs", (Map<String, Object>) doc.getOrDefault("runsPerStore", Map.of()));
        chart(page, "Faults fired", "fault", "runs in which it fired", (Map<String, Object>) doc.getOrDefault("faultsFired", Map.of()));

        page.h2("failures", "Failures (" + failures.size() + ")");
        if (failures.isEmpty()) {
            page.p("No claimed property failed.");
        }
        for (int i = 0; i < failures.size(); i++) {
            Map<String, Object> f = failures.get(i);
            StringBuilder b = new StringBuilder("<div class=\"finding-box\" id=\"f" + i + "\"><h3>");
            b.append(Page.esc(f.get("subject") + " on " + f.get("config") + "/" + f.get("transport") + ": " + f.get("invariant"))).append("</h3>\n");
            b.append("<p>").append(Page.esc(String.valueOf(f.get("detail")))).append("</p>\n");
            if (f.get("claim") != null) {
                b.append("<p>Breaks the claim ").append(Page.code(String.valueOf(f.get("claim")))).append("</p>\n");
            }
            b.append("<p>Shrunk from ").append(f.get("operationsFound")).append(" to ").append(f.get("operations")).append(" operation(s). Program ")
                    .append(Page.code(String.valueOf(f.get("program")))).append(", faults ").append(Page.code(String.valueOf(f.get("faults"))))
                    .append(", crash ").append(Page.code(String.valueOf(f.get("crash")))).append("</p>\n");
            program(b, "Program, per client:", f.get("programByClient"));
            program(b, "After the first recovery, per client:", f.get("afterRecoveryByClient"));
            if (f.get("crashPoint") instanceof List<?> point && !point.isEmpty()) {
                b.append("<p>Where the crash fell:</p><ul>");
                point.forEach(line -> b.append("<li>").append(Page.esc(String.valueOf(line))).append("</li>"));
                b.append("</ul>\n");
            }
            b.append("<p>Replay: <span class=\"replay\">").append(Page.esc(String.valueOf(f.get("replay")))).append("</span></p>\n");
            String timeline = timeline(f.get("timeline"), dir);
            if (timeline != null) {
                b.append("<p>").append(timeline).append("</p>\n");
            }
            if (f.get("trace") instanceof List<?> trace && !trace.isEmpty()) {
                b.append("<details><summary>trace (").append(trace.size()).append(" events)</summary><pre>");
                trace.forEach(l -> b.append(Page.esc(String.valueOf(l))).append('\n'));
                b.append("</pre></details>\n");
            }
            page.raw(b.append("</div>\n").toString());
        }
        findingExamples(page, examples, dir);
        return page.finish();
    }

    /** Per unclaimed finding (store × invariant), the first state that showed it: what, replay line, timeline. */
    private static void findingExamples(Page page, List<Map<String, Object>> examples, java.nio.file.Path dir) {
        if (examples.isEmpty()) {
            return;
        }
        page.h2("findings", "Unclaimed findings (" + examples.size() + "): the first state of each, not shrunk");
        for (int i = 0; i < examples.size(); i++) {
            Map<String, Object> x = examples.get(i);
            StringBuilder b = new StringBuilder("<div class=\"finding-box expected\" id=\"x" + i + "\"><h3>");
            b.append(Page.esc(x.get("subject") + " on " + x.get("config") + "/" + x.get("transport") + ": " + x.get("invariant"))).append("</h3>\n");
            b.append("<p>").append(Page.esc(String.valueOf(x.get("detail")))).append("</p>\n");
            b.append("<p>The claim it would break (not made by this store) ").append(Page.code(String.valueOf(x.get("claim")))).append("</p>\n");
            b.append("<p>").append(x.get("operations")).append(" operation(s): ").append(Page.code(String.valueOf(x.get("program"))))
                    .append(", faults ").append(Page.code(String.valueOf(x.get("faults")))).append(", crash ")
                    .append(Page.code(String.valueOf(x.get("crash")))).append("</p>\n");
            b.append("<p>Replay: <span class=\"replay\">").append(Page.esc(String.valueOf(x.get("replay")))).append("</span></p>\n");
            String timeline = timeline(x.get("timeline"), dir);
            if (timeline != null) {
                b.append("<p>").append(timeline).append("</p>\n");
            }
            page.raw(b.append("</div>\n").toString());
        }
    }

    /** Coverage growth over the campaign's runs (after each batch): distinct signatures, runs with new coverage, failing runs. */
    private static void growth(Page page, List<Map<String, Object>> points) {
        if (points.size() < 2) {
            return;
        }
        int step = Math.max(1, points.size() / 400); // at most ~400 points drawn; the last always
        List<List<Double>> sig = new ArrayList<>();
        List<List<Double>> fresh = new ArrayList<>();
        List<List<Double>> failing = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            if (i % step != 0 && i != points.size() - 1) {
                continue;
            }
            Map<String, Object> p = points.get(i);
            double runs = ((Number) p.get("runs")).doubleValue();
            sig.add(List.of(runs, ((Number) p.get("signatures")).doubleValue()));
            fresh.add(List.of(runs, ((Number) p.get("newCoverageRuns")).doubleValue()));
            failing.add(List.of(runs, ((Number) p.get("failingRuns")).doubleValue()));
        }
        page.h2("coverage", "Coverage growth");
        page.p("Distinct coverage signatures reached, and runs that reached a new one, against runs done: a curve that flattens says"
                + " more runs of this kind find little new.");
        page.chart(Charts.xy("Coverage growth", "runs done", "count", List.of(new Charts.XySeries("distinct signatures", sig, "line"),
                new Charts.XySeries("runs with new coverage", fresh, "line"), new Charts.XySeries("failing runs", failing, "line")), List.of()));
    }

    private static void program(StringBuilder b, String label, Object byClient) {
        if (byClient instanceof List<?> clients) {
            b.append("<p>").append(Page.esc(label)).append(' ');
            clients.forEach(ops -> b.append(Page.code(String.valueOf(ops))).append(' '));
            b.append("</p>\n");
        }
    }

    /** The link to a failure's history timeline, copied into the report's {@code timelines/} when drawn elsewhere. */
    private static String timeline(Object drawn, java.nio.file.Path dir) {
        if (drawn == null) {
            return null;
        }
        java.nio.file.Path file = java.nio.file.Path.of(String.valueOf(drawn));
        if (!java.nio.file.Files.isRegularFile(file)) {
            return Page.esc(String.valueOf(drawn));
        }
        try {
            java.nio.file.Path to = dir.resolve("timelines").resolve(file.getFileName());
            if (!java.nio.file.Files.isRegularFile(to) || !java.nio.file.Files.isSameFile(file, to)) {
                java.nio.file.Files.createDirectories(to.getParent());
                java.nio.file.Files.copy(file, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            return Page.link("timelines/" + file.getFileName(), "history timeline");
        } catch (java.io.IOException e) {
            return Page.esc("(no timeline: " + e.getMessage() + ")");
        }
    }

    private static String store(String subject) {
        String s = subject.startsWith("kv/") ? subject.substring(3) : subject;
        int slash = s.indexOf('/');
        return slash < 0 ? s : s.substring(0, slash);
    }

    private static void chart(Page page, String title, String xName, String yName, Map<String, Object> counts) {
        if (counts.isEmpty()) {
            return;
        }
        List<String> x = new ArrayList<>(counts.keySet());
        List<Double> y = new ArrayList<>();
        counts.values().forEach(v -> y.add(((Number) v).doubleValue()));
        page.chart(Charts.option(title, xName, x, yName, List.of(new Charts.Series(yName, y)), false, false));
    }
}
