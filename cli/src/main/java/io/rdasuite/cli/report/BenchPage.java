package io.rdasuite.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The report of any {@code rda bench} (and {@code rda sim-bench}): the run's parameters, one chart per measured
 * quantity of its result rows (grouped by paper figure where the rows name one), a latency-percentile chart where the
 * rows carry p50/p99, and the paper's claims beside them with the model's verdict. Charts are chosen from the rows:
 * the x axis is the first varying dimension of clients, servers, value size, config, protocol; the series are the
 * other varying dimensions; a numeric x draws curves, a named x grouped bars.
 */
final class BenchPage {
    private static final List<String> X_PREFERENCE = List.of("clients", "servers", "valueSize", "bin", "config", "protocol", "op");
    /** Fields that describe a row but would only split the series (they follow from the others). */
    private static final Set<String> DESCRIPTIVE = Set.of("method", "oneSided", "flushes", "optimizations", "recipe", "failedReadSamples");

    private BenchPage() {
    }

    static String render(Map<String, Object> doc, RunInfo run) {
        String command = String.valueOf(doc.get("command"));
        // a benchmark measures: no verdict of its own (a claim that differs is shown per claim)
        Page page = new Page("rda " + command, null, "seed " + doc.get("seed") + (doc.containsKey("profile") ? ", profile " + doc.get("profile") : "")
                + (doc.containsKey("fabric") ? ", over " + doc.get("fabric") : ", simulated"), run);
        Map<String, Object> facts = new LinkedHashMap<>();
        doc.forEach((k, v) -> {
            if (!(v instanceof List<?>) && !(v instanceof Map<?, ?>)) {
                facts.put(Labels.of(k), v);
            } else if (v instanceof List<?> l && !l.isEmpty() && l.getFirst() instanceof String) {
                facts.put(Labels.of(k), String.join(", ", l.stream().map(String::valueOf).toList()));
            }
        });
        page.h2("parameters", "Run").facts(facts);
        List<Map<String, Object>> rows = Page.rows(doc, "results");
        Map<String, List<Map<String, Object>>> groups = new LinkedHashMap<>();
        for (Map<String, Object> r : rows) {
            groups.computeIfAbsent(r.containsKey("figure") ? "Fig. " + r.get("figure") : "Results", k -> new ArrayList<>()).add(r);
        }
        groups.forEach((name, group) -> {
            page.h2("g-" + name.replace(' ', '-').replace(".", ""), name);
            charts(page, group, "");
            page.raw("<details><summary>rows (" + group.size() + ")</summary>").raw(rowsTable(group)).raw("</details>\n");
        });
        doc.forEach((k, v) -> {
            if (v instanceof List<?> l && !l.isEmpty() && l.getFirst() instanceof Number && !k.equals("overTime")) {
                List<String> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (int i = 0; i < l.size(); i++) {
                    x.add(String.valueOf(i));
                    y.add(((Number) l.get(i)).doubleValue());
                }
                String label = Labels.of(k);
                page.h2("s-" + k, label).chart(Charts.option(label, Labels.indexName(k), x, Labels.unitOf(k), List.of(new Charts.Series(label, y)),
                        true, false));
            }
        });
        if (doc.get("overTime") instanceof Map<?, ?> overTime) {
            page.h2("over-time", "Over time (wall clock, against the servers)");
            @SuppressWarnings("unchecked")
            Map<String, Object> series = (Map<String, Object>) overTime;
            LinPage.overTime(page, series, String.valueOf(doc.getOrDefault("fabric", "")));
        }
        ratios(page, doc);
        claims(page, doc);
        return page.finish();
    }

    /** Past these, one chart per value of a series dimension (small multiples) instead of one crowded chart. */
    private static final int MAX_BARS = 40;
    private static final int MAX_LINES = 8;
    private static final List<String> FACET_PREFERENCE = List.of("workload", "update", "transport", "op", "protocol");

