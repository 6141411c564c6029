package io.rdasuite.hwreal.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.ratis.MonitorAddresses;
import io.rdasuite.hwreal.ratis.RatisLog;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.txn.TxnCluster;
import io.rdasuite.store.thdpms.txn.TxnCoordinator;
import io.rdasuite.store.thdpms.txn.TxnOp;
import io.rdasuite.store.thdpms.txn.TxnOutcome;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.ratis.server.RaftServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction coordinator killed while it holds locks, over loopback (issue 29): 3 Ratis replicas, 3 PM servers, the
 * monitor node and one coordinator, each on its own split fabric as the processes of {@code ci/acceptance-thdpms-txn.sh}
 * are. The coordinator commits a few transactions, then dies (its fabric closed, as a SIGKILL breaks its connections)
 * right after both primaries of a two-key write locked it. The monitor node must declare it dead, fence it and resolve
 * its transaction (abort: nothing past the commit point); the next life of the same node (its state directory kept) is
 * admitted and writes both keys at once, which a lock left behind would refuse; the history must read as one register
 * per key, the dead life's write never seen.
 */
class SplitCoordinatorKillTest {
    static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    /** Thrown inside the coordinator's thread at its death, to abandon the transaction there. */
    private static final class Killed extends RuntimeException {
        Killed() {
            super("killed", null, false, false);
        }
    }



    /** One life of the coordinator: its fabric, its deployment replayed, admitted. */
    record Life(SplitFabric fabric, TxnCluster cluster, TxnCoordinator coordinator, long life) {
    }

    static Life start(SplitLayout layout, List<String> monitors, Path state) throws Exception {
        int node = layout.clientNode(0);
        SplitFabric fabric = new SplitFabric(layout.addresses(), Set.of(node), Set.of(node), PdsmProcesses.NODE_CONFIG, null, WireLimits.DEFAULTS,
                line -> { });
        TxnProcesses.keepIdentities(fabric, node, state);
        TxnCluster t = TxnProcesses.deploy(fabric, layout, new RatisLog(monitors), 1, Plant.NONE, Plant.NONE);
        long life = TxnProcesses.admit(t, 0, state, QUIET);
        return new Life(fabric, t, t.coordinators.getFirst(), life);
    }

