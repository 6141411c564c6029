package io.rdasuite.stress;

import io.rdasuite.hwreal.loopback.LoopbackFabric;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocols;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Store operations per second on the loopback fabric (issue 6): Erda and eFactory get and put of 1 KB values
 * over 1,000 keys, one client node per JMH thread (run with {@code -t 1} and {@code -t 2}), beside a
 * {@link ConcurrentHashMap} doing the same as the in-memory physical limit. `ci/jmh.sh` runs them.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--sun-misc-unsafe-memory-access=allow", "--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED",
        "-Xms2g", "-Xmx2g"}) // a fixed heap: growing it made the first iterations of the map 20x slower
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class LoopbackStoreBenchmarks {
    static final KvShape SHAPE = new KvShape(16, 1024);
    static final int KEYS = 1_000;
    static final int MAX_THREADS = 4;

    /** The keys, made once: the timed loops only pick one (formatting a key cost ≈345 ns of a ≈1.4 µs get). */
    static final byte[][] KEY_BYTES = new byte[KEYS][];
    /** The same keys for the map, built from the same bytes (hashed on every lookup, as the stores hash theirs). */
    static final java.nio.ByteBuffer[] MAP_KEYS = new java.nio.ByteBuffer[KEYS];

    static {
        for (int k = 0; k < KEYS; k++) {
            KEY_BYTES[k] = String.format("bench-key-%06d", k).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            MAP_KEYS[k] = java.nio.ByteBuffer.wrap(KEY_BYTES[k]);
        }
    }

    static byte[] key(int k) {
        return KEY_BYTES[k];
    }

    /** One store on a loopback fabric with a client node per possible thread, loaded with every key. */
    @State(Scope.Benchmark)
    public static class Store {
        @Param({"erda", "efactory"})
        public String protocol;

        LoopbackFabric fabric;
        List<KvClient> clients;
        final ConcurrentHashMap<java.nio.ByteBuffer, byte[]> map = new ConcurrentHashMap<>();

        @Setup(Level.Trial)
        public void start() {
            ServerConfig config = ServerConfig.parse("MHP+DDIO+DRAM-RQWRB");
            LoopbackFabric.Builder b = LoopbackFabric.builder().node(config);
            for (int c = 0; c < MAX_THREADS; c++) {
                b.node(config);
            }
            fabric = b.build();
            clients = KvProtocols.parse(protocol).deploy(fabric, SHAPE, MAX_THREADS, false, KEYS).clients();
            fabric.node(1).spawn("load", () -> {
                for (int k = 0; k < KEYS; k++) {
                    clients.getFirst().put(key(k), new byte[SHAPE.valueBytes()]);
                    map.put(MAP_KEYS[k], new byte[SHAPE.valueBytes()]);
                }
            });
            fabric.join();
        }

        @TearDown(Level.Trial)
        public void stop() {
            fabric.close();
        }
    }

    /** A thread's own client, keys and value. */
    @State(Scope.Thread)
    public static class Client {
        KvClient kv;
        SplittableRandom random;
        final byte[] value = new byte[SHAPE.valueBytes()];

        @Setup(Level.Trial)
        public void pick(Store store, ThreadParams thread) {
            if (thread.getThreadIndex() >= MAX_THREADS) {
                throw new IllegalStateException("at most " + MAX_THREADS + " threads: one client node each");
            }
            kv = store.clients.get(thread.getThreadIndex());
            random = new SplittableRandom(thread.getThreadIndex());
        }
    }

    @Benchmark
    public byte[] storeGet(Client c) {
        return c.kv.get(key(c.random.nextInt(KEYS)));
    }

    @Benchmark
    public boolean storePut(Client c) {
        return c.kv.put(key(c.random.nextInt(KEYS)), c.value);
    }

    /**
     * The physical-limit anchor: the same 16-byte keys (hashed per lookup) and 1 KB values in a ConcurrentHashMap. Its
     * get returns the stored array; a store's get returns a copy it read (and checked), so the anchor copies too.
     */
    @Benchmark
    public byte[] concurrentHashMapGet(Store s, Client c) {
        return s.map.get(MAP_KEYS[c.random.nextInt(KEYS)]).clone();
    }

    @Benchmark
    public byte[] concurrentHashMapPut(Store s, Client c) {
        return s.map.put(MAP_KEYS[c.random.nextInt(KEYS)], c.value.clone());
    }
}
