package io.rdasuite.hwreal.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.ratis.MonitorAddresses;
import io.rdasuite.store.thdpms.txn.TxnCoordinator;
import io.rdasuite.store.thdpms.txn.TxnOutcome;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.ratis.server.RaftServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator's request fails with no server dead (issue 29): the moment after a rejoin, when a server's connections
 * are re-opened, is the only time it happens in the campaign, and no configuration change follows it. The coordinator's
 * connections to server 0 break right after both primaries of a two-key write locked it, so its validation or abort
 * fails and the outcome is unknown, with locks left at the servers. No recovery of a newer epoch will come: the
 * coordinator must have its own slot resolved by the monitor node and go on. Before, it waited for a newer epoch and
 * stopped after {@code RECOVERY_WAIT_PROBES} probes ("no recovery of the last configuration change came"), as the
 * 2026-11-27 campaigns did at cycles 219, 349 and 211.
 */
class SplitTransientFailureTest {
    @Test
    void aFailureNoConfigurationChangeFollowsIsResolvedAndTheCoordinatorGoesOn(@TempDir Path dir) throws Exception {
        List<String> monitors = MonitorAddresses.freeLoopback(3);
        List<RaftServer> replicas = SplitTestSupport.startMonitorReplicas(dir, monitors);
        SplitLayout layout = SplitTestSupport.transactionLayout();
        List<AutoCloseable> open = new CopyOnWriteArrayList<>();
        List<String> events = new CopyOnWriteArrayList<>();
        PrintStream monitorOut = SplitTestSupport.lines(events);
        try {
            List<CompletableFuture<AutoCloseable>> started = SplitTestSupport.startServersAndMonitorNode(dir, layout, monitors, monitorOut);
            SplitCoordinatorKillTest.Life life = SplitCoordinatorKillTest.start(layout, monitors, dir.resolve("c0"));
            open.add(life.fabric());
            for (CompletableFuture<AutoCloseable> s : started) { // the PM servers, then the monitor node
                open.add(s.get());
            }
            Path historyFile = dir.resolve("history-txn.jsonl");
            List<String> problems = new CopyOnWriteArrayList<>();
            List<TxnOutcome> broken = new CopyOnWriteArrayList<>();
            List<String> outcomes = new CopyOnWriteArrayList<>();
            try (TxnHistoryLog h = new TxnHistoryLog(historyFile)) {
                SplitCoordinatorKillTest.onNode(life, () -> {
                    TxnCoordinator co = life.coordinator();
                    life.cluster().pdsm.clients.getFirst().begin();
                    TxnOutcome o = SplitCoordinatorKillTest.write(co, h, 1, Map.of(0, 101L, 1, 201L));
                    if (!(o instanceof TxnOutcome.Committed)) {
                        problems.add("the first write: " + o);
                    }
                    boolean[] armed = {true};
                    co.afterLock(txn -> {
                        if (armed[0]) {
                            armed[0] = false;
                            for (int server : layout.serverNodes()) {
                                life.fabric().breakConnectionsTo(server); // re-dialed within 100 ms; nobody dies
                            }
                        }
                    });
                    broken.add(SplitCoordinatorKillTest.write(co, h, 1, Map.of(0, 102L, 1, 202L)));
                    long round = 3;
                    for (; round < 3 + 20; round++) { // until the connections are re-dialed: a transaction may fail, never stop
                        o = SplitCoordinatorKillTest.write(co, h, 1, Map.of(0, 100 + round, 1, 200 + round));
                        outcomes.add(round + ": " + o);
                        if (o instanceof TxnOutcome.Committed) {
                            break;
                        }
                        if (o instanceof TxnOutcome.Aborted a && a.why().startsWith("no recovery")) {
                            problems.add("write " + round + " after the broken one: " + o);
                            return;
                        }
                        life.fabric().node(life.fabric().nodeCount() - 1).clock().sleepNanos(50_000_000L);
                    }
                    for (long again = round + 1; again <= round + 3; again++) { // once each: a lock left on key 0 or 1 would abort it
                        o = SplitCoordinatorKillTest.write(co, h, 1, Map.of(0, 100 + again, 1, 200 + again));
                        if (!(o instanceof TxnOutcome.Committed)) {
                            problems.add("write " + again + ", after the coordinator committed again: " + o);
                        }
                    }
                });
            }
            assertThat(broken).singleElement().as("the broken transaction's outcome").isNotInstanceOf(TxnOutcome.Committed.class);
            assertThat(problems).as("monitor node: %s", events).isEmpty();
            assertThat(events).anyMatch(e -> e.contains("coordinator 0 incarnation 1 asked for its slot's resolution") && e.endsWith("resolved"));
            assertThat(registerViolations(Files.readAllLines(historyFile))).as("outcomes %s %s, monitor node %s", broken, outcomes, events).isEmpty();
        } finally {
            SplitTestSupport.closeAll(open, replicas);
        }
    }

    private static final java.util.regex.Pattern MOP = java.util.regex.Pattern.compile("\\[\"(r|w)\",(\\d+),(null|-?\\d+)]");

    /**
     * One transaction at a time: a committed read returns the key's last committed write, or the write of a transaction
     * whose outcome was unknown ("info") since then, which recovery may have committed (it then counts as committed).
     */
    static List<String> registerViolations(List<String> history) {
        Map<Integer, Long> committed = new java.util.HashMap<>();
        Map<Integer, java.util.Set<Long>> unknown = new java.util.HashMap<>();
        List<String> problems = new ArrayList<>();
        for (String line : history) {
            boolean ok = line.contains("\"type\":\"ok\"");
            boolean info = line.contains("\"type\":\"info\"");
            if (!ok && !info) {
                continue;
            }
            java.util.regex.Matcher m = MOP.matcher(line);
            Map<Integer, Long> writes = new java.util.HashMap<>();
            while (m.find()) {
                int key = Integer.parseInt(m.group(2));
                Long value = m.group(3).equals("null") ? null : Long.parseLong(m.group(3));
                if (ok && m.group(1).equals("r") && !java.util.Objects.equals(value, committed.get(key))) {
                    if (value != null && unknown.getOrDefault(key, java.util.Set.of()).contains(value)) {
                        committed.put(key, value); // the unknown transaction committed
                    } else {
                        problems.add("read " + key + " = " + value + ", last committed " + committed.get(key) + ": " + line);
                    }
                } else if (m.group(1).equals("w")) {
                    writes.put(key, value);
                }
            }
            if (ok) {
                committed.putAll(writes);
                writes.keySet().forEach(unknown::remove);
            } else {
                writes.forEach((k, v) -> unknown.computeIfAbsent(k, x -> new java.util.HashSet<>()).add(v));
            }
        }
        return problems;
    }
}
