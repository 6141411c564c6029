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
 * Renders a history as a self-contained HTML page (Jepsen's timeline): one lane per process, each operation a bar from
 * its call to its return (open operations run to the right edge), crashes as vertical lines. The x axis is the order
 * of the history's events, evenly spaced and not to scale; each point is ticked {@code eN} (the history's N-th event)
 * and, where the history has a clock that differs from that index, its time on that clock ({@link Clock}); an axis
 * title above the lanes says which. The spacing widens until every bar holds its whole label. Each colour means one
 * thing, and the legend lists only the colours on the page: for a violation, the longest linearized prefix green and
 * numbered in linearization order, the operation that could not be linearized after it red, the operations the
 * checker did not reach grey; for a history drawn for another finding, by how each operation ended (returned ok,
 * returned a failure, no return). No scripts, no external resources.
 */
public final class HtmlTimeline {
    private static final int MIN_STEP_PX = 48;
    private static final int MAX_STEP_PX = 420;
    private static final double CHAR_PX = 6.6; // 11 px sans-serif, with room to spare
    private static final int LANE_PX = 44;
    private static final int LEFT_PX = 60;
    private static final int TOP_PX = 46;

    /** The clock of a history's recorded times, which the ticks print beside the event index. */
    public enum Clock {
        /** No times: the ticks show the event index only (EDN histories without {@code :time}). */
        NONE,
        /** Wall-clock nanoseconds (a recorded history): ticks show the time since the first event. */
        NANOS,
        /** The simulator's event counter (virtual time; not nanoseconds): ticks show the simulator event. */
        SIM_EVENTS
    }

    private HtmlTimeline() {
    }

    /** The page for {@code v}; {@code title} names the history (escaped). */
    public static String render(String title, Violation v) {
        return render(title, v, Clock.NANOS);
    }

    /** As {@link #render(String, Violation)}, the ticks printing times of {@code clock}. */
    public static String render(String title, Violation v, Clock clock) {
        String caption = (v.key() == null ? "No" : "Key " + Values.render(v.key()) + ": no") + " linearization exists. "
                + v.operations().size() + " operations, " + v.linearized().size()
                + " linearized (green, in order), then the red one could not be.";
        return page(title, caption, v, clock, true);
    }

    /**
     * The page of a whole history that is not a linearizability violation (a finding of another invariant, such as
     * durability): each operation coloured by how it ended, the crashes marked; {@code caption} says what was found.
     * Times are the simulator's events ({@link Clock#SIM_EVENTS}), as every caller's histories are.
     */
    public static String renderHistory(String title, String caption, List<Operation> ops, List<CrashPoint> crashes) {
        return renderHistory(title, caption, ops, crashes, Clock.SIM_EVENTS);
    }

    /** As {@link #renderHistory(String, String, List, List)} with the times of {@code clock}. */
    public static String renderHistory(String title, String caption, List<Operation> ops, List<CrashPoint> crashes, Clock clock) {
        return page(title, caption, new Violation(null, ops, crashes, List.of(), null), clock, false);
    }

