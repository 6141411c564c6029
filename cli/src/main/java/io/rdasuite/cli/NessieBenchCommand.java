package io.rdasuite.cli;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.bench.nessie.NessieBench;
import io.rdasuite.bench.nessie.NessieClaims;
import io.rdasuite.store.nessie.NessieMode;
import io.rdasuite.store.nessie.NessieOptimization;
import io.rdasuite.store.workload.Ycsb;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code rda bench nessie}: paper 004 §6 (Figs. 4-13, Table 1) on the simulator. */
@Command(name = "nessie", mixinStandardHelpOptions = true,
        description = {"Goodput and mean GET/PUT latency of Nessie, NessieSD and NessieHY (paper 004 §6, simulated), beside the paper's claims.",
                "Scaled down from the paper's 15 nodes x 12 cores: 4 nodes of 4 simulated cores by default (one worker per core:",
                "Nessie 4 clients, NessieSD/NessieHY 3 clients + 1 polling server thread per node), so that a figure's runs finish in",
                "well under a minute on 2 host cores; 1/4 instead of 1/15 of the keys are local to a node.",
                "Background processes are the simulator's CPU hogs on every node: they share the node's 4 cores (processor sharing)."})
final class NessieBenchCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    ReportOption report;

    @Spec
    CommandSpec spec;

    @Option(names = "--protocols", split = ",", defaultValue = "nessie,nessie-sd,nessie-hy",
            description = "Protocols (default: ${DEFAULT-VALUE}); valid: nessie, nessie-sd, nessie-hy.")
    List<String> protocols;

    @Option(names = "--nodes", defaultValue = "4", description = "Nodes, each a client and a storage node, 2..64 (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--value-sizes", split = ",", defaultValue = "2048,8192,16384,131072", description = "Value bytes (default: ${DEFAULT-VALUE}).")
    List<Integer> valueSizes;

    @Option(names = "--get-fraction", defaultValue = "0.5", description = "Share of GETs, the rest PUTs (default: ${DEFAULT-VALUE}).")
    double getFraction;

    @Option(names = "--distribution", defaultValue = "uniform", description = "uniform or zipf (Zipf 0.99) (default: ${DEFAULT-VALUE}).")
    String distribution;

    @Option(names = "--background", split = ",", defaultValue = "0", description = "Background processes per node, e.g. 0,2,4,8 (default: ${DEFAULT-VALUE}).")
    List<Integer> background;

    @Option(names = "--ops", defaultValue = "100", description = "Measured operations per client thread (default: ${DEFAULT-VALUE}).")
    int ops;

    @Option(names = "--keys", defaultValue = "96", description = "Keys loaded before measuring (default: ${DEFAULT-VALUE}).")
    int keys;

    @Option(names = "--optimizations", defaultValue = "all",
            description = "Nessie's optimizations: all, none, or a comma list of filter, cache, previous-versions, multiple-reads (default: ${DEFAULT-VALUE}).")
    String optimizations;

    @Option(names = "--profile", defaultValue = "nessie-testbed",
            description = "Cost profile: nessie-testbed (paper 004's 10 GbE ConnectX-3) or default (100 Gb/s links); also erda-testbed,"
                    + " efactory-testbed (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--hog-slice-us", defaultValue = "3000",
            description = "How background processes share a node's cores: time slices of this many µs (Linux's 3 ms by default), 0 = processor"
                    + " sharing (default: ${DEFAULT-VALUE}).")
    long hogSliceUs;

    @Option(names = "--workers", defaultValue = "4",
            description = "Worker threads per node, one per core, 2..12: Nessie's all clients, NessieSD's/NessieHY's one polling server and the"
                    + " rest clients (default: ${DEFAULT-VALUE}).")
    int workers;

    @Option(names = "--ladder", description = "Fig. 13: run nessie once per cumulative step (basic, +filter, +cache, +previous-versions, +multiple-reads)"
            + " instead of once with --optimizations.")
    boolean ladder;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        List<NessieMode> modes = new ArrayList<>();
        for (String p : protocols) {
            try {
                modes.add(NessieMode.parse(p));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, e.getMessage());
            }
        }
        Ycsb.Distribution dist = switch (distribution.trim().toLowerCase(Locale.ROOT)) {
            case "uniform" -> Ycsb.Distribution.UNIFORM;
            case "zipf" -> Ycsb.Distribution.ZIPF;
            default -> throw new CommandLine.ParameterException(cl, "unknown distribution '" + distribution + "'; valid: uniform, zipf");
        };
        Set<NessieOptimization> chosen;
        try {
            chosen = NessieOptimization.parse(optimizations);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
        List<NessieBench.Result> results = new ArrayList<>();
        try {
            for (int size : valueSizes) {
                for (int bg : background) {
                    for (NessieMode m : modes) {
                        List<Set<NessieOptimization>> variants = m != NessieMode.NESSIE ? List.of(NessieOptimization.all())
                                : ladder ? NessieOptimization.ladder() : List.of(chosen);
                        for (Set<NessieOptimization> on : variants) {
                            results.add(NessieBench.run(new NessieBench.Spec(m, nodes, size, getFraction, dist, bg, ops, keys, common.seed, on, profile, hogSliceUs * 1000, workers)));
                        }
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
        List<PaperClaim> claims = NessieClaims.evaluate(results);
        PrintWriter out = cl.getOut();
        if (common.json || report.wanted()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (NessieBench.Result r : results) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("protocol", r.spec().mode().cliName());
                m.put("valueSize", r.spec().valueSize());
                m.put("getFraction", r.spec().getFraction());
                m.put("distribution", r.spec().distribution().name().toLowerCase(Locale.ROOT));
                m.put("backgroundProcesses", r.spec().background());
                m.put("optimizations", r.spec().mode() == NessieMode.NESSIE ? NessieOptimization.label(r.spec().optimizations()) : "n/a");
                m.put("goodputBytesPerSecond", Math.round(r.goodputBytesPerSecond()));
                m.put("meanGetLatencyNs", r.meanGetLatencyNs());
                m.put("meanPutLatencyNs", r.meanPutLatencyNs());
                m.put("p99GetLatencyNs", r.p99GetLatencyNs());
                m.put("p99PutLatencyNs", r.p99PutLatencyNs());
                m.put("getVerbsPerOp", r.getVerbsPerOp());
                m.put("getBytesPerOp", r.getBytesPerOp());
                m.put("putVerbsPerOp", r.putVerbsPerOp());
                m.put("putBytesPerOp", r.putBytesPerOp());
                m.put("retries", r.retries());
                rows.add(m);
            }
            List<Map<String, Object>> c = new ArrayList<>();
            for (PaperClaim x : claims) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("paper", x.claim());
                m.put("model", x.measure());
                m.put("agrees", x.agrees());
                c.add(m);
            }
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "bench nessie");
            doc.put("seed", common.seed);
            doc.put("nodes", nodes);
            doc.put("profile", profile);
            doc.put("hogSliceUs", hogSliceUs);
            doc.put("workersPerNode", workers);
            doc.put("results", rows);
            doc.put("paperClaims", c);
            if (common.json) {
                out.println(Json.write(doc));
            }
            report.write(spec, doc);
        }
        if (!common.json) {
            out.printf("Nessie family on %d simulated nodes of %d workers (%s profile), %.0f%% GETs, %s keys, %d keys, %d ops per client, 128-byte keys (virtual time)%n",
                    nodes, workers, profile, 100 * getFraction, distribution, keys, ops);
            out.printf("%-10s %-28s %8s %4s %14s %12s %12s %10s %11s %10s %11s%n", "PROTOCOL", "OPTIMIZATIONS", "VALUE", "BG", "GOODPUT MB/s", "GET LAT us", "PUT LAT us",
                    "GET verbs", "GET bytes", "PUT verbs", "PUT bytes");
            for (NessieBench.Result r : results) {
                out.printf("%-10s %-28s %8d %4d %14.1f %12.2f %12.2f %10.2f %11.0f %10.2f %11.0f%n", r.spec().mode().cliName(),
                        r.spec().mode() == NessieMode.NESSIE ? NessieOptimization.label(r.spec().optimizations()) : "-", r.spec().valueSize(),
                        r.spec().background(), r.goodputBytesPerSecond() / 1e6, r.meanGetLatencyNs() / 1e3, r.meanPutLatencyNs() / 1e3,
                        r.getVerbsPerOp(), r.getBytesPerOp(), r.putVerbsPerOp(), r.putBytesPerOp());
            }
            if (!claims.isEmpty()) {
                out.println("\nPaper 004's claims (§6) against the model:");
                for (PaperClaim x : claims) {
                    out.printf("  [%s] %s%n           model: %s%n", x.agrees() ? "agrees" : "DIFFERS", x.claim(), x.measure());
                }
            }
        }
        out.flush();
        return 0;
    }
}
