package io.rdasuite.hwreal.split;

import io.rdasuite.hwreal.pm.PersistentMemory;
import io.rdasuite.hwreal.ratis.RatisLog;
import io.rdasuite.hwreal.remote.HistoryLog;
import io.rdasuite.hwreal.remote.RegionIdentities;
import io.rdasuite.hwreal.wire.WireLimits;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.fs.PdfsClient;
import io.rdasuite.store.thdpms.fs.PdfsCluster;
import io.rdasuite.store.thdpms.kvs.PdkvsClient;
import io.rdasuite.store.thdpms.kvs.PdkvsCluster;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.pdsm.PdsmServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;

/**
 * pDSM (paper 002 §4.1) as OS processes on loopback: PM servers (nodes 0..S-1, one process each, PM on mapped files), and
 * one client process hosting the monitor node S (bootstrap, the §4.1.3 failure detector, configuration broadcast,
 * §4.1.7 re-replication) and the client node S+1. The monitor's state machine runs on the Apache Ratis replicas
 * ({@code rda serve --role monitor}). Every process replays the same {@link PdsmCluster#deploy} on a {@link SplitFabric}.
 */
public final class PdsmProcesses {
    /**
     * Probes every 50 ms, dead after 3 missed (wall clock: the simulator's 5 µs would declare a busy server dead). Each
     * probe period also asks the Ratis leader twice (the live servers; the view, for re-replication): at 20 ms that was
     * 100 reads a second, and with the deployment idle the leader and the client process each used about a fifth of a
     * core, on a machine where a campaign's JVM starts wait for CPU. A SIGKILLed server's connection refuses at once:
     * detection takes three periods, each its sleep plus those two reads (milliseconds idle, up to seconds under load).
     */
    public static PdsmConfig config(Plant plant) {
        return new PdsmConfig(3, 64 * 1024, 64, 4096, 512, 1, 8, 50_000_000, 3, 0, plant);
    }

    /**
     * The longest pause of a client's (and the failure detector's) wait for the bootstrap: a tenth of the probe period.
     * The bootstrap takes seconds here (processes replaying the deployment, Raft commits over TCP).
     */
    public static final long READY_POLL_MAX_NANOS = 5_000_000;

    static final ServerConfig NODE_CONFIG = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");

    private PdsmProcesses() {
    }

    /** CCEH segments of pDKVS's index here: 4 buckets of 1 slot, so that a few dozen keys split and double the directory. */
    static final int PDKVS_BUCKETS = 4;
    static final int PDKVS_SLOTS = 1;

    /**
     * The deployment every process of {@code layout} replays: pDSM, pDSM with pDKVS ({@code withKvs} hears of it), or
     * pDSM with transactions ({@link TxnProcesses#deploy}; {@code withTxn} hears of it).
     */
    private static PdsmCluster deploy(SplitFabric fabric, SplitLayout layout, RatisLog log, long seed, Plant plant,
                                      java.util.function.Consumer<io.rdasuite.store.thdpms.txn.TxnCluster> withTxn,
                                      java.util.function.Consumer<PdkvsCluster> withKvs) {
        if (layout.transactions()) {
            io.rdasuite.store.thdpms.txn.TxnCluster t = TxnProcesses.deploy(fabric, layout, log, seed, plant, Plant.NONE);
            withTxn.accept(t);
            return t.pdsm;
        }
        PdsmCluster cluster = PdsmCluster.deploy(fabric, layout.serverNodes(), layout.monitorNodeId(), layout.clientNodes(), config(plant), seed,
                false, log);
        if (layout.layer() == SplitLayout.Layer.PDKVS || layout.layer() == SplitLayout.Layer.PDFS) {
            PdkvsCluster kvs = PdkvsCluster.over(cluster, config(plant), Plant.NONE, PDKVS_BUCKETS, PDKVS_SLOTS);
            if (layout.layer() == SplitLayout.Layer.PDFS) {
                PdfsCluster.over(kvs, Plant.NONE); // a PM server keeps the blocks its inodes name alive (rebuild, re-replication)
            }
            withKvs.accept(kvs);
        }
        cluster.pollReadyAtMost(READY_POLL_MAX_NANOS);
        return cluster;
    }

    /** The file beside a PM server's PM that keeps its regions' identities ({@link RegionIdentities}). */
    public static final String IDENTITIES = "regions.keys";

