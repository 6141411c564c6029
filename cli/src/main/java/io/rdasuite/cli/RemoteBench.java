package io.rdasuite.cli;

import io.rdasuite.hwreal.remote.RemoteTransport;
import io.rdasuite.hwreal.remote.RemoteYcsb;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.workload.Ycsb;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code rda bench ycsb --fabric tcp|disni --servers ...}: YCSB in wall-clock time against running {@code rda serve} nodes. */
final class RemoteBench {
    private RemoteBench() {
    }

    static int ycsb(CommandSpec spec, CommonOptions common, ReportOption report, YcsbOptions options, RemoteOptions remote, String workloadName, int clients,
                    List<KvProtocol> expected) throws IOException {
        List<InetSocketAddress> servers = remote.addresses(spec);
        Ycsb.Workload workload = YcsbOptions.workload(spec.commandLine(), workloadName);
        if (clients < 1 || clients > 256 || options.records < 1 || options.ops < 1) {
            throw new ParameterException(spec.commandLine(), "--clients must be 1..256, --records and --ops positive");
        }
        RemoteYcsb.Spec s = new RemoteYcsb.Spec(workload, options.distribution(spec.commandLine()), options.records, options.ops, clients, common.seed);
        RemoteYcsb.Result r;
        try (RemoteTransport transport = remote.open(spec)) {
            r = RemoteYcsb.run(transport, servers, s);
        }
        if (expected != null && !expected.contains(r.protocol())) {
            throw new ParameterException(spec.commandLine(), "the servers run " + r.protocol().cliName() + ", not " + expected
                    + " (a server runs the store rda serve --protocol chose)");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (common.json || report.wanted()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("protocol", r.protocol().cliName());
            m.put("workload", workload.name());
            m.put("valueSize", r.shape().valueBytes());
            m.put("clients", clients);
            m.put("meanLatencyNs", r.meanLatencyNs());
            m.put("p50LatencyNs", r.p50LatencyNs());
            m.put("p99LatencyNs", r.p99LatencyNs());
            m.put("throughputOpsPerSecond", r.throughputOpsPerSecond());
            m.put("serverCpuNsPerOp", null);
            m.put("failedReads", r.failedReads());
            m.put("failedReadSamples", r.failureSamples());
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("command", "bench ycsb");
            doc.put("fabric", remote.fabric);
            doc.put("servers", remote.servers);
            doc.put("seed", common.seed);
            doc.put("results", List.of(m));
            if (common.json) {
                out.println(Json.write(doc));
            }
            if (report.wanted()) { // the report also plots each operation's latency and the rate over time (the JSON as it was)
                Map<String, Object> withPlots = new LinkedHashMap<>(doc);
                Map<String, Object> overTime = io.rdasuite.cli.report.HistoryPlots.ofSamples(r.timeline(), r.timelineEvery());
                if (overTime != null) {
                    withPlots.put("overTime", overTime);
                }
                report.write(spec, withPlots);
            }
        }
        if (!common.json) {
            out.printf("YCSB-%s over %s to %s: %s, %d-byte keys, %d-byte values, %d clients, %d records, %d ops/client (wall clock)%n",
                    workload.name(), remote.fabric, String.join(",", remote.servers), r.protocol().cliName(), r.shape().keyBytes(),
                    r.shape().valueBytes(), clients, options.records, options.ops);
            out.printf("  latency mean %.1f us, p50 %.1f us, p99 %.1f us; throughput %,d ops/s, failed reads %d%n", r.meanLatencyNs() / 1e3,
                    r.p50LatencyNs() / 1e3, r.p99LatencyNs() / 1e3, r.throughputOpsPerSecond(), r.failedReads());
            r.failureSamples().forEach(f -> out.println("  failed read: " + f));
        }
        out.flush();
        return 0;
    }
}
