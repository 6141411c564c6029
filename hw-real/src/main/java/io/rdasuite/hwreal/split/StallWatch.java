package io.rdasuite.hwreal.split;

import java.io.PrintStream;
import java.util.Comparator;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A process's own account of where it is stuck: polled by a watcher thread, it prints every thread's stack once when a
 * progress counter (a loop's completed rounds) stood still for longer than a bound, and says so again when it moves.
 * The TH-DPMS campaign's liveness failures (a monitor node whose recovery never came, 2026-11-27) left no trace of the
 * waiting thread; this leaves one in the process's own log, whatever killed it afterwards. Wall-clock time: real
 * processes only.
 */
final class StallWatch {
    private final String what;
    private final LongSupplier progress;
    private final long boundNanos;
    private final PrintStream out;
    private long seen = -1;
    private long sinceNanos;
    private boolean reported;

    /** Watches {@code progress} (armed once it is above 0), calling it {@code what} in the report. */
    StallWatch(String what, LongSupplier progress, long boundNanos, PrintStream out) {
        this.what = what;
        this.progress = progress;
        this.boundNanos = boundNanos;
        this.out = out;
    }

    /** One look at the counter; true when this look printed a stall report. */
    boolean poll(long nowNanos) {
        long p = progress.getAsLong();
        if (p != seen) {
            if (reported) {
                out.println(what + " moved again, at round " + p);
            }
            seen = p;
            sinceNanos = nowNanos;
            reported = false;
            return false;
        }
        if (p <= 0 || reported || nowNanos - sinceNanos < boundNanos) {
            return false;
        }
        reported = true;
        out.println(what + " completed no round in " + boundNanos / 1_000_000_000 + " s (still at round " + p + "); every thread's stack:");
        Map<Thread, StackTraceElement[]> stacks = Thread.getAllStackTraces();
        stacks.entrySet().stream().sorted(Comparator.comparing(e -> e.getKey().getName())).forEach(e -> {
            out.println("  thread \"" + e.getKey().getName() + "\" " + e.getKey().getState());
            for (StackTraceElement f : e.getValue()) {
                out.println("      at " + f);
            }
        });
        out.flush();
        return true;
    }
}
