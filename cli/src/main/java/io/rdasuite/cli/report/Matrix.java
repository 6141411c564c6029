package io.rdasuite.cli.report;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A matrix of cells (rows × columns, both in first-seen order), each coloured by its result and linked to its
 * finding when it has one.
 */
final class Matrix {
    private record Cell(String cls, String text, String href, String title) {
    }

    private final Set<String> rows = new LinkedHashSet<>();
    private final Set<String> columns = new LinkedHashSet<>();
    private final Map<String, Cell> cells = new LinkedHashMap<>();
    private final String corner;

    Matrix(String corner) {
        this.corner = corner;
    }

    /** Puts a cell; {@code href} may be null (no finding to link). */
    Matrix put(String row, String column, String cls, String text, String href, String title) {
        rows.add(row);
        columns.add(column);
        cells.put(row + "\u0000" + column, new Cell(cls, text, href, title));
        return this;
    }

    boolean isEmpty() {
        return cells.isEmpty();
    }

    String html() {
        StringBuilder b = new StringBuilder(8192);
        b.append("<table class=\"matrix\"><tr><th>").append(Page.esc(corner)).append("</th>");
        columns.forEach(c -> b.append("<th>").append(Page.esc(c).replace("/", "/<wbr>")).append("</th>"));
        b.append("</tr>\n");
        for (String r : rows) {
            b.append("<tr><th class=\"row\">").append(Page.esc(r)).append("</th>");
            for (String c : columns) {
                Cell cell = cells.get(r + "\u0000" + c);
                if (cell == null) {
                    b.append("<td></td>");
                    continue;
                }
                b.append("<td class=\"").append(cell.cls()).append("\" title=\"").append(Page.esc(cell.title())).append("\">");
                b.append(cell.href() == null ? Page.esc(cell.text()) : Page.link(cell.href(), cell.text()));
                b.append("</td>");
            }
            b.append("</tr>\n");
        }
        return b.append("</table>\n").toString();
    }
}
