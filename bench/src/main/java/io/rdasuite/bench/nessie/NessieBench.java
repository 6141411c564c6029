package io.rdasuite.bench.nessie;

import io.rdasuite.hwsim.engine.Engine;
import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.nessie.NessieClient;
import io.rdasuite.store.nessie.NessieCluster;
import io.rdasuite.store.nessie.NessieConfig;
import io.rdasuite.store.nessie.NessieKv;
import io.rdasuite.store.nessie.NessieMode;
import io.rdasuite.store.nessie.NessieOptimization;
import io.rdasuite.store.workload.Ycsb;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Paper 004 §6 on the simulator: Nessie, NessieSD and NessieHY on {@code nodes} nodes, every node a client and a
 * storage node. 128-byte keys (§6), index tables at load factor 0.4 (§6), 3 hash functions and 7 filter bits.
 * Workers per node follow §6's rule of one worker per core, 4 by default (the paper: 12): Nessie's are all clients;
 * NessieSD's and NessieHY's split into polling server threads and clients as §6 tuned them, scaled to the worker
 * count ({@link Spec#serverWorkersPerNode()}; 1 server thread of 4 workers). Background processes are the fault plan's
 * CPU hogs on every node (they share the node's cores with its threads, in time slices or by processor sharing).
 * Figures are virtual time.
 */
public final class NessieBench {
    /** Key bytes in every run (§6: "All experiments use a key size of 128 bytes"). */
    public static final int KEY_BYTES = 128;
    /** Worker threads per simulated node by default, one per core (§6), scaled down from the paper's 12 to keep runs short. */
    public static final int WORKERS = 4;
    /**
     * Cores per simulated node for the background processes: the paper's 2 x 6 (§6), so that its 0-8 background
     * processes per node compete with each worker as densely as there (8 hogs on 12 cores, not on 4).
     */
    public static final int PAPER_CORES = 12;

    /**
     * @param mode               the protocol
     * @param nodes              nodes, each a client and a storage node
     * @param valueSize          value bytes
     * @param getFraction        share of GETs, the rest PUTs
     * @param distribution       key choice
     * @param background         CPU-consuming background processes per node
     * @param opsPerClient       measured operations per client thread
     * @param keys               keys loaded before measuring
     * @param seed               drives the simulation and the workload
     * @param optimizations      Nessie's optimizations switched on (Fig. 13); NessieSD and NessieHY ignore them
     * @param profile            the cost profile's name ({@link CostModel#PROFILES}): {@code default} (100 Gb/s) or
     *                           {@code nessie-testbed} (the paper's 10 GbE ConnectX-3)
     * @param hogSliceNs         how background processes share a node's cores: 0 = processor sharing, above 0 = time
     *                           slices of this length ({@link FaultPlan#cpuHogSliceNs()})
     * @param workersPerNode     worker threads per node, 2..{@link #PAPER_CORES}: Nessie's are all clients, NessieSD's and
     *                           NessieHY's one polling server thread and the rest clients
     */
    public record Spec(NessieMode mode, int nodes, int valueSize, double getFraction, Ycsb.Distribution distribution, int background,
                       int opsPerClient, int keys, long seed, Set<NessieOptimization> optimizations, String profile, long hogSliceNs,
                       int workersPerNode) {
        /** Linux's scheduling slice on the paper's nodes: CFS's minimum granularity, 0.75 ms x (1 + log2 8) = 3 ms. */
        public static final long LINUX_SLICE_NS = 3_000_000;

        public Spec {
            if (workersPerNode < 2 || workersPerNode > PAPER_CORES) {
                throw new IllegalArgumentException("workers per node must be 2.." + PAPER_CORES + " (one per core): " + workersPerNode);
            }
            if (hogSliceNs < 0) {
                throw new IllegalArgumentException("the background processes' time slice is 0 (processor sharing) or positive: " + hogSliceNs);
            }
            profile = profile == null ? "default" : profile;
            CostModel.profile(profile); // an unknown name lists the valid ones
            optimizations = optimizations == null ? NessieOptimization.all() : optimizations;
            if (nodes < 2 || nodes > 64 || valueSize < 8 || getFraction < 0 || getFraction > 1 || background < 0 || opsPerClient < 1 || keys < 1) {
                throw new IllegalArgumentException("nodes 2..64, value size >= 8, GET fraction in [0, 1], background >= 0, ops and keys >= 1");
            }
        }

        /** Client threads per node: the workers that are not server threads. */
        public int clientsPerNode() {
            return workersPerNode - serverWorkersPerNode();
        }

        /**
         * Polling server threads per node, §6's manual tuning of 12 workers scaled to {@code workersPerNode} (at least
         * one): NessieSD 3 for values under 1 KB, else 2; NessieHY 1 for 90% GETs or more, else 3 up to 32 KB and 2
         * above; Nessie none.
         */
        public int serverWorkersPerNode() {
            int paper = switch (mode) {
                case NESSIE -> 0;
                case NESSIE_SD -> valueSize < 1024 ? 3 : 2;
                case NESSIE_HY -> getFraction >= 0.9 ? 1 : valueSize <= 32 * 1024 ? 3 : 2;
            };
            return paper == 0 ? 0 : Math.max(1, Math.round(paper * workersPerNode / (float) PAPER_CORES));
        }
    }

    /**
     * @param goodputBytesPerSecond operations per virtual second times the value size (§6.2), counted in the window in
     *                              which all clients run (last start to first finish), so that clients that finish
     *                              early do not leave the rest an idle network
     * @param getVerbsPerOp         RDMA verbs per GET (loopback verbs included)
     * @param getBytesPerOp         payload bytes per GET over the network
     * @param putVerbsPerOp         RDMA verbs per PUT
     * @param putBytesPerOp         payload bytes per PUT over the network
     * @param p99GetLatencyNs       99th-percentile GET latency (HdrHistogram, 3 significant digits)
     * @param p99PutLatencyNs       99th-percentile PUT latency
     */
    public record Result(Spec spec, double goodputBytesPerSecond, long meanGetLatencyNs, long meanPutLatencyNs, double getVerbsPerOp,
                         double getBytesPerOp, double putVerbsPerOp, double putBytesPerOp, long retries, long p99GetLatencyNs,
                         long p99PutLatencyNs) {
    }

    private NessieBench() {
    }

    public static Result run(Spec spec) {
        int clientsPerNode = spec.clientsPerNode();
        int clients = spec.nodes() * clientsPerNode;
        KvShape shape = new KvShape(KEY_BYTES, spec.valueSize());
        int puts = (int) Math.ceil(spec.opsPerClient() * (1 - spec.getFraction())) + 8;
        int slots = (int) Math.ceil(spec.keys() / (0.4 * spec.nodes())) + 16;
        // DTEs: every loaded key and every measured PUT may hold one (replaced ones wait out the expiration period)
        int perClient = (spec.keys() + clients - 1) / clients + puts + 8;
        int entries = Math.max(perClient * clientsPerNode, spec.keys() + clients * puts + 8);
        NessieConfig config = NessieConfig.small(shape, slots, entries).withMode(spec.mode()).withCacheEntries(cacheEntries(spec))
                .withServerWorkers(Math.max(1, spec.serverWorkersPerNode()))
                .withOptimizations(spec.optimizations())
                // §4.3.1's example expiration, 1 s, with a timeout of half of it: an attempt that waits behind a queue of
                // 128 KB transfers on a 10 GbE link takes milliseconds, and a timeout below that would starve it
                .withExpiration(1_000_000_000L, 50_000, 500_000_000L);
        FaultPlan faults = FaultPlan.NONE.withCpuHogSlices(spec.hogSliceNs());
        for (int n = 0; n < spec.nodes(); n++) {
            faults = faults.withCpuHogs(n, spec.background());
        }
        SimFabric.Builder b = SimFabric.builder().seed(spec.seed()).cost(CostModel.profile(spec.profile()).withCores(PAPER_CORES)).faults(faults).maxEvents(Long.MAX_VALUE);
        for (int n = 0; n < spec.nodes(); n++) {
            b.node(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"));
        }
        long[] getLatency = new long[clients];
        org.HdrHistogram.Histogram getLatencies = new org.HdrHistogram.Histogram(3); // actors run one at a time
        org.HdrHistogram.Histogram putLatencies = new org.HdrHistogram.Histogram(3);
        long[] putLatency = new long[clients];
        long[] getCount = new long[clients];
        long[] putCount = new long[clients];
        long[] startedAt = new long[clients];
        long[][] doneAt = new long[clients][spec.opsPerClient()];
        try (SimFabric fabric = b.build()) {
            List<NessieKv> kv = NessieCluster.deploy(fabric, spec.nodes(), clientsPerNode, config).kvClients();
            for (int c = 0; c < clients; c++) {
                NessieKv me = kv.get(c);
                int first = c;
                me.node().spawn("load-" + c, () -> {
                    for (int r = first; r < spec.keys(); r += clients) {
                        me.put(Ycsb.key(r, shape), Ycsb.value(r, 0, shape));
                    }
                });
            }
            check(fabric.run());
            NessieClient.Stats[] before = new NessieClient.Stats[clients];
            for (int c = 0; c < clients; c++) {
                before[c] = copy(kv.get(c).stats());
            }
            for (int c = 0; c < clients; c++) {
                NessieKv me = kv.get(c);
                int client = c;
                Ycsb keys = new Ycsb(Ycsb.Workload.C, spec.distribution(), spec.keys(), spec.seed() * 1_000_003L + c);
                SplittableRandom ops = new SplittableRandom(spec.seed() * 7_919L + c);
                me.node().spawn("bench-" + c, () -> {
                    startedAt[client] = me.node().clock().nowNanos();
                    for (int i = 0; i < spec.opsPerClient(); i++) {
                        int r = keys.next().record();
                        byte[] key = Ycsb.key(r, shape);
                        long t0 = me.node().clock().nowNanos();
                        if (ops.nextDouble() < spec.getFraction()) {
                            me.get(key);
                            long took = me.node().clock().nowNanos() - t0;
                            getLatency[client] += took;
                            getLatencies.recordValue(took);
                            getCount[client]++;
                        } else {
                            me.put(key, Ycsb.value(r, i + 1, shape));
                            long took = me.node().clock().nowNanos() - t0;
                            putLatency[client] += took;
                            putLatencies.recordValue(took);
                            putCount[client]++;
                        }
                        doneAt[client][i] = me.node().clock().nowNanos();
                    }
                });
            }
            check(fabric.run());
            // the window in which every client was running: from the last start to the first finish
            long from = Long.MIN_VALUE;
            long to = Long.MAX_VALUE;
            for (int c = 0; c < clients; c++) {
                from = Math.max(from, startedAt[c]);
                to = Math.min(to, doneAt[c][spec.opsPerClient() - 1]);
            }
            long inWindow = 0;
            for (int c = 0; c < clients; c++) {
                for (long t : doneAt[c]) {
                    inWindow += t > from && t <= to ? 1 : 0;
                }
            }
            double opsPerSecond = inWindow * 1e9 / Math.max(1, to - from);
            long gets = 0;
            long putsDone = 0;
            long gl = 0;
            long pl = 0;
            long getVerbs = 0;
            long getBytes = 0;
            long putVerbs = 0;
            long putBytes = 0;
            long retries = 0;
            for (int c = 0; c < clients; c++) {
                gets += getCount[c];
                putsDone += putCount[c];
                gl += getLatency[c];
                pl += putLatency[c];
                NessieClient.Stats s = kv.get(c).stats();
                getVerbs += s.getVerbs - before[c].getVerbs;
                getBytes += s.getBytes - before[c].getBytes;
                putVerbs += s.putVerbs - before[c].putVerbs;
                putBytes += s.putBytes - before[c].putBytes;
                retries += s.retries - before[c].retries;
            }
            return new Result(spec, opsPerSecond * spec.valueSize(), gets == 0 ? 0 : gl / gets, putsDone == 0 ? 0 : pl / putsDone,
                    per(getVerbs, gets), per(getBytes, gets), per(putVerbs, putsDone), per(putBytes, putsDone), retries,
                    getLatencies.getValueAtPercentile(99), putLatencies.getValueAtPercentile(99));
        }
    }

    /** The paper's nodes (§6). */
    static final int PAPER_NODES = 15;
    /** Data per node in the paper's runs, which sets its key count (§6: "each node should contain 20 GB"). */
    static final double PAPER_BYTES_PER_NODE = 20e9;
    /** The YCSB Zipf exponent (§6.2). */
    static final double ZIPF_EXPONENT = 0.99;

    /**
     * Cache entries per client. §6 caches 0.5% of the keys. Under uniform keys that share of keys is the share of
     * accesses it can serve, so the bench keeps 0.5% (at least one entry). Under Zipf 0.99 it is not: 0.5% of the
     * paper's millions of keys holds the head of the distribution, about 68% of all accesses at 16 KB, while 0.5%
     * of the few hundred keys simulated here would hold one key (16%). The bench therefore gives the cache the
     * smallest size that serves the same share of accesses as the paper's cache did at this value size.
     */
    static int cacheEntries(Spec spec) {
        int plain = Math.max(1, spec.keys() / 200);
        if (spec.distribution() != Ycsb.Distribution.ZIPF) {
            return plain;
        }
        double paperKeys = PAPER_NODES * PAPER_BYTES_PER_NODE / spec.valueSize();
        double share = harmonic(0.005 * paperKeys) / harmonic(paperKeys);
        int k = plain;
        while (k < spec.keys() && harmonic(k) / harmonic(spec.keys()) < share) {
            k++;
        }
        return k;
    }

    /** The generalized harmonic number of order {@link #ZIPF_EXPONENT}, by Euler-Maclaurin (exact at 1, within 0.4% beyond). */
    static double harmonic(double n) {
        double s = ZIPF_EXPONENT;
        return (Math.pow(n, 1 - s) - 1) / (1 - s) + 0.5 + 0.5 * Math.pow(n, -s) + s / 12 * (1 - Math.pow(n, -s - 1));
    }

    private static double per(long total, long count) {
        return count == 0 ? 0 : Math.round(100.0 * total / count) / 100.0;
    }

    private static NessieClient.Stats copy(NessieClient.Stats s) {
        NessieClient.Stats c = new NessieClient.Stats();
        c.getVerbs = s.getVerbs;
        c.getBytes = s.getBytes;
        c.putVerbs = s.putVerbs;
        c.putBytes = s.putBytes;
        c.retries = s.retries;
        return c;
    }

    private static void check(Engine.RunStatus status) {
        if (status != Engine.RunStatus.FINISHED) {
            throw new IllegalStateException("the simulated Nessie run did not finish: " + status);
        }
    }
}
