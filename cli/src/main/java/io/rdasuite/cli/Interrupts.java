package io.rdasuite.cli;

import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * SIGINT and SIGTERM as a request to stop (issue 27): the first one sets a flag that {@code rda check} and {@code rda
 * fuzz} read between cells and between batches of runs, so that what was found so far is printed, saved and
 * replayable under a partial verdict, with exit code {@value #EXIT_INTERRUPTED}; a second one ends the process at once
 * with the same code. The JDK's own handling (run the shutdown hooks and exit) would print and save nothing.
 */
final class Interrupts {
    /** The exit code of a run stopped by a signal, as a shell reports one ended by SIGINT. */
    static final int EXIT_INTERRUPTED = 130;

    private static final AtomicBoolean REQUESTED = new AtomicBoolean();
    private static volatile String signalName = "";

    private Interrupts() {
    }

    /** Installs the handlers (once per process is enough; later calls change nothing). */
    static void install() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), s -> {
                    if (!REQUESTED.compareAndSet(false, true)) {
                        Runtime.getRuntime().halt(EXIT_INTERRUPTED);
                    }
                    signalName = "SIG" + s.getName();
                    System.err.println("rda: " + signalName + ": stopping after the work in flight (again to stop at once)");
                    System.err.flush();
                });
            } catch (IllegalArgumentException e) {
                // a JVM started with -Xrs, or a platform without this signal: the default handling stays
            }
        }
    }

    /** Whether a stop was asked for. */
    static boolean requested() {
        return REQUESTED.get();
    }

    /** The signal that asked, e.g. SIGINT (empty when none did). */
    static String signal() {
        return signalName;
    }

    /** For tests: asks for a stop as a signal would. */
    static void request(String name) {
        signalName = name;
        REQUESTED.set(true);
    }

    /** For tests: forgets a request. */
    static void reset() {
        REQUESTED.set(false);
        signalName = "";
    }
}