    private static String page(String title, String caption, Violation v, Clock clock, boolean violation) {
        List<Operation> ops = v.operations();
        TreeSet<Integer> points = new TreeSet<>();
        TreeSet<Integer> processes = new TreeSet<>();
        Map<Integer, Long> times = new HashMap<>();
        for (Operation op : ops) {
            points.add(op.callIndex());
            times.put(op.callIndex(), op.callTimeNanos());
            if (!op.open()) {
                points.add(op.returnIndex());
                times.put(op.returnIndex(), op.returnTimeNanos());
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
                times.putIfAbsent(c.eventIndex(), c.timeNanos());
            }
        }
        Map<Integer, Integer> rank = new HashMap<>();
        for (int p : points) {
            rank.put(p, rank.size());
        }
        Map<Integer, Integer> order = new HashMap<>();
        for (Operation op : v.linearized()) {
            order.put(op.id(), order.size() + 1);
        }
        int step = MIN_STEP_PX;
        for (Operation op : ops) { // widen the spacing until every label fits its bar
            int span = Math.max(1, (op.open() ? points.size() : rank.get(op.returnIndex())) - rank.get(op.callIndex()));
            int need = (int) Math.ceil((text(op, order).length() * CHAR_PX + 10) / span);
            step = Math.max(step, Math.min(MAX_STEP_PX, need));
        }
        Map<Integer, Integer> x = new HashMap<>();
        for (int p : points) {
            x.put(p, LEFT_PX + rank.get(p) * step);
        }
        int right = LEFT_PX + points.size() * step;
        Map<Integer, Integer> lane = new LinkedHashMap<>();
        for (int p : processes) {
            lane.put(p, lane.size());
        }
        int height = TOP_PX + processes.size() * LANE_PX + 10;
        Clock shown = effective(clock, times);
        StringBuilder b = new StringBuilder(4096);
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(escape(title))
                .append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;font-size:13px;margin:16px}\nh2{overflow-wrap:anywhere}\n")
                .append(".tl{position:relative;border:1px solid #ccc;overflow-x:auto}\n")
                .append(".op{position:absolute;height:26px;box-sizing:border-box;border:1px solid #555;border-radius:4px;")
                .append("font-size:11px;line-height:12px;padding:1px 3px;overflow:hidden;white-space:nowrap}\n")
                .append(".lin{background:#b7e4b0}.block{background:#f28b82;border:2px solid #b00}.other{background:#e0e0e0}\n")
                .append(".ok{background:#bbdefb}.failed{background:#e1bee7}.unknown{background:#fff8e1}\n")
                .append(".axis{font-size:12px;color:#333;margin:4px 0}\n")
                .append(".open{border-right:2px dashed #555}\n")
                .append(".lane{position:absolute;left:4px;font-weight:bold}\n")
                .append(".crash{position:absolute;top:0;border-left:2px dashed #c00;color:#c00;font-size:11px;padding-left:2px}\n")
                .append(".tick{position:absolute;top:2px;border-left:1px solid #999;height:8px;font-size:10px;color:#555;")
                .append("padding-left:2px;white-space:nowrap}\n")
                .append(".legend span{display:inline-block;margin-right:10px;padding:1px 6px;font-size:12px}\n")
                .append("</style></head><body>\n<h2>").append(escape(title)).append("</h2>\n<p>").append(escape(caption))
                .append("</p>\n<div class=\"legend\">").append(legend(ops, v, violation, !crashes.isEmpty())).append("</div>\n")
                .append("<div class=\"axis\" id=\"axis\">").append(escape(axisTitle(shown))).append("</div>\n")
                .append("<div class=\"tl\" style=\"height:").append(height).append("px;width:").append(right + step)
                .append("px\">\n");
        long origin = times.values().stream().filter(t -> t >= 0 && t != Long.MAX_VALUE).min(Long::compare).orElse(0L);
        for (int p : points) {
            long t = times.getOrDefault(p, -1L);
            b.append("<div class=\"tick\" style=\"left:").append(x.get(p)).append("px\">e").append(p)
                    .append(escape(tickTime(shown, t, origin))).append("</div>\n");
        }
        for (Map.Entry<Integer, Integer> p : lane.entrySet()) {
            b.append("<div class=\"lane\" style=\"top:").append(TOP_PX + p.getValue() * LANE_PX + 6).append("px\">p")
                    .append(p.getKey()).append("</div>\n");
        }
        for (CrashPoint c : crashes) {
            b.append("<div class=\"crash\" style=\"left:").append(x.get(c.eventIndex())).append("px;top:16px;height:").append(height - 16)
                    .append("px\">crash").append(c.node() == null ? "" : " " + escape(c.node())).append("</div>\n");
        }
        for (Operation op : ops) {
            bar(b, op, v, order, x, lane, right, violation);
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
                            Map<Integer, Integer> lane, int right, boolean violation) {
        int left = x.get(op.callIndex());
        int end = op.open() ? right : x.get(op.returnIndex());
        String cls = cls(op, v, order, violation);
        String tip = op.describe() + "; call t=" + op.callTimeNanos()
                + (op.open() ? ", open to the end" : ", return t=" + op.returnTimeNanos());
        b.append("<div class=\"op ").append(cls).append(op.open() ? " open" : "").append("\" style=\"left:").append(left)
                .append("px;width:").append(Math.max(12, end - left)).append("px;top:")
                .append(TOP_PX + lane.get(op.process()) * LANE_PX).append("px\" title=\"").append(escape(tip)).append("\">")
                .append(escape(text(op, order))).append("</div>\n");
    }

