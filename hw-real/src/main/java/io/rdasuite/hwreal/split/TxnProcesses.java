package io.rdasuite.hwreal.split;

import io.rdasuite.hwreal.ratis.RatisLog;
import io.rdasuite.hwreal.remote.RegionIdentities;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.txn.TxnCluster;
import io.rdasuite.store.thdpms.txn.TxnCoordinator;
import io.rdasuite.store.thdpms.txn.TxnOp;
import io.rdasuite.store.thdpms.txn.TxnOutcome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * pDSM with transactions (paper 002 §4.1.6) as OS processes on loopback ({@link SplitLayout#withTransactions}): the
 * monitor node in a process of its own ({@link #monitorNode}: bootstrap, failure detector, re-replication, coordinator
 * probes, {@code TxnRecovery}), the PM servers ({@link PdsmProcesses#server}, each with its log region and participant),
 * and each client a process ({@link #coordinator}, or the key-value client {@link PdsmProcesses#client}).
 *
 * <p><b>A coordinator that dies comes back as the same node.</b> Its process keeps, in its state directory, a counter of
 * its lives (the incarnation) and its regions' identities (so the servers' replies and the monitor node's probes reach
 * the new life's regions). A new life writes its incarnation into its heartbeat word and acts only once the monitor node
 * has admitted it; the monitor node first fences the previous life at every live server (FENCE names the last
 * incarnation refused) and resolves its transaction in flight from its log slots, as on the simulator. Transaction ids
 * carry the incarnation, so a late request of a dead life is refused and never mistaken for the new life's.
 */
public final class TxnProcesses {
    /** How long a client waits for the monitor node to admit its life. */
    static final long ADMISSION_TIMEOUT_NANOS = 180_000_000_000L;
    /** How long the closing sweep retries a key's read before it counts the key as locked for good. */
    static final long SWEEP_TIMEOUT_NANOS = 30_000_000_000L;
    /** The file in a client's state directory that counts its lives. */
    public static final String INCARNATION = "incarnation";

    private TxnProcesses() {
    }

    /** The deployment every process of a transaction layout replays: restartable coordinators, the monitor on Ratis. */
    static TxnCluster deploy(SplitFabric fabric, SplitLayout layout, RatisLog log, long seed, Plant plant, Plant bug) {
        TxnCluster t = TxnCluster.deploy(fabric, layout.serverNodes(), layout.monitorNodeId(), layout.clientNodes(), PdsmProcesses.config(plant), seed,
                false, bug, log, true);
        t.pdsm.pollReadyAtMost(PdsmProcesses.READY_POLL_MAX_NANOS);
        return t;
    }

    /** A client node keeps its regions' identities in {@code stateDir} (null: it does not; a first life only). */
    static void keepIdentities(SplitFabric fabric, int node, Path stateDir) throws IOException {
        if (stateDir != null) {
            Files.createDirectories(stateDir);
            fabric.transport(node).node().keepIdentities(new RegionIdentities(stateDir.resolve(PdsmProcesses.IDENTITIES)));
        }
    }

    /** Counts a new life in {@code stateDir} (1 for the first), written and forced before it is used. */
    static long nextIncarnation(Path stateDir) throws IOException {
        Path file = stateDir.resolve(INCARNATION);
        long last = Files.exists(file) ? Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).trim()) : 0;
        Path tmp = stateDir.resolve(INCARNATION + ".new");
        Files.writeString(tmp, (last + 1) + "\n", StandardCharsets.UTF_8);
        try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return last + 1;
    }

    /** Starts client {@code index}'s new life and waits until the monitor node admits it; returns its incarnation. */
    static long admit(TxnCluster t, int index, Path stateDir, PrintStream out) throws IOException {
        long life = stateDir == null ? 1 : nextIncarnation(stateDir);
        TxnCoordinator co = t.coordinators.get(index);
        co.startIncarnation(life);
        out.println("client " + index + ": life " + life + "; waiting for the monitor node to admit it");
        out.flush();
        if (!co.awaitAdmission(ADMISSION_TIMEOUT_NANOS)) {
            throw new IllegalStateException("the monitor node did not admit client " + index + "'s life " + life + " within "
                    + ADMISSION_TIMEOUT_NANOS / 1_000_000_000 + " s: is rda thdpms-client --role monitor-node running, with the same layout?");
        }
        t.pdsm.markReady();
        return life;
    }

    /**
     * How long the monitor node's failure detector may go without completing a round before the process prints every
     * thread's stack ({@link StallWatch}): a round is a probe of each server, or a failover's broadcast and recovery,
     * seconds at most; the coordinators give up after {@code 50 s} without the recovery a round runs.
     */
    static final long DETECTOR_STALL_NANOS = 20_000_000_000L;

    /**
     * The monitor node's process: deploys its part with re-replication on and runs until closed (killed), printing each
     * coordinator death, recovery decision and admission. {@code recoverySkipped} plants a bug for the campaign's
     * negative control: a dead coordinator is neither fenced nor recovered.
     */
    public static AutoCloseable monitorNode(SplitLayout layout, List<String> monitors, long seed, boolean recoverySkipped, PrintStream out)
            throws IOException {
        SplitFabric fabric = new SplitFabric(layout.addresses(), Set.of(layout.monitorNodeId()), Set.of(), PdsmProcesses.NODE_CONFIG, null,
                WireLimits.DEFAULTS, out::println);
        RatisLog log = new RatisLog(monitors);
        TxnCluster t = deploy(fabric, layout, log, seed, Plant.NONE, Plant.NONE);
        t.pdsm.remapOnFailure();
        t.pdsm.announceJoins();
        if (recoverySkipped) {
            t.plantCoordinatorRecoverySkipped();
        }
        t.onCoordinatorEvent(e -> {
            out.println("monitor-node: " + e);
            out.flush();
        });
        StallWatch stall = new StallWatch("monitor-node: the failure detector", t.pdsm::failureDetectorRounds, DETECTOR_STALL_NANOS, out);
        Thread watcher = Thread.ofVirtual().name("monitor-node-watch").start(() -> {
            int told = 0;
            boolean booted = false;
            long recoveredTold = -1;
            long broadcastTold = -1;
            while (!Thread.currentThread().isInterrupted()) {
                stall.poll(System.nanoTime());
                long broadcast = t.pdsm.broadcastEpoch();
                long recovered = t.recoveredEpoch();
                if (booted && (broadcast != broadcastTold || recovered != recoveredTold)) { // each epoch's broadcast and recovery, for a liveness failure's log
                    out.println("monitor-node: epoch " + broadcast + " broadcast, epoch " + recovered + " recovered");
                    broadcastTold = broadcast;
                    recoveredTold = recovered;
                }
                if (!booted && t.recoveredEpoch() >= 0) {
                    booted = true;
                    out.println("monitor-node: bootstrapped, epoch " + t.recoveredEpoch());
                }
                List<String> decisions = t.recoveryDecisions();
                for (; told < decisions.size(); told++) {
                    out.println("monitor-node: recovery decided " + decisions.get(told));
                }
                out.flush();
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        return () -> {
            watcher.interrupt();
            log.close();
            fabric.close();
        };
    }

    /** What a coordinator process saw. */
    public record CoordinatorResult(long life, int committed, int aborted, int unknown, int sweepReads, List<Integer> lockedForGood, String stopped) {
    }

    /**
     * A coordinator process: client {@code index} of {@code layout}, its lives counted in {@code stateDir}. Once admitted
     * it runs transactions for {@code seconds} (or until {@code stopFile} exists) on keys {@code 0..keys-1}: each reads two
     * keys and writes one or both of them with values no other write uses, recorded in {@code history}
     * ({@link TxnHistoryLog}, process {@code index * 100000 + life}). With {@code sweep} it then reads every key alone,
     * retrying while it is locked, up to {@link #SWEEP_TIMEOUT_NANOS}: a key that stays locked is reported (a dead
     * coordinator's lock nobody released).
     */
    public static CoordinatorResult coordinator(SplitLayout layout, int index, Path stateDir, List<String> monitors, long seed, int keys, double seconds,
                                                Path stopFile, Path history, Plant bug, boolean sweep, PrintStream out) throws Exception {
        return coordinator(layout, index, stateDir, monitors, seed, keys, seconds, stopFile, history, bug, sweep, null, out);
    }

    /**
     * As above; once the file {@code holdFile} exists (null: never), the next transaction that has locked its write set
     * deletes it, prints {@code holding the locks of transaction T} and waits there until the process is killed: a
     * campaign's way to SIGKILL a coordinator that surely holds locks.
     */
    public static CoordinatorResult coordinator(SplitLayout layout, int index, Path stateDir, List<String> monitors, long seed, int keys, double seconds,
                                                Path stopFile, Path history, Plant bug, boolean sweep, Path holdFile, PrintStream out)
            throws Exception {
        int node = layout.clientNode(index);
        try (SplitFabric fabric = new SplitFabric(layout.addresses(), Set.of(node), Set.of(node), PdsmProcesses.NODE_CONFIG, null, WireLimits.DEFAULTS,
                out::println); TxnHistoryLog h = new TxnHistoryLog(history)) {
            RatisLog log = new RatisLog(monitors); // not closed: queried until the process exits
            keepIdentities(fabric, node, stateDir);
            TxnCluster t = deploy(fabric, layout, log, seed, Plant.NONE, bug);
            long life = admit(t, index, stateDir, out);
            TxnCoordinator co = t.coordinators.get(index);
            t.pdsm.clients.get(index).begin();
            if (holdFile != null) {
                co.afterLock(txn -> {
                    try {
                        if (Files.deleteIfExists(holdFile)) {
                            out.println("coordinator " + index + ": holding the locks of transaction " + txn + " until killed");
                            out.flush();
                            new CountDownLatch(1).await();
                        }
                    } catch (IOException | InterruptedException e) {
                        throw new IllegalStateException("coordinator " + index + " held its locks until it stopped", e);
                    }
                });
            }
            if (keys < 2 || keys > co.keys()) {
                throw new IllegalArgumentException("--keys is 2.." + co.keys() + " (the deployment's transactional keys): " + keys);
            }
            long process = index * 100_000L + life;
            int[] counts = new int[4];
            List<Integer> locked = new ArrayList<>();
            String[] stopped = new String[1];
            Throwable[] failure = new Throwable[1];
            CountDownLatch done = new CountDownLatch(1);
            fabric.node(node).spawn("txn-coordinator", () -> {
                try {
                    out.println("coordinator " + index + ": life " + life + " admitted; running " + seconds + " s on " + keys + " keys");
                    out.flush();
                    Random random = new Random(seed * 1_000_003L + index * 65_537L + life);
                    long seq = 0;
                    long end = System.nanoTime() + (long) (seconds * 1e9);
                    long lookedAt = System.nanoTime();
                    while (System.nanoTime() < end) {
                        if (stopFile != null && System.nanoTime() - lookedAt > 50_000_000) {
                            lookedAt = System.nanoTime();
                            if (Files.exists(stopFile)) {
                                break;
                            }
                        }
                        int k1 = random.nextInt(keys);
                        int k2 = (k1 + 1 + random.nextInt(keys - 1)) % keys;
                        List<TxnOp> ops = new ArrayList<>(List.of(TxnOp.read(k1), TxnOp.read(k2), TxnOp.write(k1, value(index, life, ++seq))));
                        if (random.nextBoolean()) {
                            ops.add(TxnOp.write(k2, value(index, life, ++seq)));
                        }
                        String why = run(co, ops, h, process, counts, false);
                        if (why != null) {
                            stopped[0] = why;
                            break;
                        }
                    }
                    co.finish();
                    if (sweep && stopped[0] == null) {
                        for (int k = 0; k < keys; k++) {
                            long deadline = System.nanoTime() + SWEEP_TIMEOUT_NANOS;
                            while (run(co, List.of(TxnOp.read(k)), h, process, counts, true) != null) {
                                if (System.nanoTime() > deadline) {
                                    locked.add(k);
                                    break;
                                }
                                Thread.sleep(50);
                            }
                        }
                    }
                } catch (Throwable e) {
                    failure[0] = e;
                } finally {
                    done.countDown();
                }
            });
            done.await();
            if (failure[0] != null) {
                throw new IllegalStateException("coordinator " + index + " failed", failure[0]);
            }
            return new CoordinatorResult(life, counts[0], counts[1], counts[2], counts[3], locked, stopped[0]);
        }
    }

    /** A write's value: unique across clients, lives and writes. */
    static long value(int index, long life, long seq) {
        return (long) (index + 1) << 44 | life << 24 | seq;
    }

    /**
     * Runs one transaction and records it. Returns null when it committed, else why not: for the workload only a stopped
     * coordinator's reason (a conflict or a failure is recorded and the run goes on); for the sweep ({@code once}) any.
     */
    private static String run(TxnCoordinator co, List<TxnOp> ops, TxnHistoryLog h, long process, int[] counts, boolean once) {
        List<TxnHistoryLog.Mop> invoked = new ArrayList<>();
        for (TxnOp op : ops) {
            invoked.add(new TxnHistoryLog.Mop(op.kind() == TxnOp.Kind.READ ? "r" : "w", op.key(), op.kind() == TxnOp.Kind.READ ? null : op.value()));
        }
        h.event("invoke", process, invoked);
        TxnOutcome o = once ? co.executeOnce(ops) : co.execute(ops);
        switch (o) {
            case TxnOutcome.Committed c -> {
                List<TxnHistoryLog.Mop> done = new ArrayList<>();
                for (int i = 0; i < ops.size(); i++) {
                    long[] list = c.reads().get(i);
                    done.add(list == null ? invoked.get(i) : new TxnHistoryLog.Mop("r", ops.get(i).key(), list.length == 0 ? null : list[list.length - 1]));
                }
                h.event("ok", process, done);
                counts[once ? 3 : 0]++;
                return null;
            }
            case TxnOutcome.Aborted a -> {
                h.event("fail", process, invoked);
                if (!once) {
                    counts[1]++;
                }
                return a.why().startsWith("no recovery") || once ? a.why() : null;
            }
            case TxnOutcome.Unknown u -> {
                h.event("info", process, invoked);
                if (!once) {
                    counts[2]++;
                }
                return once ? u.why() : null;
            }
        }
    }
}
