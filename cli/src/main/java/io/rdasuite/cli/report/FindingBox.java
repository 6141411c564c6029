package io.rdasuite.cli.report;

import java.util.List;
import java.util.Map;

/**
 * The body of one finding of {@code rda check}: what failed, the (shrunk) program, where the crash fell, the replay
 * line, the timeline link and the trace before the crash.
 */
final class FindingBox {
    private FindingBox() {
    }

    /** The box of {@code e} (a counterexample or example object of the check's JSON), {@code timeline} already linked or null. */
    static String html(String id, String title, boolean failure, Map<String, Object> e, String timeline) {
        StringBuilder b = new StringBuilder();
        b.append("<div class=\"finding-box").append(failure ? "" : " expected").append("\" id=\"").append(id).append("\"><h3>")
                .append(Page.esc(title)).append(' ').append(failure ? Page.badge("FAIL", "a claimed property failed")
                        : Page.badge("finding", "expected: an unclaimed weakness, or a negative control caught")).append("</h3>\n");
        Object detail = detail(e);
        b.append("<p>").append(Page.esc(String.valueOf(detail))).append("</p>\n<p>");
        if (e.containsKey("operations")) {
            b.append(Boolean.FALSE.equals(e.get("shrunk")) ? "Not shrunk (only the first examples of a cell are): " : "Shrunk to ")
                    .append(e.get("operations")).append(" operation(s)");
            if (e.containsKey("clients")) {
                b.append(" on ").append(e.get("clients")).append(" client(s)");
            }
            b.append(", ");
        }
        if (e.get("crashEvent") != null) {
            b.append("crash before event ").append(e.get("crashEvent")).append('.');
        }
        b.append("</p>\n");
        if (e.get("program") instanceof List<?> program) {
            b.append("<p>Program, per client: ");
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
            b.append("<p>").append(failure ? "Breaks the claim " : "The claim it would break (not made by this store) ")
                    .append(Page.code(String.valueOf(e.get("claim")))).append("</p>\n");
        }
        if (e.get("crashPoint") instanceof List<?> point && !point.isEmpty()) {
            b.append("<p>Where the crash fell:</p><ul>");
            point.forEach(line -> b.append("<li>").append(Page.esc(String.valueOf(line))).append("</li>"));
            b.append("</ul>\n");
        }
        if (e.get("replay") != null) {
            b.append("<p>Replay: <span class=\"replay\">").append(Page.esc(String.valueOf(e.get("replay")))).append("</span></p>\n");
        }
        if (timeline != null) {
            b.append("<p>").append(timeline).append("</p>\n");
        }
        if (e.get("trace") instanceof List<?> trace && !trace.isEmpty()) {
            b.append("<details><summary>trace before the crash (").append(trace.size()).append(" events)</summary><pre>");
            trace.forEach(line -> b.append(Page.esc(String.valueOf(line))).append('\n'));
            b.append("</pre></details>\n");
        } else if (e.get("replay") != null) {
            b.append("<p class=\"note\">No trace kept for this example; <code>rda replay</code> above prints it.</p>\n");
        }
        return b.append("</div>\n").toString();
    }

    /** What the finding says failed. */
    static Object detail(Map<String, Object> e) {
        return e.getOrDefault("detail", e.getOrDefault("anomaly", e.getOrDefault("violation", e.get("invariant"))));
    }
}
