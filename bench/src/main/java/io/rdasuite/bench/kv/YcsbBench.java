package io.rdasuite.bench.kv;

import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.workload.Ycsb;
import java.util.List;

/**
 * YCSB on the simulator (paper 000 §5.2–5.4): load every record, then each client runs its operations back to
 * back. Figures are virtual time, so they are deterministic for a seed.
 */
public final class YcsbBench {
    /**
     * @param workload     A, B, C or update-only
     * @param distribution Zipf(0.99) or uniform
     * @param shape        key and value sizes
     * @param clients      client nodes, one thread each
     * @param records      records loaded before measuring
     * @param opsPerClient measured operations per client
     * @param cost         the cost profile
     * @param config       the server configuration
     * @param seed         drives the simulation and the workload
     */
    public record Spec(Ycsb.Workload workload, Ycsb.Distribution distribution, KvShape shape, int clients, int records, int opsPerClient,
                       CostModel cost, ServerConfig config, long seed) {
    }

    /**
     * @param meanLatencyNs          mean operation latency
     * @param throughputOpsPerSecond operations per simulated second, all clients together
     * @param serverCpuNsPerOp       server CPU time per operation
     * @param failedReads            reads that found no intact version (Erda under contention on a hot key)
     * @param p50LatencyNs           median operation latency (HdrHistogram, 3 significant digits)
     * @param p99LatencyNs           99th-percentile operation latency
     */
    public record Result(KvProtocol protocol, long meanLatencyNs, long throughputOpsPerSecond, long serverCpuNsPerOp, long failedReads,
                         long p50LatencyNs, long p99LatencyNs) {
    }

    private YcsbBench() {
    }

    public static Result run(KvProtocol protocol, Spec spec) {
        SimFabric.Builder b = SimFabric.builder().seed(spec.seed()).cost(spec.cost()).node(spec.config()).maxEvents(Long.MAX_VALUE);
        for (int c = 0; c < spec.clients(); c++) {
            b.node(spec.config());
        }
        long[] latency = new long[spec.clients()];
        long[] finished = new long[spec.clients()];
        long[] failed = new long[spec.clients()];
        org.HdrHistogram.Histogram latencies = new org.HdrHistogram.Histogram(3); // actors run one at a time
        try (SimFabric fabric = b.build()) {
            List<KvClient> clients = protocol.deployPaperLayout(fabric, spec.shape(), spec.clients(), spec.records(),
                    spec.records() + spec.clients() * spec.opsPerClient() + 64).clients();
            fabric.node(1).spawn("ycsb-load", () -> {
                for (int r = 0; r < spec.records(); r++) {
                    clients.getFirst().put(Ycsb.key(r, spec.shape()), Ycsb.value(r, 0, spec.shape()));
                }
            });
            fabric.run();
            long start = fabric.engine().now();
            long cpuBefore = fabric.accounting().cpuNanos(0);
            for (int c = 0; c < spec.clients(); c++) {
                int client = c;
                Ycsb ycsb = new Ycsb(spec.workload(), spec.distribution(), spec.records(), spec.seed() * 1_000_003L + c);
                fabric.node(c + 1).spawn("ycsb-" + c, () -> {
                    KvClient kv = clients.get(client);
                    for (int i = 0; i < spec.opsPerClient(); i++) {
                        Ycsb.Operation op = ycsb.next();
                        long t0 = fabric.engine().now();
                        byte[] key = Ycsb.key(op.record(), spec.shape());
                        if (op.read()) {
                            try {
                                kv.get(key);
                            } catch (KvClient.KvReadException e) {
                                failed[client]++;
                            }
                        } else {
                            kv.put(key, Ycsb.value(op.record(), i + 1, spec.shape()));
                        }
                        long took = fabric.engine().now() - t0;
                        latency[client] += took;
                        latencies.recordValue(took);
                    }
                    finished[client] = fabric.engine().now();
                });
            }
            fabric.run();
            long ops = (long) spec.clients() * spec.opsPerClient();
            long end = 0;
            long total = 0;
            for (int c = 0; c < spec.clients(); c++) {
                end = Math.max(end, finished[c]);
                total += latency[c];
            }
            long cpu = fabric.accounting().cpuNanos(0) - cpuBefore;
            return new Result(protocol, total / ops, Math.round(ops / ((end - start) / 1e9)), cpu / ops, java.util.Arrays.stream(failed).sum(),
                    latencies.getValueAtPercentile(50), latencies.getValueAtPercentile(99));
        }
    }
}
