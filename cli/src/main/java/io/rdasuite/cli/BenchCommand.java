package io.rdasuite.cli;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.bench.kv.EfactoryClaims;
import io.rdasuite.bench.kv.ErdaClaims;
import io.rdasuite.bench.kv.YcsbBench;
import io.rdasuite.bench.taxonomy.RemoteLogBench;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.UpdateKind;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.workload.Ycsb;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rda bench}: simulated measurements of the papers' benchmarks. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Simulated benchmarks beside the papers' figures.",
        subcommands = {BenchCommand.RemoteLog.class, BenchCommand.YcsbCommand.class, ScaleCommand.class, NessieBenchCommand.class,
                ThdpmsBenchCommand.class, FidelityCommand.class})
final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code rda bench remotelog}: paper 003 §4.3–4.4, Fig. 2. */
    @Command(name = "remotelog", mixinStandardHelpOptions = true,
            description = "Mean REMOTELOG append latency per configuration x recipe (paper 003 Fig. 2), beside the paper's claims.")
    static final class RemoteLog implements Callable<Integer> {
        @Mixin
        CommonOptions common;

        @Mixin
        ReportOption report;

        @Spec
        CommandSpec spec;

        @Option(names = "--appends", defaultValue = "200", description = "Appends measured per cell (default: ${DEFAULT-VALUE}).")
        int appends;

        @Override
        public Integer call() {
            List<RemoteLogBench.Measurement> all = new ArrayList<>();
            for (Cells.Cell c : Cells.select(null, null, null, null, new Cells.Shard(0, 1))) {
                all.add(RemoteLogBench.measure(c.config(), c.transport(), c.update(), c.op(), appends, common.seed));
            }
            List<PaperClaim> claims = RemoteLogBench.claims(all);
            PrintWriter out = spec.commandLine().getOut();
            if (common.json || report.wanted()) {
                List<Map<String, Object>> rows = new ArrayList<>();
                for (RemoteLogBench.Measurement m : all) {
                    Map<String, Object> r = new LinkedHashMap<>();
                    r.put("config", m.config().name());
                    r.put("transport", m.transport().name());
                    r.put("update", m.update().label());
                    r.put("op", m.op().name());
                    r.put("method", m.recipe().method().name());
                    r.put("oneSided", m.recipe().oneSided());
                    r.put("flushes", m.recipe().flushes());
                    r.put("latencyNs", m.latencyNs());
                    rows.add(r);
                }
                List<Map<String, Object>> f = new ArrayList<>();
                for (PaperClaim x : claims) {
                    Map<String, Object> r = new LinkedHashMap<>();
                    r.put("paper", x.claim());
                    r.put("model", x.measure());
                    r.put("agrees", x.agrees());
                    f.add(r);
                }
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("command", "bench remotelog");
                doc.put("seed", common.seed);
                doc.put("results", rows);
                doc.put("paperClaims", f);
                if (common.json) {
                    out.println(Json.write(doc));
                }
                report.write(spec, doc);
            }
            if (!common.json) {
                out.println("REMOTELOG: mean latency (us) of one persistent 64-byte append, paper 003's recipe per cell (simulated)");
                for (UpdateKind u : UpdateKind.values()) {
                    for (Transport t : Transport.values()) {
                        out.printf("%n%s, %s%n%-22s %9s %9s %9s%n", u.label(), t, "CONFIG", "WRITE", "WRITE_IMM", "SEND");
                        for (ServerConfig c : ServerConfig.all()) {
                            out.printf("%-22s", c.name());
                            for (PrimaryOp op : PrimaryOp.values()) {
                                RemoteLogBench.Measurement m = all.stream().filter(x -> x.config().equals(c) && x.transport() == t
                                        && x.update() == u && x.op() == op).findFirst().orElseThrow();
                                out.printf(" %8.2f%s", m.latencyNs() / 1e3, m.recipe().oneSided() ? " " : "m");
                            }
                            out.println();
                        }
                    }
                }
                out.println("\n(m = message passing: the responder's CPU acks)\n\nThe paper's claims (§4.3-4.4) against the model:");
                for (PaperClaim f : claims) {
                    out.printf("  [%s] %s%n         model: %s%n", f.agrees() ? "agrees" : "DIFFERS", f.claim(), f.measure());
                }
            }
            out.flush();
            return 0;
        }
    }

    /** {@code rda bench ycsb}: paper 000 §5.2-5.4 (Erda, Redo Logging, Read After Write) and paper 001 §6.1 (the eFactory family). */
    @Command(name = "ycsb", mixinStandardHelpOptions = true,
            description = "YCSB mean latency, throughput and server CPU per protocol (simulated), beside paper 000's and paper 001's claims.")
    static final class YcsbCommand implements Callable<Integer> {
        @Mixin
        CommonOptions common;

        @Mixin
        ReportOption report;

        @Mixin
        YcsbOptions options;

        @Spec
        CommandSpec spec;

        @Option(names = "--protocols", split = ",", defaultValue = "erda,redo,raw", converter = Converters.Protocol.class,
                description = "Protocols (default: ${DEFAULT-VALUE}); paper 001's: efactory,efactory-nohr,saw,imm,erda,forca.")
        List<KvProtocol> protocols;

        @Option(names = "--workload", defaultValue = "C", description = "A, B, C or update-only (default: ${DEFAULT-VALUE}).")
        String workload;

        @Option(names = "--value-size", defaultValue = "1024", description = "Value bytes, 16..4096 (default: ${DEFAULT-VALUE}).")
        int valueSize;

        @Option(names = "--key-size", defaultValue = "16", description = "Key bytes (default: ${DEFAULT-VALUE}).")
        int keySize;

        @Option(names = "--clients", defaultValue = "8", description = "Client threads, one node each (default: ${DEFAULT-VALUE}).")
        int clients;

        @Mixin
        RemoteOptions remote;

        @Override
        public Integer call() throws java.io.IOException {
            if (remote.remote()) {
                return RemoteBench.ycsb(spec, common, report, options, remote, workload, clients,
                        spec.commandLine().getParseResult().hasMatchedOption("--protocols") ? protocols : null);
            }
            remote.addresses(spec);
            Ycsb.Workload w = YcsbOptions.workload(spec.commandLine(), workload);
            YcsbBench.Spec benchSpec = options.spec(spec.commandLine(), w, keySize, valueSize, clients, common.seed);
            List<YcsbBench.Result> results = new ArrayList<>();
            for (KvProtocol p : protocols) {
                results.add(YcsbBench.run(p, benchSpec));
            }
            List<PaperClaim> claims = EfactoryClaims.forWorkload(w, valueSize, results);
            PrintWriter out = spec.commandLine().getOut();
            if (common.json || report.wanted()) {
                List<Map<String, Object>> rows = new ArrayList<>();
                for (YcsbBench.Result r : results) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("protocol", r.protocol().cliName());
                    m.put("workload", w.name());
                    m.put("valueSize", valueSize);
                    m.put("clients", clients);
                    m.put("meanLatencyNs", r.meanLatencyNs());
                    m.put("p50LatencyNs", r.p50LatencyNs());
                    m.put("p99LatencyNs", r.p99LatencyNs());
                    m.put("throughputOpsPerSecond", r.throughputOpsPerSecond());
                    m.put("serverCpuNsPerOp", r.serverCpuNsPerOp());
                    m.put("failedReads", r.failedReads());
                    rows.add(m);
                }
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("command", "bench ycsb");
                doc.put("seed", common.seed);
                doc.put("profile", options.profile);
                doc.put("results", rows);
                if (!claims.isEmpty()) {
                    doc.put("paperClaims", claimRows(claims));
                }
                if (common.json) {
                    out.println(Json.write(doc));
                }
                if (report.wanted()) { // the report also shows the paper's figures the terminal prints (the JSON as it was)
                    Map<String, Object> withRatios = new LinkedHashMap<>(doc);
                    List<Map<String, Object>> ratios = paperRatios(w, results);
                    if (!ratios.isEmpty()) {
                        withRatios.put("paperRatios", ratios);
                    }
                    report.write(spec, withRatios);
                }
            }
            if (!common.json) {
                out.printf("YCSB-%s, %s keys, %d-byte values, %d clients, %d records, %d ops/client, profile %s%s, %s (simulated)%n", w.name(),
                        options.distribution, valueSize, clients, options.records, options.ops, options.profile,
                        options.cores == null ? "" : " with " + options.cores + " cores", options.config);
                out.printf("%-14s %14s %9s %9s %18s %18s %12s%n", "PROTOCOL", "LATENCY (us)", "p50 (us)", "p99 (us)", "THROUGHPUT (Kop/s)",
                        "SERVER CPU/op (ns)", "FAILED READS");
                for (YcsbBench.Result r : results) {
                    out.printf("%-14s %14.2f %9.2f %9.2f %18.2f %18d %12d%n", r.protocol().cliName(), r.meanLatencyNs() / 1e3, r.p50LatencyNs() / 1e3,
                            r.p99LatencyNs() / 1e3, r.throughputOpsPerSecond() / 1e3,
                            r.serverCpuNsPerOp(), r.failedReads());
                }
                printPaperRatios(out, w, results);
                printClaims(out, claims);
            }
            out.flush();
            return 0;
        }

        /** Paper 000 Fig. 26 and §5.3-5.4 at 1 KB values (latency in us, throughput in Kop/s, Erda vs Redo Logging). */
        private static void printPaperRatios(PrintWriter out, Ycsb.Workload w, List<YcsbBench.Result> results) {
            for (Map<String, Object> r : paperRatios(w, results)) {
                out.printf("%-21s model %s   paper %s%s%n", r.get("what") + ":", r.get("model"), r.get("paper"),
                        r.get("detail").toString().isEmpty() ? "" : " (" + r.get("detail") + ")");
            }
        }

        /** The rows {@link #printPaperRatios} prints: what, the model's figure, the paper's, the paper's numbers. */
        static List<Map<String, Object>> paperRatios(Ycsb.Workload w, List<YcsbBench.Result> results) {
            List<Map<String, Object>> rows = new ArrayList<>();
            var erda = results.stream().filter(r -> r.protocol() == ErdaProtocol.ERDA).findFirst();
            var redo = results.stream().filter(r -> r.protocol() == BaselineProtocol.REDO).findFirst();
            if (erda.isEmpty() || redo.isEmpty()) {
                return rows;
            }
            double[] p = ErdaClaims.paperFigures(w);
            double modelLatency = (double) erda.get().meanLatencyNs() / redo.get().meanLatencyNs();
            rows.add(ratio("Erda/Redo latency", String.format("%.2f", modelLatency), String.format("%.2f", p[0] / p[1]),
                    String.format("%.2f/%.2f us", p[0], p[1])));
            if (p[2] > 0) {
                double modelThroughput = (double) erda.get().throughputOpsPerSecond() / redo.get().throughputOpsPerSecond();
                rows.add(ratio("Erda/Redo throughput", String.format("%.2f", modelThroughput), String.format("%.2f", p[2] / p[3]),
                        String.format("%.2f/%.2f Kop/s", p[2], p[3])));
            }
            if (w == Ycsb.Workload.C) {
                rows.add(ratio("Erda server CPU on YCSB-C", erda.get().serverCpuNsPerOp() + " ns/op", "0", ""));
            }
            return rows;
        }

        private static Map<String, Object> ratio(String what, String model, String paper, String detail) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("what", what);
            m.put("model", model);
            m.put("paper", paper);
            m.put("detail", detail);
            return m;
        }
    }

    static List<Map<String, Object>> claimRows(List<PaperClaim> claims) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (PaperClaim c : claims) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("paper", c.claim());
            m.put("model", c.measure());
            m.put("agrees", c.agrees());
            rows.add(m);
        }
        return rows;
    }

    static void printClaims(PrintWriter out, List<PaperClaim> claims) {
        if (claims.isEmpty()) {
            return;
        }
        out.println("\nPaper 001's claims (8 clients, §6.1-6.2) against the model:");
        for (PaperClaim c : claims) {
            out.printf("  [%s] %s%n           model: %s%n", c.agrees() ? "agrees" : "DIFFERS", c.claim(), c.measure());
        }
    }
}
