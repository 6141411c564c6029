package io.rdasuite.linearizability.timeline;

import io.rdasuite.linearizability.checker.Violation;
import io.rdasuite.linearizability.history.CrashPoint;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Values;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Renders a violation as a self-contained HTML page (Jepsen's timeline): one lane per process, each operation a
 * bar from its call to its return (open operations run to the right edge), crashes as vertical lines. The x
 * axis is the order of events, evenly spaced (each bar's tooltip has its times: nanoseconds, or event indices
 * for formats without times). Bars of the longest linearized
 * prefix are green and numbered in linearization order; the operation that could not be linearized after it is
 * red; the rest are grey. No scripts, no external resources.
 */
public final class HtmlTimeline {
    private static final int STEP_PX = 48;
    private static final int LANE_PX = 44;
    private static final int LEFT_PX = 60;
    private static final int TOP_PX = 30;

    private HtmlTimeline() {
    }

    /** The page for {@code v}; {@code title} names the history (escaped). */
    public static String render(String title, Violation v) {
        List<Operation> ops = v.operations();
        TreeSet<Integer> points = new TreeSet<>();
        TreeSet<Integer> processes = new TreeSet<>();
        for (Operation op : ops) {
            points.add(op.callIndex());
            if (!op.open()) {
                points.add(op.returnIndex());
            }
            processes.add(op.process());
        }
        int first = points.isEmpty() ? 0 : points.first();
        int last = points.isEmpty() ? 0 : points.last();
        List<CrashPoint> crashes = new ArrayList<>();
        for (CrashPoint c : v.crashes()) {
            if (c.eventIndex() >= first && c.eventIndex() <= last) {
                crashes.add(c);
                points.add(c.eventIndex());
            }
        }
        Map<Integer, Integer> x = new HashMap<>();
        for (int p : points) {
            x.put(p, LEFT_PX + x.size() * STEP_PX);
        }
        int right = LEFT_PX + points.size() * STEP_PX;
        Map<Integer, Integer> lane = new LinkedHashMap<>();
        for (int p : processes) {
            lane.put(p, lane.size());
        }
        Map<Integer, Integer> order = new HashMap<>();
        for (Operation op : v.linearized()) {
            order.put(op.id(), order.size() + 1);
        }
        int height = TOP_PX + processes.size() * LANE_PX + 10;
        StringBuilder b = new StringBuilder(4096);
        b.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(escape(title))
                .append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;font-size:13px;margin:16px}\n")
                .append(".tl{position:relative;border:1px solid #ccc;overflow-x:auto}\n")
                .append(".op{position:absolute;height:26px;box-sizing:border-box;border:1px solid #555;border-radius:4px;")
                .append("font-size:11px;line-height:12px;padding:1px 3px;overflow:hidden;white-space:nowrap}\n")
                .append(".lin{background:#b7e4b0}.block{background:#f28b82;border:2px solid #b00}.other{background:#e0e0e0}\n")
                .append(".open{border-right:2px dashed #555}\n")
                .append(".lane{position:absolute;left:4px;font-weight:bold}\n")
                .append(".crash{position:absolute;top:0;border-left:2px dashed #c00;color:#c00;font-size:11px}\n")
                .append("</style></head><body>\n<h2>").append(escape(title)).append("</h2>\n<p>")
                .append(v.key() == null ? "No" : "Key " + escape(Values.render(v.key())) + ": no").append(" linearization exists. ")
                .append(ops.size()).append(" operations, ").append(v.linearized().size())
                .append(" linearized (green, in order), then the red one could not be.</p>\n")
                .append("<div class=\"tl\" style=\"height:").append(height).append("px;width:").append(right + STEP_PX)
                .append("px\">\n");
        for (Map.Entry<Integer, Integer> p : lane.entrySet()) {
            b.append("<div class=\"lane\" style=\"top:").append(TOP_PX + p.getValue() * LANE_PX + 6).append("px\">p")
                    .append(p.getKey()).append("</div>\n");
        }
        for (CrashPoint c : crashes) {
            b.append("<div class=\"crash\" style=\"left:").append(x.get(c.eventIndex())).append("px;height:").append(height)
                    .append("px\">crash").append(c.node() == null ? "" : " " + escape(c.node())).append("</div>\n");
        }
        for (Operation op : ops) {
            bar(b, op, v, order, x, lane, right);
        }
        b.append("</div>\n<ol>\n");
        for (Operation op : v.linearized()) {
            b.append("<li>").append(escape(op.describe())).append("</li>\n");
        }
        b.append("</ol>\n");
        if (v.blocking() != null) {
            b.append("<p>Then <b>").append(escape(v.blocking().describe()))
                    .append("</b> cannot take effect anywhere before it returns.</p>\n");
        }
        return b.append("</body></html>\n").toString();
    }

    private static void bar(StringBuilder b, Operation op, Violation v, Map<Integer, Integer> order, Map<Integer, Integer> x,
                            Map<Integer, Integer> lane, int right) {
        int left = x.get(op.callIndex());
        int end = op.open() ? right : x.get(op.returnIndex());
        boolean blocking = v.blocking() != null && v.blocking().id() == op.id();
        Integer n = order.get(op.id());
        String cls = blocking ? "block" : n != null ? "lin" : "other";
        String tip = op.describe() + "; call t=" + op.callTimeNanos()
                + (op.open() ? ", open to the end" : ", return t=" + op.returnTimeNanos());
        b.append("<div class=\"op ").append(cls).append(op.open() ? " open" : "").append("\" style=\"left:").append(left)
                .append("px;width:").append(Math.max(12, end - left)).append("px;top:")
                .append(TOP_PX + lane.get(op.process()) * LANE_PX).append("px\" title=\"").append(escape(tip)).append("\">")
                .append(n != null ? "#" + n + " " : "").append(escape(label(op))).append("</div>\n");
    }

    private static String label(Operation op) {
        String d = op.describe();
        return d.substring(d.indexOf(' ') + 1); // without the process: the lane says it
    }

    /** HTML-escapes text for element content and double-quoted attributes. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
