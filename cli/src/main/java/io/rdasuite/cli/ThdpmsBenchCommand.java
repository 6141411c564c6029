package io.rdasuite.cli;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.bench.thdpms.ThdpmsBench;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code rda bench thdpms}: paper 002 §5 (Figs. 11 and 17) on the simulator, as ratios beside the paper's claims. */
@Command(name = "thdpms", mixinStandardHelpOptions = true,
        description = {"pDSM bandwidth over 1..6 PM servers (Fig. 11: read, write, persisting write, replicated write; 12 clients,",
                "64 KB blocks) and pDSM's throughput while one of 6 PM servers is killed (Fig. 17), on the 'thdpms-testbed' cost",
                "profile (two 100 Gb/s NICs per server as one 200 Gb/s port). Time is scaled: Fig. 17's probes and bins are",
                "0.1 ms instead of 1 ms."})
final class ThdpmsBenchCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    ReportOption report;

    @Spec
    CommandSpec spec;

    @Option(names = "--servers", split = ",", defaultValue = "1,2,3,4,5,6", description = "PM servers for Fig. 11, 1..6 (default: ${DEFAULT-VALUE}).")
    List<Integer> servers;

    @Option(names = "--store-servers", split = ",", defaultValue = "2,6",
            description = "PM servers for Figs. 12, 13-15 and 16 (transactions, pDFS, pDKVS), 1..6 (default: ${DEFAULT-VALUE}; each point is a"
                    + " whole cluster run).")
    List<Integer> storeServers;

    @Option(names = "--figure", defaultValue = "all", description = "11, 12, 13 (with 14), 15 (filebench personalities on pDFS), 16, 17 or all (default: ${DEFAULT-VALUE}).")
    String figure;

    static final long FIG11_NS = 200_000;
    static final long FIG17_NS = 4_000_000;
    static final long FIG17_KILL_NS = 1_500_000;
    static final long FIG17_BIN_NS = 100_000;

    @Override
    public Integer call() {
        if (!List.of("11", "12", "13", "14", "15", "16", "17", "all").contains(figure)) {
            throw new ParameterException(spec.commandLine(), "--figure: unknown '" + figure + "'; valid: 11, 12, 13, 14, 15, 16, 17, all");
        }
        for (int s : servers) {
            if (s < 1 || s > 6) {
                throw new ParameterException(spec.commandLine(), "--servers: " + s + " is outside 1..6");
            }
        }
        for (int s : storeServers) {
            if (s < 1 || s > 6) {
                throw new ParameterException(spec.commandLine(), "--store-servers: " + s + " is outside 1..6");
            }
        }
        Figures measured = measure(figure, servers, storeServers, common.seed);
        List<Map<String, Object>> results = measured.results();
        List<PaperClaim> claims = measured.claims();
        List<Long> timeline = measured.fig17BinsOps();
        PrintWriter out = spec.commandLine().getOut();
        if (common.json || report.wanted()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "bench thdpms");
            doc.put("seed", common.seed);
            doc.put("results", results);
            doc.put("fig17BinsOps", timeline);
            doc.put("claims", claims.stream().map(ThdpmsBenchCommand::claimRow).toList());
            if (common.json) {
                out.println(Json.write(doc));
            }
            report.write(spec, doc);
        }
        if (!common.json) {
            out.println("paper 002 §5 on the simulator (thdpms-testbed; 12 clients):");
            out.printf("  %-6s %-8s %-26s %8s %14s%n", "FIG", "SERVERS", "OP", "REPLICAS", "PER SECOND");
            for (Map<String, Object> r : results) {
                Object rate = r.containsKey("bytesPerSecond") ? String.format("%.2f GB", ((Long) r.get("bytesPerSecond")) / 1e9)
                        : String.format("%,d", (Long) r.get("opsPerSecond"));
                out.printf("  %-6s %-8s %-26s %8s %14s%n", r.get("figure"), r.get("servers"), r.get("op"), r.getOrDefault("replicas", ""), rate);
            }
            if (timeline != null) {
                out.println("Fig. 17: completed operations per 0.1 ms, server 5 killed at 1.5 ms: " + timeline);
            }
            for (PaperClaim c : claims) {
                out.printf("  %-8s %s: measured %s = %.2f%n", c.verdict(), c.claim(), c.measure(), Math.round(c.measured() * 1000) / 1000.0);
            }
        }
        out.flush();
        return 0;
    }

    /**
     * What {@code rda bench thdpms} prints: result rows, the paper's claims and Fig. 17's bins (null unless measured).
     *
     * @param results       one row per point: figure, servers, op, replicas (Fig. 11), bytesPerSecond or opsPerSecond
     * @param claims        the paper's claims beside the model's ratios
     * @param fig17BinsOps  Fig. 17's operations per bin, or null
     */
    record Figures(List<Map<String, Object>> results, List<PaperClaim> claims, List<Long> fig17BinsOps) {
    }

    /** Runs {@code figure} (11, 12, 13, 14, 16, 17 or all) with Fig. 11 on {@code servers} and Figs. 12-16 on {@code storeServers}. */
    static Figures measure(String figure, List<Integer> servers, List<Integer> storeServers, long seed) {
        List<Map<String, Object>> results = new ArrayList<>();
        List<PaperClaim> claims = new ArrayList<>();
        Map<Integer, Map<ThdpmsBench.Op, Double>> bw = new java.util.TreeMap<>();
        if (figure.equals("11") || figure.equals("all")) {
            for (int s : servers) {
                for (ThdpmsBench.Op op : ThdpmsBench.Op.values()) {
                    if (op == ThdpmsBench.Op.WRITE_REPLICAS && s == 1) {
                        continue; // a backup needs a second server
                    }
                    ThdpmsBench.Point p = ThdpmsBench.fig11(s, op, seed, FIG11_NS);
                    bw.computeIfAbsent(s, k -> new java.util.TreeMap<>()).put(op, p.bytesPerSecond());
                    Map<String, Object> r = new LinkedHashMap<>();
                    r.put("figure", "11");
                    r.put("servers", s);
                    r.put("op", op.name().toLowerCase(Locale.ROOT).replace('_', '-'));
                    r.put("replicas", p.replicas());
                    r.put("bytesPerSecond", Math.round(p.bytesPerSecond()));
                    results.add(r);
                }
            }
            int lo = servers.stream().mapToInt(Integer::intValue).min().orElse(1);
            int hi = servers.stream().mapToInt(Integer::intValue).max().orElse(1);
            Map<ThdpmsBench.Op, Double> top = bw.get(hi);
            if (hi > lo) {
                double scale = top.get(ThdpmsBench.Op.READ) / bw.get(lo).get(ThdpmsBench.Op.READ) / ((double) hi / lo);
                claims.add(claimLine("Fig. 11: read bandwidth scales linearly with servers", "read(" + hi + ")/read(" + lo + ") per server", 1.0, scale, 0.8, 1.2));
            }
            claims.add(claimLine("Fig. 11: read ≈ write without persisting (network-bound)", "write/read at " + hi + " servers",
                    1.0, top.get(ThdpmsBench.Op.WRITE) / top.get(ThdpmsBench.Op.READ), 0.8, 1.25));
            // against READ, the network-bound figure (the paper: read ≈ write without persisting); see the write/read line
            claims.add(claimLine("Fig. 11: persisting write ≈ ½ of read / write without persisting", "persist/read at " + hi + " servers",
                    0.5, top.get(ThdpmsBench.Op.WRITE_PERSIST) / top.get(ThdpmsBench.Op.READ), 0.35, 0.65));
            if (top.containsKey(ThdpmsBench.Op.WRITE_REPLICAS)) {
                claims.add(claimLine("Fig. 11: replicated write ≈ ½ of read / write without persisting (2× bytes)", "replicas/read at " + hi + " servers",
                        0.5, top.get(ThdpmsBench.Op.WRITE_REPLICAS) / 2 / top.get(ThdpmsBench.Op.READ), 0.35, 0.65));
            }
        }
        List<Long> timeline = null;
        if (List.of("12", "all").contains(figure)) {
            ThdpmsStoreFigures.fig12(storeServers, seed, results, claims);
        }
        if (List.of("13", "14", "all").contains(figure)) {
            ThdpmsStoreFigures.fig13and14(storeServers, seed, results, claims);
        }
        if (List.of("15", "all").contains(figure)) {
            ThdpmsStoreFigures.fig15(storeServers, seed, results);
        }
        if (List.of("16", "all").contains(figure)) {
            ThdpmsStoreFigures.fig16(storeServers, seed, results, claims);
        }
        if (List.of("17", "all").contains(figure)) {
            long[] bins = ThdpmsBench.fig17(seed, FIG17_NS, FIG17_KILL_NS, FIG17_BIN_NS, FIG17_BIN_NS);
            timeline = new ArrayList<>();
            for (long x : bins) {
                timeline.add(x);
            }
            int killBin = (int) (FIG17_KILL_NS / FIG17_BIN_NS);
            double before = average(bins, killBin - 3, killBin);
            double after = average(bins, bins.length - 10, bins.length);
            int back = killBin;
            while (back < bins.length && bins[back] < before / 3) {
                back++;
            }
            int outage = back - killBin;
            claims.add(claimLine("Fig. 17: service back within tens of probe periods", "bins (probe periods) to recover", outage, 0, 30));
            claims.add(claimLine("Fig. 17: throughput after ≈ 5/6 of before (one of six servers gone)", "after/before", 5.0 / 6, after / before, 0.7, 0.95));
        }
        return new Figures(results, claims, timeline);
    }

    /** A claim of paper 002 §5 whose text starts with its figure ("Fig. 12: ..."); the paper gives no figure for it. */
    static PaperClaim claimLine(String claim, String measure, double value, double lo, double hi) {
        return claimLine(claim, measure, Double.NaN, value, lo, hi);
    }

    /** A claim of paper 002 §5 with the paper's own figure {@code paper} for the measured ratio. */
    static PaperClaim claimLine(String claim, String measure, double paper, double value, double lo, double hi) {
        return new PaperClaim("paper 002 " + claim.substring(0, claim.indexOf(':')), claim, measure, paper, value, lo, hi);
    }

    private static double average(long[] bins, int from, int to) {
        double sum = 0;
        int n = 0;
        for (int i = Math.max(0, from); i < Math.min(bins.length, to); i++) {
            sum += bins[i];
            n++;
        }
        return n == 0 ? 0 : sum / n;
    }

    /** The JSON row of a claim, as {@code rda bench thdpms --json} has always written it. */
    private static Map<String, Object> claimRow(PaperClaim claim) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("claim", claim.claim());
        c.put("measure", claim.measure());
        c.put("value", Math.round(claim.measured() * 1000) / 1000.0);
        c.put("verdict", claim.verdict());
        return c;
    }
}