    /** A bar's colour: in a violation, its part in the linearization; in another finding's history, how it ended. */
    private static String cls(Operation op, Violation v, Map<Integer, Integer> order, boolean violation) {
        if (violation) {
            boolean blocking = v.blocking() != null && v.blocking().id() == op.id();
            return blocking ? "block" : order.containsKey(op.id()) ? "lin" : "other";
        }
        return switch (op.status()) {
            case OK -> "ok";
            case FAIL -> "failed";
            default -> "unknown";
        };
    }

    /** The legend: one entry per colour on the page, in a fixed order. */
    private static String legend(List<Operation> ops, Violation v, boolean violation, boolean crashes) {
        Map<Integer, Integer> order = new HashMap<>();
        for (Operation op : v.linearized()) {
            order.put(op.id(), order.size() + 1);
        }
        TreeSet<String> present = new TreeSet<>();
        boolean open = false;
        for (Operation op : ops) {
            present.add(cls(op, v, order, violation));
            open |= op.open();
        }
        StringBuilder b = new StringBuilder();
        String[][] entries = {{"lin", "linearized, #order"}, {"block", "cannot be linearized"},
                {"other", "not reached: after the one that cannot be linearized"}, {"ok", "returned ok"},
                {"failed", "returned a failure (took no effect)"}, {"unknown", "no return: outcome unknown (cut by a crash, or pending)"}};
        for (String[] e : entries) {
            if (present.contains(e[0])) {
                b.append("<span class=\"").append(e[0]).append("\">").append(escape(e[1])).append("</span>");
            }
        }
        if (open) {
            b.append("<span style=\"border-right:2px dashed #555\">open: no return (runs to the end)</span>");
        }
        if (crashes) {
            b.append("<span style=\"border-left:2px dashed #c00;color:#c00\">crash</span>");
        }
        return b.toString();
    }

    /** What the x axis is: always the history's event order; the tick's second figure per {@code clock}. */
    private static String axisTitle(Clock clock) {
        String base = "x axis: the history's events in order, evenly spaced (not to scale); eN is event N of the history";
        return switch (clock) {
            case NONE -> base + ". The history records no times.";
            case NANOS -> base + ", followed by its wall-clock time since the first event.";
            case SIM_EVENTS -> base + ", followed by sM: the simulator event M it happened at (virtual time, not nanoseconds).";
        };
    }

    /** The clock the ticks print: none when the history has no times, or when every time equals its event index. */
    private static Clock effective(Clock clock, Map<Integer, Long> times) {
        boolean any = false;
        boolean sameAsIndex = true;
        for (Map.Entry<Integer, Long> e : times.entrySet()) {
            long t = e.getValue();
            if (t > 0 && t != Long.MAX_VALUE) {
                any = true;
                sameAsIndex &= t == e.getKey();
            }
        }
        return !any || (clock == Clock.SIM_EVENTS && sameAsIndex) ? Clock.NONE : clock;
    }

    private static String tickTime(Clock clock, long t, long origin) {
        if (clock == Clock.NONE || t < 0 || t == Long.MAX_VALUE) {
            return "";
        }
        if (clock == Clock.SIM_EVENTS) {
            return " s" + t;
        }
        double us = (t - origin) / 1e3;
        return us < 1000 ? String.format(java.util.Locale.ROOT, " +%.1fµs", us) : String.format(java.util.Locale.ROOT, " +%.2fms", us / 1e3);
    }

    private static String text(Operation op, Map<Integer, Integer> order) {
        Integer n = order.get(op.id());
        return (n != null ? "#" + n + " " : "") + label(op);
    }

    private static String label(Operation op) {
        String d = op.describe();
        return d.substring(d.indexOf(' ') + 1); // without the process: the lane says it
    }

    /** HTML-escapes text for element content and double-quoted attributes (the reports use it too). */
    public static String escape(String s) {
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