    static void onNode(Life l, Runnable body) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        l.fabric().node(l.fabric().nodeCount() - 1).spawn("test-coordinator", () -> {
            try {
                body.run();
            } catch (Killed k) {
                // the life ends here
            } finally {
                done.countDown();
            }
        });
        done.await();
    }

    /** Runs and records a transaction writing {@code values} (key → value) after reading those keys. */
    static TxnOutcome write(TxnCoordinator co, TxnHistoryLog h, long process, Map<Integer, Long> values) {
        List<TxnOp> ops = new ArrayList<>();
        List<TxnHistoryLog.Mop> mops = new ArrayList<>();
        values.keySet().stream().sorted().forEach(k -> {
            ops.add(TxnOp.read(k));
            mops.add(new TxnHistoryLog.Mop("r", k, null));
        });
        values.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            ops.add(TxnOp.write(e.getKey(), e.getValue()));
            mops.add(new TxnHistoryLog.Mop("w", e.getKey(), e.getValue()));
        });
        h.event("invoke", process, mops);
        TxnOutcome o = co.executeOnce(ops);
        if (o instanceof TxnOutcome.Committed c) {
            List<TxnHistoryLog.Mop> done = new ArrayList<>();
            for (int i = 0; i < ops.size(); i++) {
                long[] list = c.reads().get(i);
                done.add(list == null ? mops.get(i) : new TxnHistoryLog.Mop("r", ops.get(i).key(), list.length == 0 ? null : list[list.length - 1]));
            }
            h.event("ok", process, done);
        } else {
            h.event(o instanceof TxnOutcome.Aborted ? "fail" : "info", process, mops);
        }
        return o;
    }

    @Test
    void aCoordinatorKilledHoldingLocksIsRecoveredAndItsNextLifeWritesTheSameKeys(@TempDir Path dir) throws Exception {
        List<String> monitors = MonitorAddresses.freeLoopback(3);
        List<RaftServer> replicas = SplitTestSupport.startMonitorReplicas(dir, monitors);
        SplitLayout layout = SplitTestSupport.transactionLayout();
        List<AutoCloseable> open = new CopyOnWriteArrayList<>();
        List<String> events = new CopyOnWriteArrayList<>();
        PrintStream monitorOut = SplitTestSupport.lines(events);
        try {
            List<CompletableFuture<AutoCloseable>> started = SplitTestSupport.startServersAndMonitorNode(dir, layout, monitors, monitorOut);
            Path state = dir.resolve("c0");
            Path historyFile = dir.resolve("history-txn.jsonl");
            Life first = start(layout, monitors, state);
            open.add(first.fabric());
            for (CompletableFuture<AutoCloseable> s : started) { // the PM servers, then the monitor node
                open.add(s.get());
            }
            assertThat(first.life()).isEqualTo(1);
            long[] killedTxn = {-1};
            List<String> problems = new CopyOnWriteArrayList<>();
            try (TxnHistoryLog h = new TxnHistoryLog(historyFile)) {
                onNode(first, () -> {
                    TxnCoordinator co = first.coordinator();
                    first.cluster().pdsm.clients.getFirst().begin();
                    for (long round = 1; round <= 3; round++) {
                        TxnOutcome o = write(co, h, 1, Map.of(0, 100 + round, 1, 200 + round, 2, 300 + round));
                        if (!(o instanceof TxnOutcome.Committed)) {
                            problems.add("life 1, round " + round + ": " + o);
                        }
                    }
                    boolean[] armed = {true};
                    co.afterLock(txn -> {
                        if (armed[0]) {
                            armed[0] = false;
                            killedTxn[0] = txn;
                            first.fabric().close(); // SIGKILL: every connection of the process breaks, its locks stay
                            throw new Killed();
                        }
                    });
                    write(co, h, 1, Map.of(0, 999L, 1, 998L));
                    problems.add("the coordinator was not killed after it locked");
                });
                assertThat(problems).isEmpty();
                assertThat(killedTxn[0]).isPositive();
                String decision = "recovery decided c0/t" + killedTxn[0] + " abort";
                assertThat(SplitTestSupport.await(() -> events.stream().anyMatch(e -> e.contains("coordinator 0 incarnation 1 declared dead; fenced and recovered"))
                        && events.stream().anyMatch(e -> e.endsWith(decision)), 60))
                        .as("the monitor node declares life 1 dead, fences it and aborts its transaction in flight: %s", events).isTrue();

                Life second = start(layout, monitors, state); // the same node, restarted on its state directory
                open.add(second.fabric());
                assertThat(second.life()).isEqualTo(2);
                assertThat(events).anyMatch(e -> e.contains("coordinator 0 incarnation 2 admitted"));
                onNode(second, () -> {
                    TxnCoordinator co = second.coordinator();
                    second.cluster().pdsm.clients.getFirst().begin();
                    TxnOutcome o = write(co, h, 2, Map.of(0, 400L, 1, 500L)); // once: a lock left on key 0 or 1 would abort it
                    if (!(o instanceof TxnOutcome.Committed)) {
                        problems.add("life 2's write of the dead life's keys: " + o);
                    }
                    o = write(co, h, 2, Map.of(0, 401L, 1, 501L, 2, 601L));
                    if (!(o instanceof TxnOutcome.Committed)) {
                        problems.add("life 2's second write: " + o);
                    }
                });
            }
            assertThat(problems).isEmpty();
            assertThat(registerViolations(Files.readAllLines(historyFile))).as("each key reads as one register; the dead life's write never seen")
                    .isEmpty();
        } finally {
            SplitTestSupport.closeAll(open, replicas);
        }
    }

    private static final Pattern MOP = Pattern.compile("\\[\"(r|w)\",(\\d+),(null|-?\\d+)]");

    /**
     * One coordinator life at a time, one transaction at a time: every read of a committed transaction must return the
     * key's last committed write before it (nil before any); a transaction left open or failed wrote nothing.
     */
    static List<String> registerViolations(List<String> history) {
        Map<Integer, Long> committed = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (String line : history) {
            if (!line.contains("\"type\":\"ok\"")) {
                continue;
            }
            Matcher m = MOP.matcher(line);
            Map<Integer, Long> writes = new HashMap<>();
            while (m.find()) {
                int key = Integer.parseInt(m.group(2));
                Long value = m.group(3).equals("null") ? null : Long.parseLong(m.group(3));
                if (m.group(1).equals("r") && !java.util.Objects.equals(value, committed.get(key))) {
                    problems.add("read " + key + " = " + value + ", last committed " + committed.get(key) + ": " + line);
                } else if (m.group(1).equals("w")) {
                    writes.put(key, value);
                }
            }
            committed.putAll(writes);
        }
        return problems;
    }
}
