package io.rdasuite.hwreal.remote;

import io.rdasuite.hwreal.crash.WorkloadValues;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.protocol.KvProtocol;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The acceptance check on a live cluster (issue 6): a write phase in which clients put self-checking values
 * (key, sequence, CRC32C; {@link WorkloadValues}) under increasing sequence numbers and read them back, recording
 * every operation in a {@link HistoryLog}, until their operations are done or the server goes away (it may be
 * killed meanwhile); and a verify phase, after the server restarted and recovered, that reads every key and
 * checks what survives: no torn or foreign value, and no key older than its last acknowledged put (a killed
 * server process keeps its PM, so every store must keep its acknowledged puts). A {@link #campaign} runs both phases
 * in one process, again and again, while the server is killed and restarted under it.
 */
public final class RemoteCheck {
    /** How a write phase ended. */
    public record Written(KvProtocol protocol, long acknowledged, long unknown, boolean serverLost) {
    }

    /** What the verify phase found; no problems means every claim held. */
    public record Verified(KvProtocol protocol, int keys, List<String> problems) {
    }

    /** How a campaign ended: the crashes it saw and verified, its puts, and the first verify's problems (none: PASS). */
    public record Campaign(KvProtocol protocol, int crashes, long acknowledged, long unknown, List<String> problems) {
    }

    private RemoteCheck() {
    }

    static String keyName(int k) {
        return new String(WorkloadValues.key(k));
    }

    /**
     * Runs {@code clients} writers on their own {@code keysPerClient} keys each for {@code ops} operations
     * (one get in four), appending to {@code history}; stops a writer at its first failed operation.
     */
    public static Written write(RemoteTransport transport, InetSocketAddress server, int clients, int keysPerClient, int ops, long seed,
                                Path history) throws IOException {
        return write(transport, server, clients, keysPerClient, ops, seed, history, () -> false, nextProcess(history));
    }

    /**
     * As above, its writers numbered from process {@code base}; each writer also stops, between two operations, once
     * {@code stop} says so (looked at every 64 operations).
     */
    private static Written write(RemoteTransport transport, InetSocketAddress server, int clients, int keysPerClient, int ops, long seed,
                                 Path history, java.util.function.BooleanSupplier stop, int base) throws IOException {
        List<RemoteStoreClient> attached = new ArrayList<>();
        AtomicLong acked = new AtomicLong();
        AtomicLong unknown = new AtomicLong();
        AtomicBoolean lost = new AtomicBoolean();
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        try (HistoryLog log = new HistoryLog(history)) {
            for (int c = 0; c < clients; c++) {
                attached.add(RemoteStoreClient.attach(transport, server, "check-" + base + "-" + c));
            }
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                threads.add(Thread.ofPlatform().name("check-writer-" + c).uncaughtExceptionHandler((t, e) -> failure.compareAndSet(null, e))
                        .start(() -> {
                    RemoteStoreClient rc = attached.get(client);
                    int process = base + client;
                    SplittableRandom random = new SplittableRandom(seed * 1_000_003 + process);
                    long[] next = new long[keysPerClient];
                    for (int i = 0; i < keysPerClient; i++) { // resume above what the store holds
                        Long seq = get(rc, log, process, client * keysPerClient + i);
                        if (failed(seq)) {
                            lost.set(true);
                            return;
                        }
                        next[i] = (seq == null ? 0 : Math.max(seq, 0)) + 1;
                    }
                    for (int op = 0; op < ops; op++) {
                        if ((op & 63) == 63 && stop.getAsBoolean()) {
                            return;
                        }
                        int i = random.nextInt(keysPerClient);
                        int k = client * keysPerClient + i;
                        if (random.nextInt(4) == 0) {
                            if (failed(get(rc, log, process, k))) {
                                lost.set(true);
                                return;
                            }
                            continue;
                        }
                        long seq = next[i]++;
                        log.op("invoke", process, "put", keyName(k), seq);
                        boolean ok;
                        try {
                            ok = rc.kv().put(WorkloadValues.key(k), WorkloadValues.value(k, seq, rc.shape()));
                        } catch (RuntimeException e) {
                            ok = false;
                        }
                        if (ok) {
                            log.op("ok", process, "put", keyName(k), seq);
                            acked.incrementAndGet();
                        } else {
                            log.op("info", process, "put", keyName(k), seq); // it may or may not have taken effect
                            unknown.incrementAndGet();
                            lost.set(true);
                            return;
                        }
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new IOException("a writer failed: " + failure.get(), failure.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            attached.forEach(RemoteStoreClient::close);
        }
        return new Written(attached.getFirst().protocol(), acked.get(), unknown.get(), lost.get());
    }

    private static boolean failed(Long seq) {
        return seq != null && seq == Long.MIN_VALUE;
    }

    /** One logged get: the sequence read, null when absent, -1 for a torn value, Long.MIN_VALUE when it failed. */
    private static Long get(RemoteStoreClient rc, HistoryLog log, int process, int k) {
        log.op("invoke", process, "get", keyName(k), null);
        try {
            byte[] v = rc.kv().get(WorkloadValues.key(k));
            Long seq = v == null ? null : WorkloadValues.sequence(k, v, rc.shape());
            log.op("ok", process, "get", keyName(k), seq);
            return seq;
        } catch (RuntimeException e) {
            log.op("fail", process, "get", keyName(k), null);
            return Long.MIN_VALUE;
        }
    }

    /**
     * After the server restarted (waiting up to {@code waitMillis} for it to accept), reads every key the history
     * wrote and checks it against the acknowledged puts; with {@code afterCrash}, first records the crash and
     * recovery in the history.
     */
    public static Verified verify(RemoteTransport transport, InetSocketAddress server, Path history, long waitMillis, boolean afterCrash)
            throws IOException {
        if (!Files.exists(history)) {
            throw new IOException("no history at " + history + ": run the write phase first");
        }
        Map<String, Long> acked = acknowledgedSequences(history);
        if (acked.isEmpty()) {
            throw new IOException(history + " records no put: nothing to verify");
        }
        RemoteStoreClient rc = attachWaiting(transport, server, waitMillis);
        try {
            return verify(rc, history, acked, afterCrash, nextProcess(history));
        } finally {
            rc.close();
        }
    }

    private static Verified verify(RemoteStoreClient rc, Path history, Map<String, Long> acked, boolean afterCrash, int process)
            throws IOException {
        List<String> problems = new ArrayList<>();
        try (HistoryLog log = new HistoryLog(history)) {
            if (afterCrash) {
                log.system("crash");
                log.system("recovery");
            }
            for (Map.Entry<String, Long> e : acked.entrySet()) {
                int k = Integer.parseInt(e.getKey().substring(e.getKey().lastIndexOf('-') + 1));
                Long seq = get(rc, log, process, k);
                long last = e.getValue();
                if (seq == null) {
                    if (last > 0) {
                        problems.add(e.getKey() + " is gone; its put " + last + " was acknowledged");
                    }
                } else if (failed(seq)) {
                    problems.add(e.getKey() + " cannot be read");
                } else if (seq < 0) {
                    problems.add(e.getKey() + " holds a torn or foreign value");
                } else if (seq < last) {
                    problems.add(e.getKey() + " is at sequence " + seq + ", older than its acknowledged put " + last);
                }
            }
        }
        return new Verified(rc.protocol(), acked.size(), problems);
    }

    /**
     * The kill campaign's client (issue 29, item 4) in one process: a write phase until the server goes away, then, once
     * it accepts again, the verify phase (the crash and recovery recorded), and the next write phase, until {@code until}
     * exists or a verify finds a problem. Every server loss must be a crash: a put that fails while the server still
     * accepts at once is a problem too. One line per crash goes to {@code out} (a campaign script waits for it).
     */
    public static Campaign campaign(RemoteTransport transport, InetSocketAddress server, int clients, int keysPerClient, long seed, Path history,
                                    Path until, long waitMillis, java.util.function.Consumer<String> out) throws IOException {
        long acknowledged = 0;
        long unknown = 0;
        KvProtocol protocol = null;
        Recorded recorded = new Recorded(history);
        for (int crashes = 0; ; ) {
            Written w = write(transport, server, clients, keysPerClient, Integer.MAX_VALUE, seed + crashes, history, () -> Files.exists(until),
                    recorded.catchUp().nextProcess);
            protocol = w.protocol();
            acknowledged += w.acknowledged();
            unknown += w.unknown();
            if (!w.serverLost()) {
                return new Campaign(protocol, crashes, acknowledged, unknown, List.of());
            }
            RemoteStoreClient rc;
            try {
                rc = RemoteStoreClient.attach(transport, server, "verify-" + crashes);
                rc.close();
                return new Campaign(protocol, crashes, acknowledged, unknown,
                        List.of("a put failed while the server at " + server + " kept accepting (no crash to explain it)"));
            } catch (IOException | RuntimeException expected) {
                rc = attachWaiting(transport, server, waitMillis); // it went away: a crash; wait for the restart
            }
            crashes++;
            Verified v;
            try {
                Recorded now = recorded.catchUp();
                v = verify(rc, history, now.acked, true, now.nextProcess);
            } finally {
                rc.close();
            }
            out.accept(String.format("crash %d: the server went away after %d acknowledged puts in all; back, %d keys read back: %s", crashes,
                    acknowledged, v.keys(), v.problems().isEmpty() ? "PASS" : "FAIL"));
            if (!v.problems().isEmpty()) {
                return new Campaign(protocol, crashes, acknowledged, unknown, v.problems());
            }
        }
    }

    /** Per key of the history, its last acknowledged put's sequence (0 for a key only ever invoked). */
    private static Map<String, Long> acknowledgedSequences(Path history) throws IOException {
        Map<String, Long> acked = new TreeMap<>();
        HistoryLog.read(history).forEach(e -> acknowledge(acked, e));
        return acked;
    }

    private static void acknowledge(Map<String, Long> acked, HistoryLog.Event e) {
        if (e.type().equals("ok") && "put".equals(e.f())) {
            acked.merge(e.key(), e.value(), Math::max);
        } else if (e.type().equals("invoke") && "put".equals(e.f())) {
            acked.putIfAbsent(e.key(), 0L);
        }
    }

    /**
     * What a campaign's history holds so far, read once: each phase reads only the lines appended since the last (a
     * whole re-read per phase made a long campaign's cycles grow with its history, hundreds of megabytes).
     */
    private static final class Recorded {
        private final Path history;
        private long readTo;
        final Map<String, Long> acked = new TreeMap<>();
        int nextProcess;

        Recorded(Path history) {
            this.history = history;
        }

        /** Reads the lines appended since the last call (no phase writes meanwhile). */
        Recorded catchUp() throws IOException {
            if (!Files.exists(history)) {
                return this;
            }
            long size = Files.size(history);
            for (HistoryLog.Event e : HistoryLog.readFrom(history, readTo)) {
                acknowledge(acked, e);
                nextProcess = Math.max(nextProcess, e.process() + 1);
            }
            readTo = size;
            return this;
        }
    }

    private static RemoteStoreClient attachWaiting(RemoteTransport transport, InetSocketAddress server, long waitMillis) throws IOException {
        long deadline = System.nanoTime() + waitMillis * 1_000_000;
        for (int attempt = 0; ; attempt++) {
            try {
                return RemoteStoreClient.attach(transport, server, "verify-" + System.nanoTime());
            } catch (IOException | RuntimeException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("the server at " + server + " did not accept within " + waitMillis + " ms: " + e.getMessage(), e);
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", ie);
                }
            }
        }
    }

    private static int nextProcess(Path history) throws IOException {
        if (!Files.exists(history)) {
            return 0;
        }
        return HistoryLog.read(history).stream().mapToInt(HistoryLog.Event::process).max().orElse(-1) + 1;
    }
}
