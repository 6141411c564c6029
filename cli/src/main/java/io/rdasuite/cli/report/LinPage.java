package io.rdasuite.cli.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of {@code rda lin check}: per history its verdict, size, checking time and (for a violation) the link
 * to its minimized timeline; a chart of checking time per history. For the transaction models: the verdict, the
 * anomalies with their cycles, and the cycle drawing.
 */
final class LinPage {
    private LinPage() {
    }

    static String render(Map<String, Object> doc, Path dir, RunInfo run) {
        return doc.containsKey("anomalies") ? transactions(doc, run) : histories(doc, run);
    }

    @SuppressWarnings("unchecked")
    private static String histories(Map<String, Object> doc, RunInfo run) {
        int not = ((Number) doc.getOrDefault("notLinearizable", 0)).intValue();
        int unknown = ((Number) doc.getOrDefault("unknown", 0)).intValue();
        String verdict = not > 0 ? "FAIL" : unknown > 0 ? "UNKNOWN" : "PASS";
        List<Map<String, Object>> rows = Page.rows(doc, "results");
        Page page = new Page("rda lin check", verdict, rows.size() + " histories, crash semantics " + doc.get("crashes"), run);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("linearizable", doc.get("linearizable"));
        facts.put("not linearizable", not);
        facts.put("unknown (budget exhausted)", unknown);
        facts.put("checking time", String.format("%.3f s (parsing excluded)", ((Number) doc.getOrDefault("totalCheckNanos", 0)).doubleValue() / 1e9));
        page.h2("summary", "Summary").facts(facts)
                .legend("PASS", "LINEARIZABLE", "FAIL", "NOT_LINEARIZABLE", "UNKNOWN", "UNKNOWN: budget exhausted");
        List<List<String>> table = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Double> millis = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            String v = String.valueOf(r.get("verdict"));
            String cls = v.equals("LINEARIZABLE") ? "PASS" : v.equals("NOT_LINEARIZABLE") ? "FAIL" : "UNKNOWN";
            String timeline = r.get("timeline") == null ? "" : Page.link("timelines/" + Path.of(String.valueOf(r.get("timeline"))).getFileName(),
                    "timeline (" + r.get("minimizedOperations") + " ops)");
            String why = r.containsKey("blocking") ? (r.get("key") == null ? "" : "key " + r.get("key") + ": ") + r.get("linearizedPrefix") + " linearized, then "
                    + r.get("blocking") : String.valueOf(r.getOrDefault("reason", ""));
            double ms = ((Number) r.get("checkNanos")).doubleValue() / 1e6;
            table.add(List.of(Page.esc(String.valueOf(r.get("file"))), Page.esc(String.valueOf(r.get("model"))), String.valueOf(r.get("operations")),
                    String.valueOf(r.get("keys")), Page.badge(cls, v), String.format("%.3f", ms), Page.esc(why), timeline));
            names.add(String.valueOf(r.get("file")));
            millis.add(Math.max(ms, 0.001));
        }
        page.h2("histories", "Histories").table(List.of("file", "model", "ops", "keys", "verdict", "check (ms)", "violation", "timeline"), table);
        page.chart(Charts.option("Checking time per history (log scale)", "history", names, "ms",
                List.of(new Charts.Series("checking time (ms)", millis)), false, true));
        for (Map<String, Object> r : rows) {
            if (r.get("overTime") instanceof Map<?, ?> series) {
                page.h2("time-" + r.get("file"), String.valueOf(r.get("file")) + " over time");
                overTime(page, (Map<String, Object>) series, String.valueOf(r.get("file")));
            }
        }
        return page.finish();
    }

    /**
     * Jepsen's two plots of a timed history: every completed operation's latency at its call time (by outcome), and
     * completions per second; fault windows (a crash until the service answers again) shaded on both.
     */
    @SuppressWarnings("unchecked")
    static void overTime(Page page, Map<String, Object> series, String name) {
        List<Charts.Window> windows = new ArrayList<>();
        for (List<Object> w : (List<List<Object>>) series.getOrDefault("windows", List.of())) {
            windows.add(new Charts.Window(((Number) w.get(0)).doubleValue(), ((Number) w.get(1)).doubleValue(), String.valueOf(w.get(2))));
        }
        Map<String, List<List<Double>>> byOutcome = new java.util.TreeMap<>();
        for (List<Object> p : (List<List<Object>>) series.getOrDefault("ops", List.of())) {
            byOutcome.computeIfAbsent(String.valueOf(p.get(2)), k -> new ArrayList<>())
                    .add(List.of(((Number) p.get(0)).doubleValue(), ((Number) p.get(1)).doubleValue()));
        }
        List<Charts.XySeries> points = new ArrayList<>();
        byOutcome.forEach((o, pts) -> {
            if (!pts.isEmpty()) {
                points.add(new Charts.XySeries(o, pts, "scatter"));
            }
        });
        int every = ((Number) series.getOrDefault("pointsEvery", 1)).intValue();
        page.p("Latency of each completed operation at its call time" + (every > 1 ? " (every " + every + "th drawn)" : "")
                + ", and completions per second" + (windows.isEmpty() ? " (no faults in this run)." : "; shaded: fault windows, from the last answer"
                + " before a crash to the first answer after it."));
        page.chart(Charts.xy("Latency over time: " + name, "time since the first call (s)", "latency (ms)", points, windows));
        List<List<Double>> rate = new ArrayList<>();
        for (List<Object> p : (List<List<Object>>) series.getOrDefault("rate", List.of())) {
            rate.add(List.of(((Number) p.get(0)).doubleValue(), ((Number) p.get(1)).doubleValue()));
        }
        page.chart(Charts.xy("Throughput over time: " + name, "time since the first call (s)", "completions per second",
                List.of(new Charts.XySeries("completed operations", rate, "line")), windows));
    }

    @SuppressWarnings("unchecked")
    private static String transactions(Map<String, Object> doc, RunInfo run) {
        String v = String.valueOf(doc.get("verdict"));
        Page page = new Page("rda lin check (transactions)", v.startsWith("NOT") ? "FAIL" : "PASS", doc.get("file") + ", model " + doc.get("model")
                + (Boolean.TRUE.equals(doc.get("strict")) ? ", strict" : ""), run);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("verdict", v);
        facts.put("transactions", doc.get("transactions"));
        facts.put("dependency edges", doc.get("edges"));
        facts.put("checking time", String.format("%.3f ms", ((Number) doc.getOrDefault("checkNanos", 0)).doubleValue() / 1e6));
        page.h2("summary", "Summary").facts(facts);
        List<Map<String, Object>> anomalies = Page.rows(doc, "anomalies");
        page.h2("anomalies", "Anomalies (" + anomalies.size() + ")");
        for (Map<String, Object> a : anomalies) {
            StringBuilder b = new StringBuilder("<div class=\"finding-box\"><h3>").append(Page.esc(String.valueOf(a.get("anomaly")))).append("</h3>\n");
            b.append("<p>").append(Page.esc(String.valueOf(a.get("explanation")))).append("</p>\n<pre>");
            ((List<Object>) a.getOrDefault("cycle", List.of())).forEach(s -> b.append(Page.esc(String.valueOf(s))).append('\n'));
            ((List<Object>) a.getOrDefault("transactions", List.of())).forEach(s -> b.append(Page.esc(String.valueOf(s))).append('\n'));
            page.raw(b.append("</pre></div>\n").toString());
        }
        if (doc.get("cycleDrawing") != null) {
            page.p("The cycles, drawn:").raw(Page.link("timelines/" + Path.of(String.valueOf(doc.get("cycleDrawing"))).getFileName(), "cycle drawing"));
        }
        return page.finish();
    }
}
