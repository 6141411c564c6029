package io.rdasuite.hwreal.remote;

import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.workload.Ycsb;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * YCSB (paper 000 §5, paper 001 §7) against stores served by other processes, in wall-clock time: each client
 * thread connects to every server, records are spread over the servers by number (record {@code r} lives on
 * server {@code r mod n}), the clients load their share of the records, wait for each other, then each runs its
 * operations. Throughput is all operations over the slowest client's run time.
 */
public final class RemoteYcsb {
    /** What to run: the YCSB workload, sizes and seed (key and value sizes are the servers'). */
    public record Spec(Ycsb.Workload workload, Ycsb.Distribution distribution, int records, int opsPerClient,
                       int clients, long seed) {
    }

    /**
     * A run's outcome; {@code timeline} holds, for each client's operations (every {@code timelineEvery}-th), its
     * start in nanoseconds after the measured phase began, its latency in nanoseconds and 1 for a read, 0 for an update:
     * the report's latency and rate over time.
     */
    public record Result(KvProtocol protocol, KvShape shape, long meanLatencyNs, long throughputOpsPerSecond, long failedReads, long operations,
                         List<String> failureSamples, long p50LatencyNs, long p99LatencyNs, List<long[]> timeline, int timelineEvery) {
    }

    /** Operations kept per client for the timeline at most; past it, every k-th. */
    private static final int TIMELINE_PER_CLIENT = 20_000;

    private RemoteYcsb() {
    }

    public static Result run(RemoteTransport transport, List<InetSocketAddress> servers, Spec spec) throws IOException {
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("no servers given");
        }
        List<List<RemoteStoreClient>> clients = new ArrayList<>();
        KvProtocol protocol = null;
        KvShape shape = null;
        try {
            for (int c = 0; c < spec.clients(); c++) {
                List<RemoteStoreClient> perServer = new ArrayList<>();
                for (int s = 0; s < servers.size(); s++) {
                    RemoteStoreClient rc = RemoteStoreClient.attach(transport, servers.get(s), "ycsb-" + System.nanoTime() + "-" + c + "-" + s);
                    if (protocol != null && (rc.protocol() != protocol || !rc.shape().equals(shape))) {
                        throw new IOException("the servers run different stores: " + protocol.cliName() + " and " + rc.protocol().cliName()
                                + " (or other key/value sizes)");
                    }
                    protocol = rc.protocol();
                    shape = rc.shape();
                    perServer.add(rc);
                }
                clients.add(perServer);
            }
            return measure(protocol, shape, clients, spec);
        } finally {
            clients.forEach(l -> l.forEach(RemoteStoreClient::close));
        }
    }

    private static Result measure(KvProtocol protocol, KvShape shape, List<List<RemoteStoreClient>> clients, Spec spec) throws IOException {
        int n = clients.size();
        CyclicBarrier loaded = new CyclicBarrier(n);
        long[] latency = new long[n];
        org.HdrHistogram.Histogram[] latencies = new org.HdrHistogram.Histogram[n];
        java.util.Arrays.setAll(latencies, c -> new org.HdrHistogram.Histogram(3));
        long[] runNanos = new long[n];
        int every = Math.max(1, (spec.opsPerClient() + TIMELINE_PER_CLIENT - 1) / TIMELINE_PER_CLIENT);
        long[][] timeline = new long[n][];
        long[] origin = new long[1];
        AtomicLong failedReads = new AtomicLong();
        List<String> samples = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            int client = c;
            threads.add(Thread.ofPlatform().name("ycsb-client-" + c).start(() -> {
                try {
                    List<RemoteStoreClient> stores = clients.get(client);
                    for (int r = client; r < spec.records(); r += n) {
                        route(stores, r).put(Ycsb.key(r, shape), Ycsb.value(r, 0, shape));
                    }
                    if (loaded.await() == 0) {
                        origin[0] = System.nanoTime(); // the measured phase's start, for the timeline (read after the second barrier)
                    }
                    loaded.await();
                    long[] mine = new long[3 * ((spec.opsPerClient() + every - 1) / every)];
                    timeline[client] = mine;
                    Ycsb ops = new Ycsb(spec.workload(), spec.distribution(), spec.records(), spec.seed() * 31 + client);
                    long start = System.nanoTime();
                    for (int i = 0; i < spec.opsPerClient(); i++) {
                        Ycsb.Operation op = ops.next();
                        KvClient kv = route(stores, op.record());
                        long t = System.nanoTime();
                        if (op.read()) {
                            try {
                                if (kv.get(Ycsb.key(op.record(), shape)) == null) {
                                    failed(failedReads, samples, "client " + client + " op " + i + ": record " + op.record() + " absent");
                                }
                            } catch (KvClient.KvReadException e) {
                                failed(failedReads, samples, "client " + client + " op " + i + ": record " + op.record() + ": " + e.getMessage());
                            }
                        } else {
                            kv.put(Ycsb.key(op.record(), shape), Ycsb.value(op.record(), i + 1, shape));
                        }
                        long took = System.nanoTime() - t;
                        latency[client] += took;
                        latencies[client].recordValue(took);
                        if (i % every == 0) {
                            int k = 3 * (i / every);
                            mine[k] = t - origin[0];
                            mine[k + 1] = took;
                            mine[k + 2] = op.read() ? 1 : 0;
                        }
                    }
                    runNanos[client] = System.nanoTime() - start;
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    loaded.reset();
                }
            }));
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
        if (failure.get() != null) {
            throw new IOException("a YCSB client failed: " + failure.get(), failure.get());
        }
        long ops = (long) n * spec.opsPerClient();
        long slowest = 1;
        long totalLatency = 0;
        org.HdrHistogram.Histogram all = new org.HdrHistogram.Histogram(3);
        for (int c = 0; c < n; c++) {
            all.add(latencies[c]);
            slowest = Math.max(slowest, runNanos[c]);
            totalLatency += latency[c];
        }
        List<long[]> points = new ArrayList<>();
        for (long[] mine : timeline) {
            for (int k = 0; mine != null && k + 2 < mine.length; k += 3) {
                points.add(new long[] {mine[k], mine[k + 1], mine[k + 2]});
            }
        }
        points.sort(java.util.Comparator.comparingLong(p -> p[0]));
        return new Result(protocol, shape, totalLatency / ops, ops * 1_000_000_000L / slowest, failedReads.get(), ops, List.copyOf(samples),
                all.getValueAtPercentile(50), all.getValueAtPercentile(99), List.copyOf(points), every);
    }

    private static void failed(AtomicLong count, List<String> samples, String what) {
        if (count.incrementAndGet() <= 5) {
            samples.add(what);
        }
    }

    private static KvClient route(List<RemoteStoreClient> stores, int record) {
        return stores.get(record % stores.size()).kv();
    }
}