    /**
     * How often a restarted PM server asks the monitor group whether its previous life was declared dead, and whether the
     * deployment is whole again (each a read at the Ratis leader): a few probe periods.
     */
    static final long MONITOR_POLL_MS = 50;

    /** Milliseconds since this process started (JVM start included), for a rejoin's log lines. */
    static long sinceProcessStartMs() {
        long now = System.currentTimeMillis();
        return now - ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli).orElse(now);
    }

    /** How long a restarted PM server waits for the monitor to have declared its previous life dead. */
    static final long DECLARED_DEAD_TIMEOUT_MS = 120_000;

    /**
     * A PM server process: node {@code index}; returns once its part of the deployment is built (it then serves until
     * killed). Its regions keep their identities in {@code pmDir}/{@value #IDENTITIES}. With {@code rejoin} (a restart
     * on the PM of a server that was SIGKILLed) it first waits until the monitor has declared it dead (its segments
     * failed over: a server must not come back under the old configuration, which it no longer serves), replays the
     * deployment with its regions under their old identities (the other processes re-dial their connections to it; its
     * segments under new rkeys), then joins the monitor with every local segment free (§4.1.3 join; its old contents are
     * stale), so that re-replication (§4.1.7) can place new replicas on it.
     */
    public static AutoCloseable server(List<String> servers, String client, List<String> monitors, int index, PersistentMemory pm, Path pmDir,
                                       boolean rejoin, long seed, PrintStream out) throws IOException, InterruptedException {
        return server(SplitLayout.pdsm(servers, client), monitors, index, pm, pmDir, rejoin, seed, out);
    }

    /**
     * As above, in {@code layout}. With transactions, a rejoining server also empties its log before it joins (its
     * records are stale: every transaction in flight when it died was resolved from the live servers' records then).
     */
    public static AutoCloseable server(SplitLayout layout, List<String> monitors, int index, PersistentMemory pm, Path pmDir,
                                       boolean rejoin, long seed, PrintStream out) throws IOException, InterruptedException {
        List<String> servers = layout.servers();
        java.util.function.LongSupplier ms = PdsmProcesses::sinceProcessStartMs;
        RatisLog log = new RatisLog(monitors);
        Monitor monitor = new Monitor(log);
        if (rejoin) {
            long deadline = System.nanoTime() + DECLARED_DEAD_TIMEOUT_MS * 1_000_000;
            boolean first = true;
            while (monitor.liveServers().contains(index)) {
                if (first) { // when a rejoin is slow: its JVM and Ratis client, or the failure detector?
                    out.println("pdsm-server " + index + ": the monitor still counts it live (" + ms.getAsLong() + " ms); waiting");
                    out.flush();
                    first = false;
                }
                if (System.nanoTime() > deadline) {
                    log.close();
                    throw new IllegalStateException("the monitor still counts server " + index + " live after " + DECLARED_DEAD_TIMEOUT_MS
                            + " ms; is another process serving it?");
                }
                Thread.sleep(MONITOR_POLL_MS);
            }
            out.println("pdsm-server " + index + ": declared dead in epoch " + monitor.epoch() + " (" + ms.getAsLong() + " ms); rejoining");
            out.flush();
        }
        RegionIdentities identities = new RegionIdentities(pmDir.resolve(IDENTITIES));
        if (rejoin) {
            // its segments come back free under new rkeys (§4.1.2: an rkey is the right to write): a client or server still
            // holding a mapping from before the failover cannot write into a segment that a later re-replication places
            // another segment's replica in. Connection buffers, rings and the heartbeat keep theirs: peers use them as before.
            identities.renewKeysOf(name -> name.startsWith(PdsmServer.SEGMENT_REGION_PREFIX));
        }
        SplitFabric fabric = new SplitFabric(layout.addresses(), Set.of(index), Set.of(index), NODE_CONFIG, pm, WireLimits.DEFAULTS, out::println);
        fabric.transport(index).node().keepIdentities(identities);
        PdsmCluster cluster = deploy(fabric, layout, log, seed, Plant.NONE, txn -> {
            if (rejoin) {
                txn.clearLog(index);
            }
        }, kvs -> { });
        if (rejoin) {
            long epoch = monitor.join(index, cluster.servers.get(index).replicas());
            out.println("pdsm-server " + index + ": joined in epoch " + epoch + " (" + ms.getAsLong() + " ms)");
            out.flush();
        }
        Thread.ofVirtual().name("pdsm-whole").start(() -> { // an operator's (and the campaign's) sign that the next failure is survivable
            try {
                if (awaitWhole(monitor, servers.size(), DECLARED_DEAD_TIMEOUT_MS)) {
                    out.println("WHOLE: every server live, every segment at " + (1 + config(Plant.NONE).backups()) + " replicas, epoch "
                            + monitor.epoch() + " (" + ms.getAsLong() + " ms after the process started)");
                    out.flush();
                }
            } catch (InterruptedException | RuntimeException e) {
                // the server is closing, or the monitor is unreachable: no sign
            }
        });
        return () -> {
            log.close();
            fabric.close();
        };
    }

    /**
     * Waits until the monitor counts every one of {@code servers} PM servers live and every segment at 1 + backups
     * replicas (re-replication done), up to {@code timeoutMs}; returns whether it did.
     */
    public static boolean awaitWhole(Monitor monitor, int servers, long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        int replicas = 1 + config(Plant.NONE).backups();
        while (System.nanoTime() < deadline) {
            var view = monitor.view();
            if (view.liveServers().size() == servers && !view.table().isEmpty()
                    && view.table().values().stream().allMatch(item -> item.replicas().size() == replicas)) {
                return true;
            }
            Thread.sleep(MONITOR_POLL_MS);
        }
        return false;
    }

    /** What a client run saw. */
    public record ClientResult(int ops, int acknowledgedPuts, int indeterminatePuts, int gets, int failedGets, int unreadableGets, int keys, int lost,
                               List<String> lostKeys, long epoch, Set<Integer> liveServers, List<Integer> replicasPerSegment) {
    }

    /**
     * The client process: deploys its part (monitor node with re-replication on, client node), then runs one sequential
     * client for {@code seconds}: puts of increasing sequence numbers and gets on {@code keys} keys (the first half of
     * them, the cold keys, are put only in the first quarter of the run, and until each was acknowledged once: a failure
     * after it must keep them), each recorded in
     * {@code history} ({@link HistoryLog}: key-value, process 0), then reads every key once more. A key whose last read
     * is older than its last acknowledged put is a lost acknowledged write. The process should exit afterwards: the
     * monitor node's daemons (failure detector, re-replication) run until it does.
     */
    public static ClientResult client(List<String> servers, String client, List<String> monitors, long seed, int keys, double seconds,
                                      Path history, Plant plant, PrintStream out) throws Exception {
        return client(servers, client, monitors, seed, keys, seconds, seconds / 4, null, history, plant, out);
    }

    /**
     * As above, the cold keys put only in the first {@code coldSeconds} (and until each was acknowledged once; the client
     * prints "client: cold keys put" then), and the run ending early once {@code stopFile}
     * exists (null: none; a campaign that keeps one deployment across its cycles stops its client so).
     */
    public static ClientResult client(List<String> servers, String client, List<String> monitors, long seed, int keys, double seconds,
                                      double coldSeconds, Path stopFile, Path history, Plant plant, PrintStream out) throws Exception {
        return client(SplitLayout.pdsm(servers, client), 0, null, monitors, seed, keys, seconds, coldSeconds, stopFile, history, plant, out);
    }

    /**
     * As above, as client {@code index} of {@code layout}: with transactions the monitor node runs in a process of its
     * own, and this client waits until it admits it ({@link TxnProcesses#admit}, its life counted in {@code stateDir};
     * null: a first life, regions not kept).
     */
    public static ClientResult client(SplitLayout layout, int index, Path stateDir, List<String> monitors, long seed, int keys, double seconds,
                                      double coldSeconds, Path stopFile, Path history, Plant plant, PrintStream out) throws Exception {
        List<String> servers = layout.servers();
        int node = layout.clientNode(index);
        Set<Integer> local = layout.transactions() ? Set.of(node) : Set.of(layout.monitorNodeId(), node);
        try (SplitFabric fabric = new SplitFabric(layout.addresses(), local, layout.transactions() ? Set.of(node) : Set.of(), NODE_CONFIG, null,
                WireLimits.DEFAULTS, out::println); HistoryLog h = new HistoryLog(history)) {
            RatisLog log = new RatisLog(monitors); // not closed: the monitor node's daemons query it until the process exits
            TxnProcesses.keepIdentities(fabric, node, stateDir);
            io.rdasuite.store.thdpms.txn.TxnCluster[] txn = new io.rdasuite.store.thdpms.txn.TxnCluster[1];
            PdkvsCluster[] kvs = new PdkvsCluster[1];
            PdsmCluster cluster = deploy(fabric, layout, log, seed, plant, t -> txn[0] = t, k -> kvs[0] = k);
            cluster.remapOnFailure();
            if (txn[0] != null) {
                TxnProcesses.admit(txn[0], index, stateDir, out);
            }
            KeyValues c = layout.layer() == SplitLayout.Layer.PDFS
                    ? KeyValues.of(PdfsCluster.over(kvs[0], Plant.NONE).clients.get(index), keys) // (no local PM server here)
                    : kvs[0] != null ? KeyValues.of(kvs[0].clients.get(index)) : KeyValues.of(cluster.clients.get(index));
            long[] lastAcked = new long[keys];
            int[] counts = new int[5];
            List<String> lost = new ArrayList<>();
            CountDownLatch done = new CountDownLatch(1);
            Throwable[] failure = new Throwable[1];
            fabric.node(node).spawn("thdpms-client", () -> {
                try {
                    cluster.clients.get(index).begin(); // the monitor node's bootstrap has mapped and configured every server
                    c.prepare();
                    Random random = new Random(seed);
                    long seq = 0;
                    long startedAt = System.nanoTime();
                    long end = startedAt + (long) (seconds * 1e9);
                    long coldEnd = startedAt + (long) (coldSeconds * 1e9);
                    out.println("client: deployed; running " + seconds + " s on " + keys + c.what() + (stopFile != null ? " or until " + stopFile
                            + " exists" : ""));
                    out.flush();
                    long lookedAt = startedAt;
                    boolean coldOver = false;
                    while (System.nanoTime() < end) {
                        if (stopFile != null && System.nanoTime() - lookedAt > 50_000_000) {
                            lookedAt = System.nanoTime();
                            if (java.nio.file.Files.exists(stopFile)) {
                                break;
                            }
                        }
                        int k = random.nextInt(keys);
                        if (!coldOver && System.nanoTime() > coldEnd && coldKeysAcked(lastAcked) == keys / 2) {
                            coldOver = true; // a run that must lose a plant's cold items (a test killing server 0) waits for this line
                            out.println("client: cold keys put (each of the " + keys / 2 + " acknowledged), hot keys only from now on");
                            out.flush();
                        }
                        boolean cold = k < keys / 2 && coldOver;
                        if (random.nextBoolean() && !cold) {
                            long v = ++seq;
                            h.op("invoke", 0, "put", Integer.toString(k), v);
                            if (c.put(k, encode(v))) {
                                h.op("ok", 0, "put", Integer.toString(k), v);
                                lastAcked[k] = v;
                                counts[0]++;
                            } else {
                                h.op("info", 0, "put", Integer.toString(k), v);
                                counts[1]++;
                            }
                        } else {
                            get(c, h, k, counts);
                        }
                    }
                    for (int k = 0; k < keys; k++) {
                        int failedBefore = counts[3];
                        Long read = get(c, h, k, counts);
                        for (int again = 0; again < FINAL_READ_TRIES - 1 && counts[3] > failedBefore; again++) {
                            failedBefore = counts[3];
                            read = get(c, h, k, counts); // no replica answered: that says nothing about the value, ask again
                        }
                        boolean answered = counts[3] == failedBefore;
                        if (lastAcked[k] > 0 && (read == null || read < lastAcked[k])) {
                            lost.add(k + ": acknowledged " + lastAcked[k] + ", read " + (answered ? read : "nothing (no replica answered "
                                    + FINAL_READ_TRIES + " gets: unverified, counted as lost)"));
                        }
                    }
                } catch (Throwable t) {
                    failure[0] = t;
                } finally {
                    done.countDown();
                }
            });
            done.await();
            if (failure[0] != null) {
                throw new IllegalStateException("the client failed", failure[0]);
            }
            return new ClientResult(counts[0] + counts[1] + counts[2] + counts[3], counts[0], counts[1], counts[2], counts[3], counts[4], keys,
                    lost.size(), lost, cluster.monitor.view().epoch(), new TreeSet<>(cluster.monitor.view().liveServers()),
                    cluster.monitor.view().table().values().stream().map(item -> item.replicas().size()).toList());
        }
    }

    /** How many of the cold keys (the lower half) had a put acknowledged. */
    private static int coldKeysAcked(long[] lastAcked) {
        int acked = 0;
        for (int k = 0; k < lastAcked.length / 2; k++) {
            acked += lastAcked[k] > 0 ? 1 : 0;
        }
        return acked;
    }

    /** Gets of a key in the final read-back while none answers (a failed get observed nothing, as the history records it). */
    static final int FINAL_READ_TRIES = 3;

    /** A recorded get ({@link GetRecord}): its value, null when absent, unreadable or failed; counted as a get (unreadable ones also apart) or a failed get. */
    private static Long get(KeyValues c, HistoryLog h, int k, int[] counts) {
        h.op("invoke", 0, "get", Integer.toString(k), null);
        PdsmClient.Read r = c.get(k);
        counts[GetRecord.answered(r) ? 2 : 3]++;
        if (r instanceof PdsmClient.Unreadable) {
            counts[4]++;
        }
        return GetRecord.complete(h, 0, Integer.toString(k), r);
    }

    static byte[] encode(long v) {
        return GetRecord.encode(v);
    }

    /**
     * The client's store as the campaign uses it: pDSM objects (key k is object {@code ObjectId.ofKey(k)}), or pDKVS
     * pairs (paper 002 §4.3), whose GET answers as pDSM's does ({@code PdkvsClient.read}): a value, absent, unreadable,
     * or null when no attempt got an answer.
     */
    interface KeyValues {
        boolean put(int key, byte[] value);

        PdsmClient.Read get(int key);

        /** Before the run, unrecorded: what the keys need to exist (pDFS: the directory and its files). */
        default void prepare() {
        }

        /** The keys, as the client's first line names them. */
        default String what() {
            return " keys";
        }

        static KeyValues of(PdsmClient c) {
            return new KeyValues() {
                @Override
                public boolean put(int key, byte[] value) {
                    return c.put(ObjectId.ofKey(key), value);
                }

                @Override
                public PdsmClient.Read get(int key) {
                    return c.get(ObjectId.ofKey(key));
                }
            };
        }

        static KeyValues of(PdkvsClient c) {
            return new KeyValues() {
                @Override
                public boolean put(int key, byte[] value) {
                    return c.put(key, value);
                }

                @Override
                public PdsmClient.Read get(int key) {
                    return c.read(key);
                }

                @Override
                public String what() {
                    return " pDKVS keys";
                }
            };
        }

        /**
         * pDFS files (paper 002 §4.2): key k is the file {@value #PDFS_DIRECTORY}/f<i>k</i>; a put writes the whole file
         * (its data one-sided to every replica, then its inode), a get reads it ({@code PdfsClient.readFile}; a file
         * never written reads as absent). {@link #prepare} makes the directory and creates every file, empty.
         */
        static KeyValues of(PdfsClient c, int keys) {
            return new KeyValues() {
                @Override
                public boolean put(int key, byte[] value) {
                    return c.write(path(key), value);
                }

                @Override
                public PdsmClient.Read get(int key) {
                    return c.readFile(path(key));
                }

                @Override
                public void prepare() {
                    for (int attempt = 0; c.resolve(PDFS_DIRECTORY) < 0; attempt++) { // each step is checked by a lookup, not by its answer
                        requireAttempt(attempt, "make " + PDFS_DIRECTORY);
                        c.mkdir(PDFS_DIRECTORY, PDFS_DIRECTORY_GUID);
                    }
                    for (int k = 0; k < keys; k++) {
                        for (int attempt = 0; c.stat(path(k)) == null; attempt++) {
                            requireAttempt(attempt, "create " + path(k));
                            c.create(path(k), PDFS_DIRECTORY_GUID + 1 + k);
                        }
                    }
                }

                @Override
                public String what() {
                    return " pDFS files";
                }

                private static String path(int key) {
                    return PDFS_DIRECTORY + "/f" + key;
                }
            };
        }
    }

    /** The directory of the pDFS client's files, and its guid (the root's is 1); file k's id is the guid + 1 + k. */
    static final String PDFS_DIRECTORY = "/campaign";
    static final long PDFS_DIRECTORY_GUID = 2;
    /** How often the pDFS client's preparation tries each step (a failover during it makes a step fail once). */
    static final int PREPARE_ATTEMPTS = 8;

    private static void requireAttempt(int attempt, String step) {
        if (attempt == PREPARE_ATTEMPTS) {
            throw new IllegalStateException("pDFS: could not " + step + " in " + PREPARE_ATTEMPTS + " attempts");
        }
    }
}
