package io.rdasuite.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressState;

/**
 * Progress bars on stderr for long runs counted in steps ({@code rda fuzz}'s runs, {@code rda taxonomy}'s cells), only
 * on a terminal and never with --json. Drawn by {@link ProgressLine}: the extra message's comma-separated counts
 * follow {@code done/max unit}, and are dropped from the last when the line would not fit.
 */
final class Progress {
    private Progress() {
    }

    static ProgressBar bar(String task, String unit, long steps, boolean json) {
        if (json || System.console() == null) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName(task).setInitialMax(steps).setRenderer((state, width) -> render(state, unit, width))
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
    }

    /** The line of {@code state} in at most {@code width} columns. */
    static String render(ProgressState state, String unit, int width) {
        long max = state.getMax();
        double fraction = state.isIndefinite() || max <= 0 ? -1 : (double) state.getCurrent() / max;
        List<String> parts = new ArrayList<>();
        parts.add(String.format(java.util.Locale.ROOT, "%,d", state.getCurrent()) + (fraction < 0 ? "" : String.format(java.util.Locale.ROOT, "/%,d", max))
                + " " + unit);
        String extra = state.getExtraMessage();
        if (extra != null && !extra.isBlank()) {
            Arrays.stream(extra.split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(parts::add);
        }
        if (fraction >= 0) {
            parts.add(1, ProgressLine.estimate(fraction, state.getTotalElapsed().toNanos()));
        }
        return ProgressLine.render(state.getTaskName(), fraction, parts, width);
    }

    static void step(ProgressBar bar) {
        if (bar != null) {
            bar.step();
        }
    }
}
