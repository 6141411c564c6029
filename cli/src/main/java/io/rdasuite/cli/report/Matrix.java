package io.rdasuite.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A matrix of cells (rows × columns, both in first-seen order), each coloured by its result and linked to its
 * findings when it has some. Columns may sit under a group (a transport, say): the header then has two rows, the
 * group spanning its columns, so each column's own label stays short and the matrix fits a laptop screen (1400 px)
 * without sideways scrolling; labels break after {@code / + - _}.
 */
final class Matrix {
    private record Cell(String cls, String text, String href, String title) {
    }

    private record Column(String group, String label) {
    }

    private final Set<String> rows = new LinkedHashSet<>();
    private final Set<Column> columns = new LinkedHashSet<>();
    private final Map<String, Cell> cells = new LinkedHashMap<>();
    private final String corner;

    Matrix(String corner) {
        this.corner = corner;
    }

    /** Puts a cell in an ungrouped column; {@code href} may be null (no finding to link). */
    Matrix put(String row, String column, String cls, String text, String href, String title) {
        return put(row, "", column, cls, text, href, title);
    }

    /** Puts a cell in column {@code column} under {@code group}; {@code href} may be null (no finding to link). */
    Matrix put(String row, String group, String column, String cls, String text, String href, String title) {
        rows.add(row);
        Column c = new Column(group, column);
        columns.add(c);
        cells.put(row + "\u0000" + group + "\u0000" + column, new Cell(cls, text, href, title));
        return this;
    }

    boolean isEmpty() {
        return cells.isEmpty();
    }

    String html() {
        StringBuilder b = new StringBuilder(8192);
        List<Column> seen = List.copyOf(columns);
        List<Column> cols = new ArrayList<>(columns);
        cols.sort(java.util.Comparator.comparingInt(c -> groupOrder(seen, c.group()))); // a group's columns side by side
        boolean grouped = cols.stream().anyMatch(c -> !c.group().isEmpty());
        b.append("<table class=\"matrix\"><tr><th").append(grouped ? " rowspan=\"2\"" : "").append(" class=\"corner\">")
                .append(Page.esc(corner)).append("</th>");
        if (grouped) {
            for (int i = 0; i < cols.size(); ) {
                String g = cols.get(i).group();
                int span = 0;
                while (i < cols.size() && cols.get(i).group().equals(g)) {
                    span++;
                    i++;
                }
                b.append("<th class=\"group\" colspan=\"").append(span).append("\">").append(breakable(g)).append("</th>");
            }
            b.append("</tr>\n<tr>");
        }
        cols.forEach(c -> b.append("<th>").append(breakable(c.label())).append("</th>"));
        b.append("</tr>\n");
        for (String r : rows) {
            b.append("<tr><th class=\"row\">").append(breakable(r)).append("</th>");
            for (Column c : cols) {
                Cell cell = cells.get(r + "\u0000" + c.group() + "\u0000" + c.label());
                if (cell == null) {
                    b.append("<td></td>");
                    continue;
                }
                b.append("<td class=\"").append(cell.cls()).append("\" title=\"").append(Page.esc(cell.title())).append("\">");
                String text = Page.esc(cell.text()).replace("_", "_<wbr>");
                b.append(cell.href() == null ? text : "<a href=\"" + Page.esc(cell.href()) + "\">" + text + "</a>");
                b.append("</td>");
            }
            b.append("</tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    private static int groupOrder(List<Column> cols, String group) {
        for (int i = 0; i < cols.size(); i++) {
            if (cols.get(i).group().equals(group)) {
                return i;
            }
        }
        return cols.size();
    }

    /** Escaped, with break opportunities after the separators of configuration and subject names. */
    private static String breakable(String s) {
        return Page.esc(s).replace("/", "/<wbr>").replace("+", "+<wbr>").replace("-", "-<wbr>").replace("_", "_<wbr>");
    }
}
