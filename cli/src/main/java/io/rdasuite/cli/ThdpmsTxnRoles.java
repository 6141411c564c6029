package io.rdasuite.cli;

import io.rdasuite.hwreal.split.SplitLayout;
import io.rdasuite.hwreal.split.TxnProcesses;
import io.rdasuite.store.mutation.Plant;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code rda thdpms-client --monitor-node …}: the monitor node's own process, and a transaction coordinator's. */
final class ThdpmsTxnRoles {
    private ThdpmsTxnRoles() {
    }

    /** Runs the monitor node until the process is killed. */
    static int monitorNode(SplitLayout layout, List<String> monitors, long seed, boolean recoverySkipped, PrintStream log) throws Exception {
        log.println("monitor-node at " + layout.monitorNode() + " (" + layout.servers().size() + " PM servers, " + layout.clients().size()
                + " clients)" + (recoverySkipped ? "; PLANTED: dead coordinators are not recovered" : "") + "; deploying");
        log.flush();
        AutoCloseable node = TxnProcesses.monitorNode(layout, monitors, seed, recoverySkipped, log);
        java.util.concurrent.CountDownLatch stop = new java.util.concurrent.CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                node.close();
            } catch (Exception ignored) {
                // exiting
            }
            stop.countDown();
        }));
        stop.await();
        return 0;
    }

    /** Runs one coordinator life; exit 0 unless it stopped or (with --sweep) a key stayed locked. */
    static int coordinator(SplitLayout layout, int index, Path state, List<String> monitors, long seed, int keys, double seconds, Path until,
                           Path history, Plant bug, boolean sweep, Path hold, boolean json, PrintStream log) throws Exception {
        TxnProcesses.CoordinatorResult r = TxnProcesses.coordinator(layout, index, state, monitors, seed, keys, seconds, until, history, bug, sweep, hold,
                log);
        boolean pass = r.stopped() == null && r.lockedForGood().isEmpty();
        if (json) {
            System.out.println(Json.write(Json.object("command", "thdpms-client", "store", "txn", "index", index, "life", r.life(), "committed",
                    r.committed(), "aborted", r.aborted(), "indeterminate", r.unknown(), "sweepReads", r.sweepReads(), "lockedForGood",
                    r.lockedForGood(), "stopped", r.stopped(), "verdict", pass ? "PASS" : "FAIL")));
        } else {
            System.out.println("thdpms-client txn: coordinator " + index + ", life " + r.life() + ", committed " + r.committed() + ", aborted "
                    + r.aborted() + ", indeterminate " + r.unknown() + ", sweep reads " + r.sweepReads() + ", locked for good " + r.lockedForGood()
                    + (r.stopped() != null ? ", STOPPED: " + r.stopped() : ""));
        }
        System.out.flush();
        return pass ? 0 : 1;
    }
}
