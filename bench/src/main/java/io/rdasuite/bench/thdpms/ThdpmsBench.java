package io.rdasuite.bench.thdpms;

import io.rdasuite.bench.fidelity.PhysicalBound;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.Connection;
import io.rdasuite.store.fabric.MemoryKind;
import io.rdasuite.store.fabric.MemoryRegion;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.Received;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.WorkRequest;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.pm.LocalMemory;
import io.rdasuite.store.thdpms.pdsm.ObjectId;
import io.rdasuite.store.thdpms.pdsm.PdsmClient;
import io.rdasuite.store.thdpms.pdsm.PdsmCluster;
import io.rdasuite.store.thdpms.pdsm.PdsmConfig;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * TH-DPMS's evaluation (paper 002 §5) on the simulator, as shapes and ratios: Fig. 11 (pDSM read and write bandwidth
 * over 1→6 PM servers, 12 client nodes of 4 threads, each looping over its own 64 KB block) and Fig. 17 (pDSM's throughput, 1 ms bins,
 * while one of 6 PM servers is killed and its segments fail over). Virtual time only: a seed gives the same numbers.
 */
public final class ThdpmsBench {
    /** Fig. 11's four operations. */
    public enum Op {
        /** One-sided READ. */
        READ,
        /** One-sided WRITE, not persisted. */
        WRITE,
        /** WRITE_WITH_IMM whose receiver persists the block (clwb + sfence) and answers: iRDMA's remote persistence. */
        WRITE_PERSIST,
        /** The block written to a primary and one backup, not persisted. */
        WRITE_REPLICAS
    }

    public static final int CLIENTS = 12;
    /** Threads per client node in Fig. 11, each with its own connection and 64 KB block (the paper's clients are multi-threaded). */
    public static final int THREADS = 4;
    public static final int BLOCK = 64 * 1024;
    static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+PM-RQWRB");

    /** One measured point. */
    public record Point(String figure, int servers, Op op, int replicas, double bytesPerSecond) {
    }

    private ThdpmsBench() {
    }

    /**
     * The physical bounds of a bandwidth figure into {@code servers} servers of the testbed (issue 32): their ports, and
     * for a persisting write their PM write bandwidth too.
     */
    public static List<PhysicalBound> bounds(String figure, int servers, boolean persisting, double bytesPerSecond) {
        CostModel cost = CostModel.thdpmsTestbed();
        List<PhysicalBound> out = new ArrayList<>();
        out.add(new PhysicalBound(figure, servers + " server ports at " + cost.linkGbps() + " Gb/s", bytesPerSecond,
                servers * cost.linkBytesPerNs() * 1e9, "B/s"));
        if (persisting) {
            out.add(new PhysicalBound(figure, servers + " servers' PM at " + cost.pmWriteBytesPerNs() + " GB/s", bytesPerSecond,
                    servers * cost.pmWriteBytesPerNs() * 1e9, "B/s"));
        }
        return out;
    }

    /** Fig. 11: {@code op} by 12 clients against {@code servers} PM servers for {@code durationNs} of virtual time. */
    public static Point fig11(int servers, Op op, long seed, long durationNs) {
        return fig11(servers, op, seed, durationNs, false);
    }

    /**
     * Fig. 11 with, when {@code plantPmBypass}, the simulator's planted model bug (CPU write-backs that skip the PM write
     * bandwidth): the negative control of the physical bounds' check.
     */
    public static Point fig11(int servers, Op op, long seed, long durationNs, boolean plantPmBypass) {
        SimFabric.Builder b = SimFabric.builder().seed(seed).cost(CostModel.thdpmsTestbed());
        if (plantPmBypass) {
            b.plantCpuWritebacksBypassPmBandwidth();
        }
        for (int n = 0; n < servers + CLIENTS; n++) {
            b.node(CONFIG);
        }
        long[] bytes = new long[CLIENTS * THREADS];
        try (SimFabric f = b.build()) {
            List<MemoryRegion> regions = new ArrayList<>();
            for (int s = 0; s < servers; s++) {
                regions.add(f.node(s).register(MemoryKind.PM, "segment", (long) BLOCK * CLIENTS * THREADS));
            }
            for (int c = 0; c < CLIENTS * THREADS; c++) {
                int client = c;
                Node node = f.node(servers + c % CLIENTS);
                int primary = c % servers;
                int backup = (c + 1) % servers;
                long offset = (long) BLOCK * c;
                Connection toPrimary = f.connect(node, f.node(primary));
                Connection toBackup = op == Op.WRITE_REPLICAS ? f.connect(node, f.node(backup)) : null;
                MemoryRegion ack = node.register(MemoryKind.DRAM, "ack-" + c, 64);
                if (op == Op.WRITE_PERSIST) {
                    persistingReceiver(f.node(primary), toPrimary.responder(), regions.get(primary), ack, "persist-" + c);
                }
                MemorySegment block = MemorySegment.ofArray(new byte[BLOCK]);
                node.spawn("client-" + c, () -> {
                    QueuePair qp = toPrimary.requester();
                    if (op == Op.WRITE_PERSIST) {
                        qp.postReceive(ack, 0, 64);
                    }
                    MemoryRegion r = regions.get(primary);
                    while (node.clock().nowNanos() < durationNs) {
                        boolean ok = switch (op) {
                            case READ -> qp.execute(WorkRequest.read(block, r.address(offset), r.rkey())).ok();
                            case WRITE -> qp.execute(WorkRequest.write(block, r.address(offset), r.rkey())).ok();
                            case WRITE_PERSIST -> {
                                boolean sent = qp.execute(WorkRequest.writeImm(block, r.address(offset), r.rkey(), (int) (offset / 64))).ok();
                                Received done = qp.awaitReceive();
                                qp.postReceive(ack, 0, 64);
                                yield sent && done.ok();
                            }
                            case WRITE_REPLICAS -> {
                                MemoryRegion br = regions.get(backup);
                                long first = qp.post(WorkRequest.write(block, r.address(offset), r.rkey()));
                                boolean second = toBackup.requester().execute(WorkRequest.write(block, br.address(offset), br.rkey())).ok();
                                yield qp.await(first).ok() && second;
                            }
                        };
                        if (!ok) {
                            return;
                        }
                        if (node.clock().nowNanos() <= durationNs) { // only what completed inside the window
                            bytes[client] += (long) BLOCK * (op == Op.WRITE_REPLICAS ? 2 : 1);
                        }
                    }
                });
            }
            f.run();
        }
        long total = 0;
        for (long x : bytes) {
            total += x;
        }
        return new Point("11", servers, op, op == Op.WRITE_REPLICAS ? 2 : 1, total / (durationNs / 1e9));
    }

