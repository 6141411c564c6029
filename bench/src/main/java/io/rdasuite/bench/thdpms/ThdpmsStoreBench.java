package io.rdasuite.bench.thdpms;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.pm.LocalMemory;
import io.rdasuite.store.thdpms.fs.PdfsClient;
import io.rdasuite.store.thdpms.fs.PdfsCluster;
import io.rdasuite.store.thdpms.kvs.PdkvsClient;
import io.rdasuite.store.thdpms.kvs.PdkvsCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import io.rdasuite.store.thdpms.txn.TxnCluster;
import io.rdasuite.store.thdpms.txn.TxnCoordinator;
import io.rdasuite.store.thdpms.txn.TxnOp;
import io.rdasuite.store.thdpms.txn.TxnOutcome;
import io.rdasuite.store.workload.Ycsb;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Paper 002 §5.2–§5.3 on the simulator, as shapes: Fig. 12 (transactions, YCSB, 1→6 PM servers: read-only, 25% writes
 * uniform, 25% writes Zipf 0.99), Figs. 13–14 (pDFS metadata operations and data bandwidth over servers) and Fig. 16
 * (pDKVS against a pmemkv-like single-table store that logs its PUTs, a model: one server's table behind the same RPC,
 * an undo-log record persisted before every in-place update). Virtual time; a seed gives the same numbers.
 */
public final class ThdpmsStoreBench {
    /** Client nodes of every figure here. */
    public static final int CLIENTS = 12;
    static final io.rdasuite.store.fabric.ServerConfig CONFIG = ThdpmsBench.CONFIG;

    private ThdpmsStoreBench() {
    }

    static PdsmConfig config(int servers) {
        return new PdsmConfig(3, 4 * 1024 * 1024, 256, 64 * 1024, 512, Math.min(1, servers - 1), 8, 100_000, 2, 10_000, Plant.NONE);
    }

    private static SimFabric fabric(long seed, int nodes) {
        SimFabric.Builder b = SimFabric.builder().seed(seed).cost(CostModel.thdpmsTestbed());
        for (int n = 0; n < nodes; n++) {
            b.node(CONFIG);
        }
        return b.build();
    }

