package io.rdasuite.cli;

import io.rdasuite.crashsim.Explorer;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * One progress display over every phase of a long command (issue: "honest progress"). Work is counted in crash states:
 * each cell weighs the most states its budget allows; while cells run, the states the explorer has checked move the
 * display; a finished cell counts its full weight. On a terminal a progress bar (with cells, states and the ETA) is
 * redrawn every second; elsewhere, unless {@code --json}, one line goes to stderr every {@link #LINE_EVERY_NANOS}.
 * Display only: nothing it reads or computes reaches a result.
 */
final class ProgressDisplay implements AutoCloseable {
    static final long LINE_EVERY_NANOS = 5_000_000_000L;

    private final String task;
    private final long totalWeight;
    private final int totalCells;
    private final PrintWriter err;
    private final ProgressBar bar;
    private final long startNanos = System.nanoTime();
    private final long statesAtStart = Explorer.statesChecked();
    private final AtomicLong doneWeight = new AtomicLong();
    private final AtomicLong statesInDoneCells = new AtomicLong();
    private final AtomicLong doneCells = new AtomicLong();
    private final Thread ticker;
    private volatile String phase = "";

    private ProgressDisplay(String task, long totalWeight, int totalCells, boolean json, boolean terminal, PrintWriter err) {
        this.task = task;
        this.totalWeight = Math.max(1, totalWeight);
        this.totalCells = totalCells;
        this.err = err;
        this.bar = json || !terminal ? null : new ProgressBarBuilder().setTaskName(task).setInitialMax(this.totalWeight)
                .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
        long every = terminal ? 1_000_000_000L : LINE_EVERY_NANOS;
        this.ticker = json ? null : Thread.ofPlatform().daemon().name(task + "-progress").start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(every / 1_000_000);
                } catch (InterruptedException e) {
                    return;
                }
                show();
            }
        });
    }

    /** A display of {@code totalCells} cells weighing {@code totalWeight} crash states in all (nothing shown with --json). */
    static ProgressDisplay start(String task, long totalWeight, int totalCells, boolean json, PrintWriter err) {
        return new ProgressDisplay(task, totalWeight, totalCells, json, System.console() != null, err);
    }

    /** Names the phase now running (shown beside the counts). */
    void phase(String name) {
        phase = name;
    }

    /** A cell of {@code weight} finished after checking {@code states} crash states. */
    void cellDone(long weight, long states) {
        doneWeight.addAndGet(weight);
        statesInDoneCells.addAndGet(states);
        doneCells.incrementAndGet();
    }

    /** Work done so far, in weight units: finished cells in full, running ones by the states they checked (never past the total). */
    long done() {
        long running = Math.max(0, Explorer.statesChecked() - statesAtStart - statesInDoneCells.get());
        return Math.min(totalWeight - (doneCells.get() == totalCells ? 0 : 1), doneWeight.get() + running);
    }

    /** The line a non-terminal display prints. */
    String line() {
        long done = done();
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        double fraction = (double) done / totalWeight;
        String eta = fraction <= 0.01 ? "estimating" : String.format(Locale.ROOT, "about %.0f s left", elapsed * (1 - fraction) / fraction);
        return String.format(Locale.ROOT, "%s: %3.0f%% %s- %d/%d cells, %,d crash states, %.0f s, %s", task, 100 * fraction,
                phase.isEmpty() ? "" : phase + " ", doneCells.get(), totalCells, Explorer.statesChecked() - statesAtStart, elapsed, eta);
    }

    private synchronized void show() {
        if (bar != null) {
            bar.stepTo(done());
            bar.setExtraMessage(String.format(Locale.ROOT, " %s %d/%d cells %,d states", phase, doneCells.get(), totalCells,
                    Explorer.statesChecked() - statesAtStart));
        } else {
            err.println(line());
            err.flush();
        }
    }

    @Override
    public synchronized void close() {
        if (ticker != null) {
            ticker.interrupt();
        }
        if (bar != null) {
            bar.stepTo(totalWeight);
            bar.close();
        }
    }
}