    private static void charts(Page page, List<Map<String, Object>> rows, String facetTitle) {
        List<String> metrics = new ArrayList<>();
        List<String> dims = new ArrayList<>();
        for (String k : rows.getFirst().keySet()) {
            if (k.equals("figure") || DESCRIPTIVE.contains(k)) {
                continue;
            }
            (isMetric(k, rows.getFirst().get(k)) ? metrics : dims).add(k);
        }
        List<String> varying = new ArrayList<>();
        for (String d : dims) {
            Set<String> values = new LinkedHashSet<>();
            rows.forEach(r -> values.add(String.valueOf(r.get(d))));
            if (values.size() > 1) {
                varying.add(d);
            }
        }
        String xField = X_PREFERENCE.stream().filter(varying::contains).findFirst().orElse(varying.isEmpty() ? null : varying.getFirst());
        List<String> seriesFields = new ArrayList<>(varying);
        seriesFields.remove(xField);
        List<String> x = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            String xv = xField == null ? "all" : String.valueOf(r.get(xField));
            if (!x.contains(xv)) {
                x.add(xv);
            }
        }
        boolean numericX = xField != null && rows.getFirst().get(xField) instanceof Number;
        if (seriesFields.size() >= 1 && tooCrowded(rows, seriesFields, x.size(), numericX)) {
            String facet = FACET_PREFERENCE.stream().filter(seriesFields::contains).findFirst().orElse(seriesFields.getFirst());
            Map<String, List<Map<String, Object>>> parts = new LinkedHashMap<>();
            rows.forEach(r -> parts.computeIfAbsent(String.valueOf(r.get(facet)), k -> new ArrayList<>()).add(r));
            if (parts.size() > 1) {
                boolean outer = facetTitle.isEmpty();
                if (outer) {
                    page.raw("<div class=\"multiples\">");
                }
                parts.forEach((value, part) -> charts(page, part, (facetTitle.isEmpty() ? "" : facetTitle + ", ") + facet + " " + value));
                if (outer) {
                    page.raw("</div>\n");
                }
                return;
            }
        }
        boolean percentiles = metrics.contains("p50LatencyNs") && metrics.contains("p99LatencyNs");
        for (String metric : metrics) {
            if (percentiles && metric.matches("(p\\d+|mean)LatencyNs")) {
                continue; // drawn together below
            }
            List<Charts.Series> series = series(rows, xField, x, seriesFields, metric, "");
            if (allZero(series)) {
                continue; // nothing measured (no failed reads, say): the rows table shows the zeros
            }
            page.chart(Charts.option(title(metric) + suffix(facetTitle), xField == null ? "" : Labels.of(xField), x, unit(metric), series, numericX,
                    spansDecades(series)));
        }
        if (percentiles) {
            List<Charts.Series> series = new ArrayList<>();
            for (String metric : List.of("meanLatencyNs", "p50LatencyNs", "p99LatencyNs")) {
                if (metrics.contains(metric)) {
                    series.addAll(series(rows, xField, x, seriesFields, metric, metric.replace("LatencyNs", "") + " "));
                }
            }
            if (numericX ? series.size() > MAX_LINES : series.size() * x.size() > MAX_BARS) { // one chart per statistic
                for (String metric : List.of("meanLatencyNs", "p50LatencyNs", "p99LatencyNs")) {
                    if (metrics.contains(metric)) {
                        page.chart(Charts.option(title(metric) + suffix(facetTitle), xField == null ? "" : Labels.of(xField), x, "µs",
                                series(rows, xField, x, seriesFields, metric, ""), numericX, false));
                    }
                }
                return;
            }
            page.chart(Charts.option("Latency: mean, p50, p99" + suffix(facetTitle), xField == null ? "" : Labels.of(xField), x, "µs", series, false,
                    false));
        }
    }

    private static String suffix(String facetTitle) {
        return facetTitle.isEmpty() ? "" : " - " + facetTitle;
    }

    /** Whether one chart of these rows would be unreadable: too many bars, or too many lines. */
    private static boolean tooCrowded(List<Map<String, Object>> rows, List<String> seriesFields, int xCount, boolean lines) {
        Set<String> names = new LinkedHashSet<>();
        for (Map<String, Object> r : rows) {
            StringBuilder n = new StringBuilder();
            seriesFields.forEach(f -> n.append(r.get(f)).append('\u0000'));
            names.add(n.toString());
        }
        return lines ? names.size() > MAX_LINES : names.size() * xCount > MAX_BARS;
    }

    /**
     * The paper's own figures beside the model's, as the terminal prints them ({@code paperRatios}: what, model, paper,
     * detail), e.g. Erda's latency and throughput over Redo Logging's (paper 000 Fig. 26).
     */
    private static void ratios(Page page, Map<String, Object> doc) {
        List<Map<String, Object>> ratios = Page.rows(doc, "paperRatios");
        if (ratios.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (Map<String, Object> r : ratios) {
            rows.add(List.of(Page.esc(String.valueOf(r.get("what"))), Page.esc(String.valueOf(r.get("model"))), Page.esc(String.valueOf(r.get("paper"))),
                    Page.esc(String.valueOf(r.getOrDefault("detail", "")))));
        }
        page.h2("ratios", "The paper's figures beside the model's").table(List.of("figure", "model", "paper", "paper's numbers"), rows);
    }

    private static List<Charts.Series> series(List<Map<String, Object>> rows, String xField, List<String> x, List<String> seriesFields,
                                              String metric, String prefix) {
        Map<String, Double[]> byName = new LinkedHashMap<>();
        for (Map<String, Object> r : rows) {
            StringBuilder name = new StringBuilder(prefix);
            for (String f : seriesFields) {
                name.append(name.isEmpty() || name.toString().endsWith(" ") ? "" : " ").append(r.get(f));
            }
            String n = name.toString().trim();
            Double[] ys = byName.computeIfAbsent(n.isEmpty() ? title(metric) : n, k -> new Double[x.size()]);
            Object v = r.get(metric);
            if (v instanceof Number num) {
                ys[x.indexOf(xField == null ? "all" : String.valueOf(r.get(xField)))] = scale(metric, num.doubleValue());
            }
        }
        List<Charts.Series> out = new ArrayList<>();
        byName.forEach((n, ys) -> out.add(new Charts.Series(n, java.util.Arrays.asList(ys))));
        return out;
    }

    private static boolean isMetric(String key, Object value) {
        if (!(value instanceof Number)) {
            return false;
        }
        String k = key.toLowerCase(java.util.Locale.ROOT);
        return value instanceof Double || value instanceof Float || k.endsWith("ns") || k.endsWith("persecond") || k.endsWith("perop")
                || k.endsWith("nanos") || k.equals("retries") || k.equals("failedreads") || k.endsWith("ops");
    }

    private static double scale(String metric, double v) {
        return switch (unit(metric)) {
            case "µs" -> v / 1e3;
            case "GB/s" -> v / 1e9;
            case "M ops/s" -> v / 1e6;
            default -> v;
        };
    }

    /** The display unit: nanoseconds as µs, bytes/s as GB/s, ops/s as M ops/s, per-op counts as they are. */
    private static String unit(String metric) {
        String k = metric.toLowerCase(java.util.Locale.ROOT);
        if (k.endsWith("nsperop")) {
            return "ns/op";
        }
        if (k.endsWith("ns") || k.endsWith("nanos")) {
            return "µs";
        }
        if (k.endsWith("bytespersecond")) {
            return "GB/s";
        }
        if (k.endsWith("opspersecond") || k.endsWith("persecond")) {
            return "M ops/s";
        }
        if (k.endsWith("perop")) {
            return "per op";
        }
        return "count";
    }

    /** A readable name: {@code meanGetLatencyNs} becomes "mean get latency (µs)". */
    private static String title(String metric) {
        String bare = metric.replaceAll("(NsPerOp|Ns|Nanos|BytesPerSecond|OpsPerSecond|PerSecond)$", "");
        if (bare.isEmpty() || bare.equals("bytes") || bare.equals("ops")) {
            bare = metric.startsWith("bytes") ? "bandwidth" : "throughput";
        }
        return bare.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT) + " (" + unit(metric) + ")";
    }

    private static boolean allZero(List<Charts.Series> series) {
        return series.stream().flatMap(s -> s.values().stream()).allMatch(v -> v == null || v == 0);
    }

    private static boolean spansDecades(List<Charts.Series> series) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Charts.Series s : series) {
            for (Double v : s.values()) {
                if (v != null && v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        return max > 0 && max / min > 200;
    }

    private static String rowsTable(List<Map<String, Object>> rows) {
        List<String> header = new ArrayList<>(rows.getFirst().keySet());
        List<List<String>> cells = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            List<String> row = new ArrayList<>();
            header.forEach(h -> row.add(Page.esc(String.valueOf(r.get(h)))));
            cells.add(row);
        }
        StringBuilder b = new StringBuilder("<table><tr>");
        header.forEach(h -> b.append("<th title=\"").append(Page.esc(h)).append("\">").append(Page.esc(Labels.of(h))).append("</th>"));
        b.append("</tr>\n");
        cells.forEach(row -> {
            b.append("<tr>");
            row.forEach(c -> b.append("<td>").append(c).append("</td>"));
            b.append("</tr>\n");
        });
        return b.append("</table>\n").toString();
    }

    /**
     * The paper's claims beside the measured figures ({@code paperClaims}: paper, model, agrees; or {@code claims}), then
     * {@code rda bench fidelity}'s physical bounds ({@code bounds}: each figure against the link or PM bandwidth it crossed).
     */
    private static void claims(Page page, Map<String, Object> doc) {
        List<Map<String, Object>> claims = new ArrayList<>(Page.rows(doc, "paperClaims"));
        claims.addAll(Page.rows(doc, "claims"));
        verdictTable(page, "claims", "The paper's claims beside the model", claims, java.util.Set.of("agrees", "verdict"), "agrees", "differs");
        verdictTable(page, "bounds", "Physical bounds of the figures", Page.rows(doc, "bounds"), java.util.Set.of("holds"), "holds", "broken");
    }

    /** A table of {@code rows} whose {@code verdictFields} show as a badge: {@code yes} for true or "agrees", {@code no} otherwise. */
    private static void verdictTable(Page page, String id, String title, List<Map<String, Object>> rows, java.util.Set<String> verdictFields,
                                     String yes, String no) {
        if (rows.isEmpty()) {
            return;
        }
        List<String> header = new ArrayList<>(rows.getFirst().keySet());
        List<List<String>> cells = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            List<String> row = new ArrayList<>();
            for (String h : header) {
                Object v = r.get(h);
                boolean good = Boolean.TRUE.equals(v) || "agrees".equals(v);
                row.add(verdictFields.contains(h) ? Page.badge(good ? "PASS" : "finding", good ? yes : no) : Page.esc(String.valueOf(v)));
            }
            cells.add(row);
        }
        page.h2(id, title).table(header.stream().map(Labels::of).toList(), cells);
    }
}
