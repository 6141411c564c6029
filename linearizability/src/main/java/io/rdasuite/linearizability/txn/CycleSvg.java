package io.rdasuite.linearizability.txn;

import java.util.List;

/**
 * Draws an anomaly's cycle as a self-contained HTML page with one SVG: the cycle's transactions on a circle, each
 * labelled with its micro-operations, and the dependency edges between them as arrows labelled ww, wr, rw or rt with
 * their key; a legend says what each kind means. No script, no network.
 */
public final class CycleSvg {
    private CycleSvg() {
    }

    public static String html(String title, List<Anomaly> findings) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>").append(esc(title)).append("</title>")
                .append("<style>body{font-family:sans-serif;margin:24px}svg{border:1px solid #ccc;background:#fff}</style></head><body>")
                .append("<h1>").append(esc(title)).append("</h1>")
                .append("<p>Legend: <b>ww</b> write-write (version order), <b>wr</b> write-read (the reader saw the write), <b>rw</b> read-write"
                        + " (anti-dependency: the reader missed the write), <b>process</b> process order (one client ran them in turn), <b>realtime</b> real time (completed before the other began).</p>");
        for (Anomaly f : findings) {
            b.append("<h2>").append(esc(f.name())).append("</h2>");
            if (f.steps().isEmpty()) {
                b.append("<p>").append(esc(f.explanation())).append("</p>");
            } else { // the drawing, and beside it the cycle in words, one step per edge
                b.append("<div style=\"display:flex;gap:24px;align-items:flex-start\">").append(svg(f)).append("<ol>");
                for (int i = 0; i < f.steps().size(); i++) {
                    Anomaly.Step s = f.steps().get(i);
                    b.append("<li><b>").append(esc(s.label())).append("</b>: ").append(esc(s.why()))
                            .append(i == f.steps().size() - 1 ? ". So T" + s.to() + " precedes itself: a contradiction." : ".").append("</li>");
                }
                b.append("</ol></div>");
            }
        }
        return b.append("</body></html>").toString();
    }

    private static String svg(Anomaly f) {
        int n = f.txns().size();
        int size = 560;
        double cx = size / 2.0;
        double cy = size / 2.0;
        double r = n == 1 ? 0 : size / 2.0 - 110;
        StringBuilder s = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + size + "\" height=\"" + size + "\">")
                .append("<defs><marker id=\"arrow\" markerWidth=\"10\" markerHeight=\"8\" refX=\"10\" refY=\"4\" orient=\"auto\">")
                .append("<path d=\"M0,0 L10,4 L0,8 z\" fill=\"#444\"/></marker></defs>");
        double[][] at = new double[n][2];
        for (int i = 0; i < n; i++) {
            double a = -Math.PI / 2 + 2 * Math.PI * i / n;
            at[i][0] = cx + r * Math.cos(a);
            at[i][1] = cy + r * Math.sin(a);
        }
        for (int i = 0; i < n; i++) {
            double[] p = at[i];
            double[] q = at[(i + 1) % n];
            double dx = q[0] - p[0];
            double dy = q[1] - p[1];
            double len = Math.max(1, Math.hypot(dx, dy));
            double x1 = p[0] + dx / len * 40;
            double y1 = p[1] + dy / len * 40;
            double x2 = q[0] - dx / len * 40;
            double y2 = q[1] - dy / len * 40;
            Anomaly.Step step = f.steps().get(i);
            String label = step.kind() + (step.key() == null ? "" : "(" + step.key() + ")");
            String colour = label.startsWith("rw") ? "#c0392b" : label.startsWith("realtime") || label.startsWith("process") ? "#7f8c8d" : "#2c3e50";
            s.append(String.format(java.util.Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\""
                    + " marker-end=\"url(#arrow)\"/>", x1, y1, x2, y2, colour, colour));
            s.append(String.format(java.util.Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" fill=\"%s\" text-anchor=\"middle\">%s</text>",
                    (x1 + x2) / 2 + dy / len * 14, (y1 + y2) / 2 - dx / len * 14, colour, esc(label)));
        }
        for (int i = 0; i < n; i++) {
            Txn t = f.txns().get(i);
            s.append(String.format(java.util.Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"34\" fill=\"#eaf2f8\" stroke=\"#2c3e50\"/>", at[i][0], at[i][1]));
            s.append(String.format(java.util.Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\">T%d</text>",
                    at[i][0], at[i][1] + 5, t.id()));
            StringBuilder ops = new StringBuilder();
            for (Txn.Mop m : t.mops()) {
                ops.append(ops.isEmpty() ? "" : " ").append(m.f()).append(' ').append(m.key()).append(m.isRead() ? "=" : " ").append(m.value());
            }
            s.append(String.format(java.util.Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%s</text>",
                    at[i][0], at[i][1] + 50, esc("p" + t.process() + ": " + ops)));
        }
        return s.append("</svg>").toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
