package io.rdasuite.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** ECharts option documents (bar and line charts with axes, units and a legend), rendered to JSON by Jackson. */
final class Charts {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One named series of y values, aligned with the x categories (null where it has no point). */
    record Series(String name, List<Double> values) {
    }

    /** One named series of (x, y) points on value axes, drawn as {@code line} or {@code scatter}. */
    record XySeries(String name, List<List<Double>> points, String type) {
    }

    /** A shaded span of the x axis (a fault window: from a crash to the recovery), labelled. */
    record Window(double from, double to, String label) {
    }

    private Charts() {
    }

    /**
     * A chart over a numeric x axis (time, runs): Jepsen's latency and rate plots. {@code windows} are shaded across the
     * plot (the series' first carries them) and named in the legend as "fault windows".
     */
    static String xy(String title, String xName, String yName, List<XySeries> series, List<Window> windows) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("title", Map.of("text", title, "textStyle", Map.of("fontSize", 14)));
        o.put("tooltip", Map.of("trigger", "item"));
        o.put("legend", Map.of("type", "scroll", "top", 24));
        o.put("grid", Map.of("top", 70, "left", 80, "right", 30, "bottom", 60));
        o.put("animation", false);
        o.put("xAxis", Map.of("type", "value", "name", xName, "nameLocation", "middle", "nameGap", 30, "scale", true));
        o.put("yAxis", Map.of("type", "value", "name", yName, "nameLocation", "middle", "nameGap", 60));
        List<Map<String, Object>> s = new ArrayList<>();
        for (XySeries one : series) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", one.name());
            m.put("type", one.type());
            m.put("data", one.points());
            if (one.type().equals("scatter")) {
                m.put("symbolSize", 3);
                m.put("large", true);
            } else {
                m.put("showSymbol", false);
            }
            s.add(m);
        }
        if (!windows.isEmpty()) {
            List<List<Map<String, Object>>> areas = new ArrayList<>();
            for (Window w : windows) {
                areas.add(List.of(Map.of("name", w.label(), "xAxis", w.from()), Map.of("xAxis", w.to())));
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", "fault windows");
            m.put("type", "line");
            m.put("data", List.of());
            m.put("markArea", Map.of("silent", true, "itemStyle", Map.of("color", "rgba(229,57,53,0.15)"), "label",
                    Map.of("position", "insideTop", "fontSize", 10), "data", areas));
            s.add(m);
        }
        o.put("series", s);
        return json(o);
    }

    /**
     * A chart of {@code series} over the categories {@code x}: {@code line} draws lines with points (a curve over a
     * growing x), else grouped bars; {@code logY} for values spanning orders of magnitude.
     */
    static String option(String title, String xName, List<String> x, String yName, List<Series> series, boolean line, boolean logY) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("title", Map.of("text", title, "textStyle", Map.of("fontSize", 14)));
        o.put("tooltip", Map.of("trigger", "axis"));
        o.put("legend", Map.of("type", "scroll", "top", 24));
        o.put("grid", Map.of("top", 70, "left", 80, "right", 30, "bottom", 90));
        o.put("animation", false);
        Map<String, Object> xAxis = new LinkedHashMap<>();
        xAxis.put("type", "category");
        xAxis.put("name", xName);
        xAxis.put("nameLocation", "middle");
        xAxis.put("nameGap", 60);
        xAxis.put("data", x);
        xAxis.put("axisLabel", Map.of("rotate", x.size() > 6 ? 30 : 0, "interval", 0));
        o.put("xAxis", xAxis);
        Map<String, Object> yAxis = new LinkedHashMap<>();
        yAxis.put("type", logY ? "log" : "value");
        yAxis.put("name", yName);
        yAxis.put("nameLocation", "middle");
        yAxis.put("nameGap", 60);
        o.put("yAxis", yAxis);
        List<Map<String, Object>> s = new ArrayList<>();
        for (Series one : series) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", one.name());
            m.put("type", line ? "line" : "bar");
            m.put("data", one.values());
            if (line) {
                m.put("connectNulls", true);
            }
            s.add(m);
        }
        o.put("series", s);
        return json(o);
    }

    private static String json(Map<String, Object> option) {
        try {
            return MAPPER.writeValueAsString(option);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render a chart: " + e.getMessage(), e);
        }
    }
}
