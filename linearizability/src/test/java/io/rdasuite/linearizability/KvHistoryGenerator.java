package io.rdasuite.linearizability;

import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.EventType;
import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.History;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Generates linearizable many-client key-value histories: each client runs operations one after another, each
 * over a random interval; every operation takes effect at a random point inside its interval, applied to a
 * sequential map in that order, which gives the results. Every put and cas writes a fresh value. A few
 * operations time out ({@code info}): they took effect or not, and their process is retired (Jepsen's rule).
 */
public final class KvHistoryGenerator {
    /** One generated operation: its interval, its effect point, and the events it will produce. */
    public static final class GenOp {
        public final int process;
        public final Fn f;
        public final long key;
        public Object value;
        public Object result;
        public EventType completion = EventType.OK;
        public final long callNanos;
        public final long linNanos;
        public final long returnNanos;

        GenOp(int process, Fn f, long key, long call, long lin, long ret) {
            this.process = process;
            this.f = f;
            this.key = key;
            this.callNanos = call;
            this.linNanos = lin;
            this.returnNanos = ret;
        }
    }

    private final List<GenOp> ops = new ArrayList<>();

    public KvHistoryGenerator(long seed, int clients, int opsPerClient, int keys, double infoRate) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long nextValue = 1;
        for (int c = 0; c < clients; c++) {
            long t = rnd.nextLong(1_000);
            int process = c;
            for (int i = 0; i < opsPerClient; i++) {
                long call = t + 1 + rnd.nextLong(200);
                long lin = call + 1 + rnd.nextLong(1_000);
                long ret = lin + 1 + rnd.nextLong(1_000);
                int pick = rnd.nextInt(100);
                Fn f = pick < 50 ? Fn.READ : pick < 85 ? Fn.WRITE : pick < 93 ? Fn.CAS : Fn.DELETE;
                GenOp op = new GenOp(process, f, rnd.nextLong(keys), call, lin, ret);
                if (f == Fn.WRITE) {
                    op.value = nextValue++;
                }
                if (rnd.nextDouble() < infoRate) {
                    op.completion = EventType.INFO;
                    process += clients; // a timed-out process is never reused
                }
                ops.add(op);
                t = ret;
            }
        }
        List<GenOp> byEffect = new ArrayList<>(ops);
        byEffect.sort(Comparator.comparingLong((GenOp o) -> o.linNanos).thenComparingLong(o -> o.callNanos));
        Map<Long, Object> map = new HashMap<>();
        for (GenOp op : byEffect) {
            Object current = map.get(op.key);
            boolean applies = op.completion == EventType.OK || rnd.nextBoolean();
            switch (op.f) {
                case READ -> op.result = current;
                case WRITE -> {
                    if (applies) {
                        map.put(op.key, op.value);
                    }
                }
                case CAS -> {
                    Object expected = rnd.nextInt(3) > 0 ? current : (Object) (-1L);
                    op.value = java.util.Arrays.asList(expected, nextValue++);
                    if (expected != null && expected.equals(current) || expected == null && current == null) {
                        if (applies) {
                            map.put(op.key, ((List<?>) op.value).get(1));
                        }
                    } else if (op.completion == EventType.OK) {
                        op.completion = EventType.FAIL; // the comparison failed: it did not take effect
                    }
                }
                case DELETE -> {
                    if (applies) {
                        map.remove(op.key);
                    }
                }
                default -> throw new IllegalStateException();
            }
        }
    }

    public List<GenOp> operations() {
        return ops;
    }

    /** The history: invokes and completions ordered by time (completions first on a tie). */
    public History history() {
        record Timed(long time, int order, Event event) {
        }
        List<Timed> timed = new ArrayList<>();
        for (GenOp op : ops) {
            timed.add(new Timed(op.callNanos, 1, Event.invoke(op.process, op.f, op.key, op.value, op.callNanos)));
            Object v = op.f == Fn.READ ? op.result : op.value;
            Object completionValue = op.completion == EventType.OK ? v : op.f == Fn.READ ? null : op.value;
            timed.add(new Timed(op.returnNanos, 0,
                    new Event(op.completion, op.process, op.f, op.key, completionValue, op.returnNanos, null)));
        }
        timed.sort(Comparator.comparingLong(Timed::time).thenComparingInt(Timed::order));
        return History.of(timed.stream().map(Timed::event).toList());
    }
}
