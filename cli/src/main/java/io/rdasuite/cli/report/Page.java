package io.rdasuite.cli.report;

import io.rdasuite.linearizability.timeline.HtmlTimeline;
import java.util.List;
import java.util.Map;

/**
 * One HTML page of a report: a header with the verdict, sections, tables and charts. Pages link only to files in
 * the report folder ({@code assets/report.css}, {@code assets/echarts.min.js}, the timelines), never to the network.
 */
final class Page {
    private final StringBuilder b = new StringBuilder(16_384);
    private int charts;

    /**
     * Starts a page titled {@code title}, with the verdict badge when {@code verdict} is not null and the run's
     * metadata ({@link RunInfo}) under the title.
     */
    Page(String title, String verdict, String subtitle, RunInfo run) {
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(esc(title))
                .append("</title>\n<link rel=\"stylesheet\" href=\"assets/report.css\">\n")
                .append("<script src=\"assets/echarts.min.js\"></script>\n</head><body>\n<header><h1>").append(esc(title));
        if (verdict != null) {
            b.append("<span id=\"verdict\" class=\"verdict ").append(esc(verdict)).append("\">").append(esc(verdict)).append("</span>");
        }
        b.append("</h1><div>").append(esc(subtitle)).append("</div>").append(run.html()).append("</header>\n<main>\n");
    }

    Page h2(String id, String text) {
        b.append("<h2 id=\"").append(esc(id)).append("\">").append(esc(text)).append("</h2>\n");
        return this;
    }

    Page h3(String text) {
        b.append("<h3>").append(esc(text)).append("</h3>\n");
        return this;
    }

    Page p(String text) {
        b.append("<p>").append(esc(text)).append("</p>\n");
        return this;
    }

    /** Raw HTML the caller built (escaped already). */
    Page raw(String html) {
        b.append(html);
        return this;
    }

    /** A two-column table of facts. */
    Page facts(Map<String, ?> facts) {
        b.append("<table class=\"kv\">\n");
        facts.forEach((k, v) -> b.append("<tr><td>").append(esc(k)).append("</td><td>").append(esc(String.valueOf(v))).append("</td></tr>\n"));
        b.append("</table>\n");
        return this;
    }

    /** A plain table: header cells, then rows of already-escaped HTML cells. */
    Page table(List<String> header, List<List<String>> rows) {
        b.append("<table><tr>");
        header.forEach(h -> b.append("<th>").append(esc(h)).append("</th>"));
        b.append("</tr>\n");
        for (List<String> row : rows) {
            b.append("<tr>");
            row.forEach(c -> b.append("<td>").append(c).append("</td>"));
            b.append("</tr>\n");
        }
        b.append("</table>\n");
        return this;
    }

    /** The legend of the result colours. */
    Page legend(String... classAndLabel) {
        b.append("<div class=\"legend\">");
        for (int i = 0; i < classAndLabel.length; i += 2) {
            b.append("<span class=\"").append(classAndLabel[i]).append("\">").append(esc(classAndLabel[i + 1])).append("</span>");
        }
        b.append("</div>\n");
        return this;
    }

    /** An ECharts chart from its option object (a JSON document made by {@link Charts}). */
    Page chart(String optionJson) {
        String id = "chart" + charts++;
        b.append("<div class=\"chart\" id=\"").append(id).append("\"></div>\n<script>echarts.init(document.getElementById('")
                .append(id).append("'), null, {renderer: 'svg'}).setOption(").append(optionJson.replace("</", "<\\/")).append(");</script>\n");
        return this;
    }

    int chartCount() {
        return charts;
    }

    String finish() {
        return b.append("</main></body></html>\n").toString();
    }

    /** A span coloured by {@code cls} around escaped text. */
    static String badge(String cls, String text) {
        return "<span class=\"verdict " + esc(cls) + "\">" + esc(text) + "</span>";
    }

    /** The list of row objects under {@code key} of a JSON document (empty when absent). */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> rows(Map<String, Object> doc, String key) {
        return doc.get(key) instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
    }

    static String link(String href, String text) {
        return "<a href=\"" + esc(href) + "\">" + esc(text) + "</a>";
    }

    static String code(String text) {
        return "<code>" + esc(text) + "</code>";
    }

    /** HTML-escapes text (null as empty) with the timelines' escaper. */
    static String esc(String s) {
        return s == null ? "" : HtmlTimeline.escape(s);
    }
}
