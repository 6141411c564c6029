package io.rdasuite.cli.report;

import io.rdasuite.linearizability.history.CrashPoint;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A recorded history's operations over wall-clock time, for Jepsen's latency and rate plots: each completed operation
 * a point (call time, latency) by outcome, completions per time bucket, and the fault windows (around each crash: from
 * the last completion before it to the first completion of an operation called after it, the span the service gave no
 * answer; the acceptance campaign records the crash only when it verifies, so the kill fell somewhere in that span). Only histories whose times are wall-clock nanoseconds have plots: the
 * acceptance campaign's ({@code rda check --fabric tcp}) and real-backend recordings, not EDN files without times.
 */
public final class HistoryPlots {
    /** Points drawn at most per outcome; past it, every k-th operation (the rate plot still counts them all). */
    private static final int MAX_POINTS = 4000;

    private HistoryPlots() {
    }

    /**
     * The plot data of {@code h} (a JSON object: {@code ops} as [seconds since the first call, latency ms, outcome],
     * {@code rate} as [bucket start s, completions/s], {@code windows} as [from s, to s, label]), or null when its times
     * are not a clock (absent, or equal to the event index).
     */
    public static Map<String, Object> of(History h) {
        List<Operation> ops = h.operations();
        long origin = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        boolean clock = false;
        for (Operation op : ops) {
            if (op.callTimeNanos() > 0 && op.callTimeNanos() != op.callIndex()) {
                clock = true;
            }
            origin = Math.min(origin, op.callTimeNanos());
            if (!op.open() && op.returnTimeNanos() != Long.MAX_VALUE) {
                end = Math.max(end, op.returnTimeNanos());
            }
        }
        if (!clock || ops.size() < 2 || end <= origin) {
            return null;
        }
        int completed = (int) ops.stream().filter(o -> !o.open()).count();
        int every = Math.max(1, completed / MAX_POINTS);
        List<List<Object>> points = new ArrayList<>();
        TreeMap<Long, Integer> perBucket = new TreeMap<>();
        long span = end - origin;
        long bucket = Math.max(1_000_000L, span / 100); // about 100 buckets, at least 1 ms each
        int seen = 0;
        for (Operation op : ops) {
            if (op.open() || op.returnTimeNanos() == Long.MAX_VALUE) {
                continue;
            }
            perBucket.merge((op.returnTimeNanos() - origin) / bucket, 1, Integer::sum);
            if (seen++ % every == 0) {
                points.add(List.of((op.callTimeNanos() - origin) / 1e9, (op.returnTimeNanos() - op.callTimeNanos()) / 1e6, outcome(op.status())));
            }
        }
        List<List<Double>> rate = new ArrayList<>();
        for (long b = 0; b <= span / bucket; b++) {
            rate.add(List.of(b * bucket / 1e9, perBucket.getOrDefault(b, 0) / (bucket / 1e9)));
        }
        List<List<Object>> windows = new ArrayList<>();
        for (CrashPoint c : h.crashes()) { // the service was down from its last answer before the crash to its first after
            long from = origin;
            long to = end;
            for (Operation op : ops) {
                if (op.open() || op.returnTimeNanos() == Long.MAX_VALUE) {
                    continue;
                }
                if (op.returnTimeNanos() <= c.timeNanos()) {
                    from = Math.max(from, op.returnTimeNanos());
                } else if (op.callTimeNanos() >= c.timeNanos() && op.status() == Status.OK) {
                    to = Math.min(to, op.returnTimeNanos());
                }
            }
            windows.add(List.of((from - origin) / 1e9, (Math.max(from, to) - origin) / 1e9, "crash" + (c.node() == null ? "" : " " + c.node())));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ops", points);
        out.put("pointsEvery", every);
        out.put("rate", rate);
        out.put("bucketSeconds", bucket / 1e9);
        out.put("windows", windows);
        return out;
    }

    /**
     * The plot data of a benchmark's operations measured against real servers: {@code points} as [start ns after the
     * measured phase began, latency ns, 1 read / 0 update], every {@code every}-th operation of each client; no fault
     * windows (a benchmark injects none).
     */
    public static Map<String, Object> ofSamples(List<long[]> points, int every) {
        if (points.size() < 2) {
            return null;
        }
        long end = 0;
        for (long[] p : points) {
            end = Math.max(end, p[0] + p[1]);
        }
        int stride = Math.max(1, points.size() / MAX_POINTS);
        long bucket = Math.max(1_000_000L, end / 100);
        TreeMap<Long, Integer> perBucket = new TreeMap<>();
        List<List<Object>> drawn = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            long[] p = points.get(i);
            perBucket.merge((p[0] + p[1]) / bucket, every, Integer::sum); // each kept point stands for `every` operations
            if (i % stride == 0) {
                drawn.add(List.of(p[0] / 1e9, p[1] / 1e6, p[2] == 1 ? "read" : "update"));
            }
        }
        List<List<Double>> rate = new ArrayList<>();
        for (long b = 0; b <= end / bucket; b++) {
            rate.add(List.of(b * bucket / 1e9, perBucket.getOrDefault(b, 0) / (bucket / 1e9)));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ops", drawn);
        out.put("pointsEvery", every * stride);
        out.put("rate", rate);
        out.put("bucketSeconds", bucket / 1e9);
        out.put("windows", List.of());
        return out;
    }

    private static String outcome(Status s) {
        return switch (s) {
            case OK -> "ok";
            case FAIL -> "fail";
            default -> "info";
        };
    }
}
