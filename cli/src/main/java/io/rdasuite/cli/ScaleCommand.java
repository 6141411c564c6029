package io.rdasuite.cli;

import io.rdasuite.bench.fidelity.PaperClaim;
import io.rdasuite.bench.kv.EfactoryClaims;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.bench.kv.YcsbBench;
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

/** {@code rda bench scale}: throughput against the number of clients (paper 001 §6.2, Fig. 10: 32-byte keys, 2048-byte values). */
@Command(name = "scale", mixinStandardHelpOptions = true,
        description = "YCSB throughput per protocol as clients grow (paper 001 Fig. 10), beside the paper's scalability claims (simulated).")
final class ScaleCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    ReportOption report;

    @Mixin
    YcsbOptions options;

    @Spec
    CommandSpec spec;

    @Option(names = "--protocols", split = ",", defaultValue = "efactory,efactory-nohr,saw,imm,erda,forca", converter = Converters.Protocol.class,
            description = "Protocols (default: ${DEFAULT-VALUE}).")
    List<KvProtocol> protocols;

    @Option(names = "--workloads", split = ",", defaultValue = "C,B,A,update-only", description = "Workloads (default: ${DEFAULT-VALUE}).")
    List<String> workloads;

    @Option(names = "--clients", split = ",", defaultValue = "1,2,4,8,16", description = "Client counts, ascending (default: ${DEFAULT-VALUE}).")
    int[] clients;

    @Option(names = "--value-size", defaultValue = "2048", description = "Value bytes (default: ${DEFAULT-VALUE}).")
    int valueSize;

    @Option(names = "--key-size", defaultValue = "32", description = "Key bytes (default: ${DEFAULT-VALUE}).")
    int keySize;

    @Override
    public Integer call() {
        for (int i = 1; i < clients.length; i++) {
            if (clients[i] <= clients[i - 1]) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--clients must be ascending, e.g. 1,2,4,8,16");
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        List<PaperClaim> claims = new ArrayList<>();
        PrintWriter out = spec.commandLine().getOut();
        if (!common.json) {
            out.printf("Throughput (Kop/s) against clients: %s keys, %d-byte keys, %d-byte values, %d records, %d ops/client, profile %s%s (simulated)%n",
                    options.distribution, keySize, valueSize, options.records, options.ops, options.profile,
                    options.cores == null ? "" : " with " + options.cores + " cores");
        }
        for (String name : workloads) {
            Ycsb.Workload w = YcsbOptions.workload(spec.commandLine(), name);
            Map<KvProtocol, long[]> throughput = new LinkedHashMap<>();
            for (KvProtocol p : protocols) {
                long[] t = new long[clients.length];
                for (int i = 0; i < clients.length; i++) {
                    YcsbBench.Result r = YcsbBench.run(p, options.spec(spec.commandLine(), w, keySize, valueSize, clients[i], common.seed));
                    t[i] = r.throughputOpsPerSecond();
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("protocol", p.cliName());
                    m.put("workload", w.name());
                    m.put("clients", clients[i]);
                    m.put("valueSize", valueSize);
                    m.put("meanLatencyNs", r.meanLatencyNs());
                    m.put("p50LatencyNs", r.p50LatencyNs());
                    m.put("p99LatencyNs", r.p99LatencyNs());
                    m.put("throughputOpsPerSecond", r.throughputOpsPerSecond());
                    rows.add(m);
                }
                throughput.put(p, t);
            }
            claims.addAll(EfactoryClaims.forScaling(w, clients, throughput));
            if (!common.json) {
                out.printf("%nYCSB-%s%n%-14s", w.name(), "PROTOCOL");
                for (int c : clients) {
                    out.printf(" %9s", c + " cl");
                }
                out.println();
                throughput.forEach((p, t) -> {
                    out.printf("%-14s", p.cliName());
                    for (long x : t) {
                        out.printf(" %9.1f", x / 1e3);
                    }
                    out.println();
                });
            }
        }
        if (common.json || report.wanted()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "bench scale");
            doc.put("seed", common.seed);
            doc.put("profile", options.profile);
            doc.put("results", rows);
            doc.put("paperClaims", BenchCommand.claimRows(claims));
            if (common.json) {
                out.println(Json.write(doc));
            }
            report.write(spec, doc);
        }
        if (!common.json) {
            BenchCommand.printClaims(out, claims);
        }
        out.flush();
        return 0;
    }
}
