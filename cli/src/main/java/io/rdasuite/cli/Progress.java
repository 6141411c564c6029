package io.rdasuite.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** Progress bars on stderr for long runs, only on a terminal and never with --json. */
final class Progress {
    private Progress() {
    }

    static ProgressBar bar(String task, long steps, boolean json) {
        if (json || System.console() == null) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName(task).setInitialMax(steps).setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
    }

    static void step(ProgressBar bar) {
        if (bar != null) {
            bar.step();
        }
    }
}
