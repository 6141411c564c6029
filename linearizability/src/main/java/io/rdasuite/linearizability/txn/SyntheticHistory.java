package io.rdasuite.linearizability.txn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generated list-append histories of the shape Elle's tests record (EDN, one map per line), for benchmarks and the
 * start-up cache's training run: concurrent processes run transactions of one to four appends and reads over a few
 * keys at a time (a key is retired after {@value #WRITES_PER_KEY} appends, as Elle's generator retires keys), and some
 * transactions fail or end unknown. Each transaction takes effect at its invocation, in invocation order, so the
 * history is strict serializable; with {@code staleRead}, one late read returns its key without its last append,
 * made by a transaction that completed before the reader began: a G-single-item-realtime, serializable still, as
 * Elle's {@code huge-scc.edn} is. Seeded: the same arguments give the same text.
 */
public final class SyntheticHistory {
    private static final int PROCESSES = 10;
    private static final int ACTIVE_KEYS = 8;
    private static final int WRITES_PER_KEY = 64;

    private SyntheticHistory() {
    }

    /** A history of {@code transactions} transactions as EDN lines. */
    public static String edn(int transactions, long seed, boolean staleRead) {
        return new Generator(seed, transactions, staleRead).run();
    }

    private static final class Generator {
        private final Random random;
        private final int transactions;
        private final int staleAt;
        private final StringBuilder out = new StringBuilder();
        private final Map<Integer, List<Integer>> lists = new HashMap<>();
        private final Map<Integer, Integer> lastWriter = new HashMap<>(); // key -> the transaction of its last append
        private final int[] active = new int[ACTIVE_KEYS];
        private int nextKey;
        private int index;
        private int completed;
        /** In flight, per process: {transaction number, outcome 0 ok / 1 fail / 2 info}; its ops; its results. */
        private final int[][] running = new int[PROCESSES][];
        private final List<List<Object[]>> invoked = new ArrayList<>();
        private final List<List<Object[]>> results = new ArrayList<>();
        private boolean staleDone;

        Generator(long seed, int transactions, boolean staleRead) {
            this.random = new Random(seed);
            this.transactions = transactions;
            this.staleAt = staleRead ? transactions * 9 / 10 : -1;
            for (int i = 0; i < ACTIVE_KEYS; i++) {
                active[i] = nextKey++;
            }
        }

        String run() {
            int started = 0;
            while (completed < transactions) {
                int idle = idleProcess();
                boolean invoke = started < transactions && idle >= 0 && (inFlight() == 0 || random.nextInt(3) > 0);
                if (invoke) {
                    start(idle, started++);
                } else {
                    finishOne();
                }
            }
            return out.toString();
        }

        private int inFlight() {
            int n = 0;
            for (int[] r : running) {
                n += r == null ? 0 : 1;
            }
            return n;
        }

        private int idleProcess() {
            int from = random.nextInt(PROCESSES);
            for (int i = 0; i < PROCESSES; i++) {
                int p = (from + i) % PROCESSES;
                if (running[p] == null) {
                    return p;
                }
            }
            return -1;
        }

        /** Invokes a transaction and applies it at once (unless it is to fail), recording what its reads saw. */
        private void start(int process, int txn) {
            int outcome = random.nextInt(10) == 0 ? 1 : random.nextInt(40) == 0 ? 2 : 0;
            List<Object[]> ops = new ArrayList<>();
            List<Object[]> seen = new ArrayList<>();
            int size = 1 + random.nextInt(4);
            Integer stale = staleAt >= 0 && txn >= staleAt && !staleDone ? staleKey() : null;
            if (stale != null) { // a read-only transaction that misses its key's last append, made before it began
                List<Integer> shown = lists.get(stale).stream().filter(v -> v > 0).toList();
                ops.add(new Object[] {"r", stale, null});
                seen.add(new Object[] {"r", stale, List.copyOf(shown.subList(0, shown.size() - 1))});
                outcome = 0;
                size = 0;
                staleDone = true;
            }
            for (int i = 0; i < size; i++) {
                int slot = random.nextInt(ACTIVE_KEYS);
                int key = active[slot];
                List<Integer> list = lists.computeIfAbsent(key, k -> new ArrayList<>());
                if (random.nextBoolean()) {
                    int value = list.size() + 1;
                    ops.add(new Object[] {"append", key, value});
                    seen.add(new Object[] {"append", key, value});
                    if (outcome != 1) {
                        list.add(value);
                        lastWriter.put(key, txn);
                        if (list.size() >= WRITES_PER_KEY) {
                            active[slot] = nextKey++;
                        }
                    } else {
                        list.add(-value); // a failed append leaves a hole no read shows, and its value is never reused
                    }
                } else {
                    ops.add(new Object[] {"r", key, null});
                    seen.add(new Object[] {"r", key, list.stream().filter(v -> v > 0).toList()});
                }
            }
            running[process] = new int[] {txn, outcome};
            invoked.add(ops);
            results.add(seen);
            line("invoke", process, ops);
        }

        /** An active key of two or more elements whose last append was made by a transaction that has completed. */
        private Integer staleKey() {
            for (int key : active) {
                Integer w = lastWriter.get(key);
                if (w == null) {
                    continue;
                }
                boolean done = true;
                for (int[] r : running) {
                    done &= r == null || r[0] != w;
                }
                if (done && lists.get(key).stream().filter(v -> v > 0).count() > 1) {
                    return key;
                }
            }
            return null;
        }

        private void finishOne() {
            int from = random.nextInt(PROCESSES);
            for (int i = 0; i < PROCESSES; i++) {
                int p = (from + i) % PROCESSES;
                if (running[p] != null) {
                    int txn = running[p][0];
                    int outcome = running[p][1];
                    running[p] = null;
                    completed++;
                    switch (outcome) {
                        case 0 -> line("ok", p, results.get(txn));
                        case 1 -> line("fail", p, invoked.get(txn));
                        default -> line("info", p, invoked.get(txn));
                    }
                    return;
                }
            }
        }

        private void line(String type, int process, List<Object[]> ops) {
            out.append("{:type :").append(type).append(", :f :txn, :value [");
            for (int i = 0; i < ops.size(); i++) {
                Object[] op = ops.get(i);
                out.append(i == 0 ? "[:" : " [:").append(op[0]).append(' ').append(op[1]).append(' ');
                if (op[2] instanceof List<?> l) {
                    out.append(l.isEmpty() ? "nil" : "[");
                    for (int j = 0; j < l.size(); j++) {
                        out.append(j == 0 ? "" : " ").append(l.get(j));
                    }
                    out.append(l.isEmpty() ? "" : "]");
                } else {
                    out.append(op[2] == null ? "nil" : op[2]);
                }
                out.append(']');
            }
            out.append("], :process ").append(process).append(", :index ").append(index++).append("}\n");
        }
    }
}