    private static List<Integer> range(int from, int count) {
        List<Integer> r = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            r.add(from + i);
        }
        return r;
    }

    /** Fig. 12's workloads. */
    public enum TxnWorkload { READ_ONLY, WRITE_25_UNIFORM, WRITE_25_ZIPF }

    /** Committed transactions per second and the abort fraction. */
    public record TxnPoint(int servers, TxnWorkload workload, double txnsPerSecond, double abortFraction) {
    }

    /** Coordinators of Fig. 12 (one per client node: a coordinator runs one transaction at a time). */
    public static final int TXN_CLIENTS = 128;

    /** Fig. 12: {@link #TXN_CLIENTS} coordinators, transactions of 4 items, over {@code servers} PM servers. */
    public static TxnPoint fig12(int servers, TxnWorkload workload, long seed, long durationNs) {
        int clients = TXN_CLIENTS;
        long[] committed = new long[clients];
        long[] aborted = new long[clients];
        try (SimFabric f = fabric(seed, servers + 1 + clients)) {
            TxnCluster cluster = TxnCluster.deploy(f, range(0, servers), servers, range(servers + 1, clients), config(servers), seed, false,
                    Plant.NONE);
            for (int c = 0; c < clients; c++) {
                int client = c;
                TxnCoordinator coordinator = cluster.coordinators.get(c);
                Node node = f.node(servers + 1 + c);
                node.spawn("ycsb-txn-" + c, () -> {
                    int keys = coordinator.keys();
                    SplittableRandom random = new SplittableRandom(seed * 131 + client);
                    Ycsb zipf = new Ycsb(Ycsb.Workload.C, Ycsb.Distribution.ZIPF, keys, seed * 17 + client);
                    long value = 1;
                    coordinator.executeOnce(List.of(TxnOp.read(client % keys))); // waits out the bootstrap's recovery
                    long start = node.clock().nowNanos();
                    while (node.clock().nowNanos() < start + durationNs) {
                        List<TxnOp> ops = new ArrayList<>();
                        java.util.TreeSet<Integer> used = new java.util.TreeSet<>();
                        while (used.size() < 4) {
                            used.add(workload == TxnWorkload.WRITE_25_ZIPF ? zipf.next().record() : random.nextInt(keys));
                        }
                        for (int k : used) {
                            boolean write = workload != TxnWorkload.READ_ONLY && random.nextInt(4) == 0;
                            ops.add(write ? TxnOp.write(k, value++) : TxnOp.read(k));
                        }
                        TxnOutcome o = coordinator.executeOnce(ops);
                        if (node.clock().nowNanos() <= start + durationNs) {
                            if (o instanceof TxnOutcome.Committed) {
                                committed[client]++;
                            } else {
                                aborted[client]++;
                            }
                        }
                    }
                    coordinator.finish();
                });
            }
            f.run();
        }
        long ok = java.util.Arrays.stream(committed).sum();
        long no = java.util.Arrays.stream(aborted).sum();
        return new TxnPoint(servers, workload, ok / (durationNs / 1e9), no / (double) Math.max(1, ok + no));
    }

    /** Fig. 13's operations and Fig. 14's data operations. */
    public enum FsOpKind { CREAT, STAT, UNLINK, MKDIR, RMDIR, WRITE, READ }

    /** Operations per second (bytes per second for WRITE and READ). */
    public record FsPoint(int servers, FsOpKind op, double perSecond) {
    }

    /**
     * Figs. 13–14: {@link #CLIENTS} clients, each in its own directory, repeat one operation over {@code servers} PM
     * servers (server 0 the directory server); WRITE and READ move 4 KB per file.
     */
    public static FsPoint fig13(int servers, FsOpKind op, long seed, long durationNs) {
        int bytes = 4096;
        long done = fsRun(servers, seed, (client, fs, node, counts) -> {
            String dir = "/c" + client;
            fs.mkdir(dir, 1000 + client);
            byte[] data = new byte[bytes];
            if (op == FsOpKind.STAT || op == FsOpKind.READ) {
                for (int i = 0; i < 8; i++) {
                    fs.create(dir + "/f" + i, client * 1000L + i);
                    if (op == FsOpKind.READ) {
                        fs.write(dir + "/f" + i, data);
                    }
                }
            }
            long start = node.clock().nowNanos();
            for (long i = 0; node.clock().nowNanos() < start + durationNs; i++) {
                String file = dir + "/f" + (op == FsOpKind.STAT || op == FsOpKind.READ ? i % 8 : i);
                boolean ok = switch (op) {
                    case CREAT -> fs.create(file, client * 1_000_000L + i);
                    case STAT -> fs.stat(file) != null;
                    case UNLINK -> fs.create(file, client * 1_000_000L + i) && fs.unlink(file);
                    case MKDIR -> fs.mkdir(dir + "/d" + i, 10_000_000L * (client + 1) + i);
                    case RMDIR -> fs.mkdir(dir + "/d" + i, 10_000_000L * (client + 1) + i) && fs.rmdir(dir + "/d" + i);
                    case WRITE -> fs.create(file, client * 1_000_000L + i) && fs.write(file, data);
                    case READ -> fs.read(file) != null;
                };
                if (ok && node.clock().nowNanos() <= start + durationNs) {
                    counts[client] += op == FsOpKind.WRITE || op == FsOpKind.READ ? bytes : 1;
                }
            }
        });
        return new FsPoint(servers, op, done / (durationNs / 1e9));
    }

    /** One pDFS client's load, on its own node: it adds what it completed to {@code counts[client]}. */
    private interface FsLoad {
        void run(int client, PdfsClient fs, Node node, long[] counts);
    }

    /** {@link #CLIENTS} pDFS clients over {@code servers} PM servers (server 0 the directory server), each running {@code load}; the sum of their counts. */
    private static long fsRun(int servers, long seed, FsLoad load) {
        long[] counts = new long[CLIENTS];
        try (SimFabric f = fabric(seed, servers + 1 + CLIENTS)) {
            PdfsCluster cluster = PdfsCluster.deploy(f, range(0, servers), servers, range(servers + 1, CLIENTS), config(servers), seed, false,
                    Plant.NONE, 16, 4);
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                PdfsClient fs = cluster.clients.get(c);
                Node node = f.node(servers + 1 + c);
                node.spawn("pdfs-load-" + c, () -> load.run(client, fs, node, counts));
            }
            f.run();
        }
        return java.util.Arrays.stream(counts).sum();
    }

    /**
     * Fig. 15's filebench personalities, their flows from filebench's workload files (fileserver.f, webserver.f,
     * varmail.f) as pDFS operations. pDFS has no append and no open/close: an append is a whole-file write of
     * {@link #FILEBENCH_IO_BYTES}, files are that size (filebench's are 16-128 KB), and each remaining flow op counts as
     * one operation, as filebench counts them.
     */
    public enum Personality {
        /** Per loop: create + write the whole file, append, read the whole file, delete, stat. */
        FILESERVER,
        /** Per loop: read 10 whole files, append to a shared log file. */
        WEBSERVER,
        /** Per loop: delete, create + append + fsync, read + append + fsync, read. */
        VARMAIL
    }

    /** The file size and append size of Fig. 15's runs. */
    public static final int FILEBENCH_IO_BYTES = 4096;

    /** Filebench operations per second of one personality. */
    public record FilebenchPoint(int servers, Personality personality, double opsPerSecond) {
    }

    /**
     * Fig. 15: {@link #CLIENTS} clients, each in its own directory of 16 files (the paper's clients all on one node; here
     * one node each, as in Figs. 13-14), run {@code personality} over {@code servers} PM servers.
     */
    public static FilebenchPoint fig15(int servers, Personality personality, long seed, long durationNs) {
        int files = 16;
        long done = fsRun(servers, seed, (client, fs, node, counts) -> {
            String dir = "/c" + client;
            byte[] data = new byte[FILEBENCH_IO_BYTES];
            fs.mkdir(dir, 1000 + client);
            for (int i = 0; i < files; i++) {
                fs.create(dir + "/f" + i, client * 1_000_000L + i);
                fs.write(dir + "/f" + i, data);
            }
            fs.create(dir + "/log", client * 1_000_000L + files);
            SplittableRandom random = new SplittableRandom(seed * 977 + client);
            long start = node.clock().nowNanos();
            long next = files;
            while (node.clock().nowNanos() < start + durationNs) {
                String file = dir + "/f" + random.nextInt(files);
                int ops = switch (personality) {
                    case FILESERVER -> {
                        String fresh = dir + "/n" + next;
                        boolean ok = fs.create(fresh, client * 1_000_000L + next++) && fs.write(fresh, data) && fs.write(file, data)
                                && fs.read(file) != null && fs.unlink(fresh) && fs.stat(file) != null;
                        yield ok ? 6 : 0;
                    }
                    case WEBSERVER -> {
                        int read = 0;
                        for (int k = 0; k < 10; k++) {
                            read += fs.read(dir + "/f" + random.nextInt(files)) != null ? 1 : 0;
                        }
                        yield read + (fs.write(dir + "/log", data) ? 1 : 0);
                    }
                    case VARMAIL -> {
                        String mail = dir + "/m" + next;
                        boolean ok = fs.create(mail, client * 1_000_000L + next++) && fs.write(mail, data)
                                && fs.read(file) != null && fs.write(file, data) && fs.read(mail) != null && fs.unlink(mail);
                        yield ok ? 6 : 0;
                    }
                };
                if (node.clock().nowNanos() <= start + durationNs) {
                    counts[client] += ops;
                }
            }
        });
        return new FilebenchPoint(servers, personality, done / (durationNs / 1e9));
    }

    /** Fig. 16's systems. */
    public enum KvSystem { PDKVS, PMEMKV_MODEL }

    public record KvPoint(int servers, KvSystem system, int getPercent, double opsPerSecond) {
    }

    /** Fig. 16: uniform GET/PUT of 8-byte values over {@code servers} PM servers, {@link #CLIENTS} clients. */
    public static KvPoint fig16(int servers, KvSystem system, int getPercent, long seed, long durationNs) {
        long[] done = new long[CLIENTS];
        int keys = 64 * servers;
        try (SimFabric f = fabric(seed, servers + 1 + CLIENTS)) {
            List<PdkvsClient> pdkvs = new ArrayList<>();
            List<List<QueuePair>> pmemkv = new ArrayList<>();
            if (system == KvSystem.PDKVS) {
                PdkvsCluster cluster = PdkvsCluster.deploy(f, range(0, servers), servers, range(servers + 1, CLIENTS), config(servers), seed, false,
                        Plant.NONE, 16, 4);
                pdkvs.addAll(cluster.clients);
            } else {
                for (int c = 0; c < CLIENTS; c++) {
                    List<QueuePair> qps = new ArrayList<>();
                    for (int s = 0; s < servers; s++) {
                        Connection conn = f.connect(f.node(servers + 1 + c), f.node(s));
                        loggingServer(f.node(s), conn.responder(), "pmemkv-" + c);
                        qps.add(conn.requester());
                    }
                    pmemkv.add(qps);
                }
            }
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                Node node = f.node(servers + 1 + c);
                node.spawn("kv-load-" + c, () -> {
                    SplittableRandom random = new SplittableRandom(seed * 7 + client);
                    byte[] value = new byte[8];
                    MemoryRegion reply = system == KvSystem.PMEMKV_MODEL ? node.register(MemoryKind.DRAM, "reply-" + client, 64 * servers) : null;
                    if (system == KvSystem.PDKVS) {
                        for (int k = client; k < keys; k += CLIENTS) {
                            pdkvs.get(client).put(k, value); // load
                        }
                    }
                    long start = node.clock().nowNanos();
                    while (node.clock().nowNanos() < start + durationNs) {
                        int key = random.nextInt(keys);
                        boolean get = random.nextInt(100) < getPercent;
                        boolean ok;
                        if (system == KvSystem.PDKVS) {
                            ok = get ? pdkvs.get(client).get(key) != null : pdkvs.get(client).put(key, value);
                        } else {
                            QueuePair qp = pmemkv.get(client).get(key % servers);
                            qp.postReceive(reply, 64L * (key % servers), 64);
                            ok = qp.execute(WorkRequest.send(MemorySegment.ofArray(new long[] {get ? 0 : 1, key, 0, 0, 0, 0, 0, 0}))).ok()
                                    && qp.awaitReceive().ok();
                        }
                        if (ok && node.clock().nowNanos() <= start + durationNs) {
                            done[client]++;
                        }
                    }
                });
            }
            f.run();
        }
        return new KvPoint(servers, system, getPercent, java.util.Arrays.stream(done).sum() / (durationNs / 1e9));
    }

    /**
     * The pmemkv-like model's server: a request by SEND, a table in PM; a GET reads the slot, a PUT persists an undo-log
     * record of the old value, updates in place, persists it, and persists the log's commit (PMDK's transactions), then
     * answers by SEND.
     */
    private static void loggingServer(Node server, QueuePair responder, String name) {
        MemoryRegion rq = server.register(MemoryKind.DRAM, name + "-rq", 64);
        MemoryRegion table = server.register(MemoryKind.PM, name + "-table", 4096);
        LocalMemory pm = server.local(table);
        server.spawnDaemon(name, () -> {
            responder.postReceive(rq, 0, 64);
            LocalMemory in = server.local(rq);
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                long put = in.load8(0);
                long slot = 64 + 8 * Math.floorMod(in.load8(8), 448);
                responder.postReceive(rq, 0, 64);
                long old = pm.load8(slot);
                if (put == 1) {
                    pm.store8(0, old); // undo record
                    pm.store8(8, slot);
                    pm.persist(0, 16);
                    pm.store8(slot, old + 1);
                    pm.persist(slot, 8);
                    pm.store8(16, 1); // commit
                    pm.persist(16, 8);
                }
                if (!responder.execute(WorkRequest.send(MemorySegment.ofArray(new long[] {0, old, 0, 0, 0, 0, 0, 0}))).ok()) {
                    return;
                }
            }
        });
    }
}