    /** The receiver of iRDMA's remote persistence: persists what each WRITE_WITH_IMM placed, then answers with an 8-byte WRITE_WITH_IMM. */
    private static void persistingReceiver(Node server, QueuePair responder, MemoryRegion segment, MemoryRegion clientAck, String name) {
        MemoryRegion rq = server.register(MemoryKind.DRAM, name + "-rq", 64);
        LocalMemory pm = server.local(segment);
        server.spawnDaemon(name, () -> {
            responder.postReceive(rq, 0, 64);
            MemorySegment word = MemorySegment.ofArray(new long[1]);
            while (true) {
                Received r = responder.awaitReceive();
                if (!r.ok()) {
                    return;
                }
                responder.postReceive(rq, 0, 64);
                pm.persist((long) r.immediate() * 64, r.byteLength());
                if (!responder.execute(WorkRequest.writeImm(word, clientAck.address(0), clientAck.rkey(), 0)).ok()) {
                    return;
                }
            }
        });
    }

    /**
     * Fig. 17: 12 clients run 95% GET / 5% PUT of 64-byte objects on pDSM over 6 PM servers; {@code killAtNs} after the
     * bootstrap (time 0 of the bins) one server's process is killed. Returns the completed operations per bin of {@code binNs}.
     */
    public static long[] fig17(long seed, long durationNs, long killAtNs, long binNs, long probeNs) {
        int servers = 6;
        int objects = 96;
        SimFabric.Builder b = SimFabric.builder().seed(seed).cost(CostModel.thdpmsTestbed());
        for (int n = 0; n < servers + 1 + CLIENTS; n++) {
            b.node(CONFIG);
        }
        long[] bins = new long[(int) (durationNs / binNs)];
        PdsmConfig config = new PdsmConfig(3, 256 * 1024, 256, 4096, 64, 1, 8, probeNs, 2, 10_000, Plant.NONE);
        try (SimFabric f = b.build()) {
            List<Integer> serverNodes = new ArrayList<>();
            for (int s = 0; s < servers; s++) {
                serverNodes.add(s);
            }
            List<Integer> clientNodes = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                clientNodes.add(servers + 1 + c);
            }
            PdsmCluster cluster = PdsmCluster.deploy(f, serverNodes, servers, clientNodes, config, seed, false);
            // Time 0 of the figure is the end of the bootstrap (six configuration broadcasts, each rebuilding a server's
            // allocators, take about 1.5 ms here): before, the kill came before any client had started.
            long[] zero = {-1};
            f.node(servers).spawn("operator", () -> {
                cluster.awaitReady(f.node(servers));
                zero[0] = f.node(servers).clock().nowNanos();
                f.node(servers).clock().sleepNanos(killAtNs);
                f.processCrash(servers - 1); // paper §5.4 kills one PM server's process
            });
            for (int c = 0; c < CLIENTS; c++) {
                PdsmClient client = cluster.clients.get(c);
                Node node = f.node(clientNodes.get(c));
                SplittableRandom random = new SplittableRandom(seed * 31 + c);
                node.spawn("load-" + c, () -> {
                    byte[] value = new byte[64];
                    PdsmCluster.pollUntil(() -> zero[0] >= 0, node.clock(), () -> 1_000);
                    long end = zero[0] + durationNs;
                    while (node.clock().nowNanos() < end) {
                        ObjectId id = ObjectId.ofKey(random.nextInt(objects));
                        boolean ok = random.nextInt(100) < 95 ? client.get(id) != null : client.put(id, value);
                        long t = node.clock().nowNanos() - zero[0];
                        if (ok && t < durationNs) {
                            bins[(int) (t / binNs)]++;
                        }
                    }
                });
            }
            f.run();
        }
        return bins;
    }
}
