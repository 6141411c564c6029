package io.rdasuite.cli;

import io.rdasuite.crashsim.Explorer;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * One progress display over every phase of a long command. The counts it shows are the ones the final summary adds
 * up: cells finished and the crash states those cells report ({@link #cellDone}), so the count ends exactly at the
 * summary's total. The explorer's own counter ({@link Explorer#statesChecked}) is not shown: it also counts the
 * states a shrinker tries and the states re-run to describe a finding, which the summary does not count (a whole
 * {@code rda check} once ended at 432,557 on it against 408,306 in the summary). It only moves the bar between two
 * finished cells, by at most the cells in flight. Each cell weighs the most states its budget allows.
 * On a terminal the line ({@link ProgressLine}) is redrawn every second through the progress-bar library; elsewhere,
 * unless {@code --json}, a line goes to stderr every {@link #LINE_EVERY_NANOS}. Display only: nothing it reads or
 * computes reaches a result.
 */
final class ProgressDisplay implements AutoCloseable {
    static final long LINE_EVERY_NANOS = 5_000_000_000L;

    private final String task;
    private final long totalWeight;
    private final int totalCells;
    private final PrintWriter err;
    private final ProgressBar bar;
    private final long startNanos = System.nanoTime();
    private final AtomicLong doneWeight = new AtomicLong();
    private final AtomicLong statesInDoneCells = new AtomicLong();
    private final AtomicLong doneCells = new AtomicLong();
    private final AtomicLong counterAtLastCell = new AtomicLong(Explorer.statesChecked());
    private final Thread ticker;
    private volatile String phase = "";

    ProgressDisplay(String task, long totalWeight, int totalCells, boolean json, boolean terminal, PrintWriter err) {
        this.task = task;
        this.totalWeight = Math.max(1, totalWeight);
        this.totalCells = Math.max(1, totalCells);
        this.err = err;
        this.bar = json || !terminal ? null : new ProgressBarBuilder().setTaskName(task).setInitialMax(this.totalWeight)
                .setRenderer((state, width) -> render(width, System.nanoTime() - startNanos))
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
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

    /** Names the phase now running (shown after the counts). */
    void phase(String name) {
        phase = name;
    }

    /** A cell of {@code weight} finished; {@code states} is the count its row reports (what the summary adds up). */
    void cellDone(long weight, long states) {
        doneWeight.addAndGet(weight);
        statesInDoneCells.addAndGet(states);
        doneCells.incrementAndGet();
        counterAtLastCell.set(Explorer.statesChecked());
    }

    /** Crash states of the finished cells: the summary's count, so far. */
    long states() {
        return statesInDoneCells.get();
    }

    /** Cells finished. */
    long cells() {
        return doneCells.get();
    }

    /**
     * The work done, 0..1: finished cells by their weight, plus the explorer's progress since the last one finished
     * (at most one cell per core); below 1 until every cell is done.
     */
    double fraction() {
        long perCell = totalWeight / totalCells;
        long inFlight = Math.min(Math.max(0, Explorer.statesChecked() - counterAtLastCell.get()),
                perCell * Runtime.getRuntime().availableProcessors());
        if (doneCells.get() >= totalCells) {
            return 1;
        }
        return Math.min(0.999, (double) (doneWeight.get() + inFlight) / totalWeight);
    }

    /** The terminal line at {@code width} columns after {@code elapsedNanos}. */
    String render(int width, long elapsedNanos) {
        double f = fraction();
        List<String> parts = new ArrayList<>();
        parts.add(doneCells.get() + "/" + totalCells + " cells");
        parts.add(String.format(Locale.ROOT, "%,d states", states()));
        parts.add(ProgressLine.estimate(f, elapsedNanos));
        if (!phase.isEmpty()) {
            parts.add(phase);
        }
        return ProgressLine.render(task, f, parts, width);
    }

    /** The line a non-terminal display prints every {@link #LINE_EVERY_NANOS}. */
    String line(long elapsedNanos) {
        double f = fraction();
        return String.format(Locale.ROOT, "%s: %3d%% %s- %d/%d cells, %,d crash states, %s elapsed, %s", task, (int) Math.floor(100 * f),
                phase.isEmpty() ? "" : phase + " ", doneCells.get(), totalCells, states(), ProgressLine.duration(elapsedNanos / 1_000_000_000L),
                ProgressLine.estimate(f, elapsedNanos));
    }

    private synchronized void show() {
        if (bar != null) {
            bar.stepTo(Math.round(fraction() * totalWeight)); // redraws through render()
        } else {
            err.println(line(System.nanoTime() - startNanos));
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
