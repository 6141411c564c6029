package io.rdasuite.cli;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.bench.thdpms.ThdpmsStoreBench;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code rda bench thdpms}'s Figs. 12, 13–14 and 16 (paper 002 §5.2–§5.3): the measured points as {@code results} rows
 * and the paper's claims as agrees/differs lines, judged by ratios (the simulator's absolute rates are not the testbed's).
 */
final class ThdpmsStoreFigures {
    static final long FIG12_NS = 1_000_000;
    static final long FIG13_NS = 2_000_000;
    static final long FIG15_NS = 2_000_000;
    static final long FIG16_NS = 1_000_000;

    private ThdpmsStoreFigures() {
    }

    /** The smallest server count compared: 2 when measured (one server has no backup, so its writes are cheaper). */
    private static int low(java.util.NavigableMap<Integer, ?> t) {
        Integer two = t.ceilingKey(2);
        return two != null && two < t.lastKey() ? two : t.firstKey();
    }

    private static String label(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static void fig12(List<Integer> servers, long seed, List<Map<String, Object>> results, List<PaperClaim> claims) {
        TreeMap<Integer, Map<ThdpmsStoreBench.TxnWorkload, Double>> t = new TreeMap<>();
        for (int s : servers) {
            for (ThdpmsStoreBench.TxnWorkload w : ThdpmsStoreBench.TxnWorkload.values()) {
                ThdpmsStoreBench.TxnPoint p = ThdpmsStoreBench.fig12(s, w, seed, FIG12_NS);
                t.computeIfAbsent(s, k -> new TreeMap<>()).put(w, p.txnsPerSecond());
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("figure", "12");
                r.put("servers", s);
                r.put("op", label(w));
                r.put("opsPerSecond", Math.round(p.txnsPerSecond()));
                r.put("abortFraction", Math.round(p.abortFraction() * 1000) / 1000.0);
                results.add(r);
            }
        }
        int lo = low(t);
        int hi = t.lastKey();
        var top = t.get(hi);
        claims.add(ThdpmsBenchCommand.claimLine("Fig. 12: read-only transactions have the highest throughput", "read-only / 25%-write uniform at " + hi
                + " servers", top.get(ThdpmsStoreBench.TxnWorkload.READ_ONLY) / top.get(ThdpmsStoreBench.TxnWorkload.WRITE_25_UNIFORM), 1.0, 100));
        if (hi > lo) {
            double uniform = top.get(ThdpmsStoreBench.TxnWorkload.WRITE_25_UNIFORM) / t.get(lo).get(ThdpmsStoreBench.TxnWorkload.WRITE_25_UNIFORM);
            double zipf = top.get(ThdpmsStoreBench.TxnWorkload.WRITE_25_ZIPF) / t.get(lo).get(ThdpmsStoreBench.TxnWorkload.WRITE_25_ZIPF);
            claims.add(ThdpmsBenchCommand.claimLine("Fig. 12: 25%-write uniform scales (near-linearly) with servers", "uniform(" + hi + ")/uniform(" + lo
                    + ") / (" + hi + "/" + lo + ")", 1.0, uniform / ((double) hi / lo), 0.6, 1.3));
            claims.add(ThdpmsBenchCommand.claimLine("Fig. 12: Zipf 0.99 scales worse than uniform (aborts)", "zipf scaling / uniform scaling", zipf / uniform,
                    0, 0.9));
        }
    }

    static void fig13and14(List<Integer> servers, long seed, List<Map<String, Object>> results, List<PaperClaim> claims) {
        TreeMap<Integer, Map<ThdpmsStoreBench.FsOpKind, Double>> t = new TreeMap<>();
        for (int s : servers) {
            for (ThdpmsStoreBench.FsOpKind op : ThdpmsStoreBench.FsOpKind.values()) {
                ThdpmsStoreBench.FsPoint p = ThdpmsStoreBench.fig13(s, op, seed, FIG13_NS);
                t.computeIfAbsent(s, k -> new TreeMap<>()).put(op, p.perSecond());
                Map<String, Object> r = new LinkedHashMap<>();
                boolean data = op == ThdpmsStoreBench.FsOpKind.WRITE || op == ThdpmsStoreBench.FsOpKind.READ;
                r.put("figure", data ? "14" : "13");
                r.put("servers", s);
                r.put("op", label(op));
                r.put(data ? "bytesPerSecond" : "opsPerSecond", Math.round(p.perSecond()));
                results.add(r);
            }
        }
        int lo = low(t);
        int hi = t.lastKey();
        if (hi > lo) {
            double n = (double) hi / lo;
            for (ThdpmsStoreBench.FsOpKind op : List.of(ThdpmsStoreBench.FsOpKind.CREAT, ThdpmsStoreBench.FsOpKind.STAT)) {
                claims.add(ThdpmsBenchCommand.claimLine("Fig. 13: " + label(op) + " scales with servers (file metadata servers)", label(op) + "(" + hi + ")/"
                        + label(op) + "(" + lo + ")", t.get(hi).get(op) / t.get(lo).get(op), Math.min(2, n * 0.5), 100));
            }
            claims.add(ThdpmsBenchCommand.claimLine("Fig. 13: mkdir stays flat (one directory server)", "mkdir(" + hi + ")/mkdir(" + lo + ")",
                    1.0, t.get(hi).get(ThdpmsStoreBench.FsOpKind.MKDIR) / t.get(lo).get(ThdpmsStoreBench.FsOpKind.MKDIR), 0.7, 1.4));
            claims.add(ThdpmsBenchCommand.claimLine("Fig. 14: read bandwidth scales with servers", "read(" + hi + ")/read(" + lo + ")",
                    t.get(hi).get(ThdpmsStoreBench.FsOpKind.READ) / t.get(lo).get(ThdpmsStoreBench.FsOpKind.READ), Math.min(2, n * 0.5), 100));
        }
        claims.add(ThdpmsBenchCommand.claimLine("Fig. 14: write bandwidth well below read", "write/read at " + hi + " servers",
                t.get(hi).get(ThdpmsStoreBench.FsOpKind.WRITE) / t.get(hi).get(ThdpmsStoreBench.FsOpKind.READ), 0, 0.7));
    }

    /**
     * Fig. 15's filebench personalities on pDFS (issue 32, item 5), result rows only: the paper's claim is pDFS against
     * memGlusterFS and NVFS, which the model does not have.
     */
    static void fig15(List<Integer> servers, long seed, List<Map<String, Object>> results) {
        for (int s : servers) {
            for (ThdpmsStoreBench.Personality p : ThdpmsStoreBench.Personality.values()) {
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("figure", "15");
                r.put("servers", s);
                r.put("op", label(p));
                r.put("opsPerSecond", Math.round(ThdpmsStoreBench.fig15(s, p, seed, FIG15_NS).opsPerSecond()));
                results.add(r);
            }
        }
    }

    static void fig16(List<Integer> servers, long seed, List<Map<String, Object>> results, List<PaperClaim> claims) {
        int hi = servers.stream().mapToInt(Integer::intValue).max().orElse(1);
        TreeMap<String, Double> at = new TreeMap<>();
        for (int s : servers) {
            for (ThdpmsStoreBench.KvSystem sys : ThdpmsStoreBench.KvSystem.values()) {
                for (int get : new int[] {95, 50}) {
                    ThdpmsStoreBench.KvPoint p = ThdpmsStoreBench.fig16(s, sys, get, seed, FIG16_NS);
                    if (s == hi) {
                        at.put(sys + "/" + get, p.opsPerSecond());
                    }
                    Map<String, Object> r = new LinkedHashMap<>();
                    r.put("figure", "16");
                    r.put("servers", s);
                    r.put("op", label(sys) + " " + get + "% get");
                    r.put("opsPerSecond", Math.round(p.opsPerSecond()));
                    results.add(r);
                }
            }
        }
        double read = at.get("PDKVS/95") / at.get("PMEMKV_MODEL/95");
        double write = at.get("PDKVS/50") / at.get("PMEMKV_MODEL/50");
        claims.add(ThdpmsBenchCommand.claimLine("Fig. 16: pDKVS ≈ 1.7× pmemkv at 95% GET (model baseline)", "pdkvs/pmemkv-model, 95% get, " + hi + " servers",
                1.7, read, 1.3, 2.2));
        claims.add(ThdpmsBenchCommand.claimLine("Fig. 16: pDKVS ≈ 2.9× pmemkv at 50% GET (model baseline)", "pdkvs/pmemkv-model, 50% get, " + hi + " servers",
                2.9, write, 2.2, 3.8));
        claims.add(ThdpmsBenchCommand.claimLine("Fig. 16: the gap is larger when write-heavy", "(50% gap)/(95% gap)", write / read, 1.05, 10));
    }
}
