package io.rdasuite.cli;

import java.util.List;
import java.util.Locale;

/**
 * One progress line that fits a terminal's width (issue 30): the task, the percentage and the bar drawn from one
 * fraction, then the counts in order of importance. Counts that do not fit are dropped from the least important up,
 * so the bar keeps at least {@link #MIN_BAR} columns (at 80 columns it never collapses to {@code [=]}); only when not
 * even the first count fits beside such a bar is the bar left out. The time left is estimated only once
 * {@link #ESTIMATE_AFTER_FRACTION} of the work is done and {@link #ESTIMATE_AFTER_NANOS} have passed: before that,
 * an extrapolation from a few cells is noise (the first tick once promised 15 hours). Pure: display only.
 */
final class ProgressLine {
    static final int MIN_BAR = 10;
    static final int MAX_BAR = 40;
    static final double ESTIMATE_AFTER_FRACTION = 0.05;
    static final long ESTIMATE_AFTER_NANOS = 10_000_000_000L;

    private ProgressLine() {
    }

    /** The time left, as {@code ~1 min 5 s left}, or {@code estimating} while too little is done for it to mean anything. */
    static String estimate(double fraction, long elapsedNanos) {
        if (fraction >= 1) {
            return "done";
        }
        if (fraction < ESTIMATE_AFTER_FRACTION || elapsedNanos < ESTIMATE_AFTER_NANOS) {
            return "estimating";
        }
        return "~" + duration(Math.max(1, Math.round(elapsedNanos / 1e9 * (1 - fraction) / fraction))) + " left";
    }

    /** Seconds as {@code 42 s}, {@code 3 min 5 s} or {@code 2 h 10 min}. */
    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }

    /**
     * {@code task pct% [bar] part0  part1 ...} in at most {@code width} columns; {@code fraction < 0}: the amount of work
     * is unknown, no percentage and no bar.
     */
    static String render(String task, double fraction, List<String> parts, int width) {
        if (fraction < 0) {
            return trim(task + "  " + String.join("  ", parts), width);
        }
        double f = Math.min(1, fraction);
        String head = String.format(Locale.ROOT, "%s %3d%%", task, (int) Math.floor(100 * f));
        for (int keep = parts.size(); keep >= 1; keep--) {
            String tail = String.join("  ", parts.subList(0, keep));
            int room = width - head.length() - tail.length() - 4; // " [" + "] "
            if (room >= MIN_BAR) {
                return head + " [" + bar(f, Math.min(room, MAX_BAR)) + "] " + tail;
            }
        }
        return trim(head + " " + (parts.isEmpty() ? "" : parts.getFirst()), width);
    }

    /** {@code ====>   } of {@code columns} characters, filled in proportion to {@code fraction}. */
    static String bar(double fraction, int columns) {
        int filled = (int) Math.floor(fraction * columns);
        StringBuilder b = new StringBuilder(columns);
        b.append("=".repeat(filled));
        if (filled < columns) {
            b.append('>').append(" ".repeat(columns - filled - 1));
        }
        return b.toString();
    }

    private static String trim(String s, int width) {
        return s.length() <= width ? s : s.substring(0, Math.max(0, width));
    }
}
