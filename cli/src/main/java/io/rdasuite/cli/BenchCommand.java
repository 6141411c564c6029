package io.rdasuite.cli;

import io.rdasuite.crashsim.taxonomy.RemoteLogBench;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.UpdateKind;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code rda bench}: simulated measurements of the papers' benchmarks. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Simulated benchmarks beside the papers' figures.",
        subcommands = {BenchCommand.RemoteLog.class})
final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code rda bench remotelog}: paper 003 §4.3–4.4, Fig. 2. */
    @Command(name = "remotelog", mixinStandardHelpOptions = true,
            description = "Mean REMOTELOG append latency per configuration x recipe (paper 003 Fig. 2), beside the paper's findings.")
    static final class RemoteLog implements Callable<Integer> {
        @Mixin
        CommonOptions common;

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
            List<RemoteLogBench.Finding> findings = RemoteLogBench.findings(all);
            PrintWriter out = spec.commandLine().getOut();
            if (common.json) {
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
                for (RemoteLogBench.Finding x : findings) {
                    Map<String, Object> r = new LinkedHashMap<>();
                    r.put("paper", x.claim());
                    r.put("model", x.model());
                    r.put("agrees", x.agrees());
                    f.add(r);
                }
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("command", "bench remotelog");
                doc.put("seed", common.seed);
                doc.put("results", rows);
                doc.put("findings", f);
                out.println(Json.write(doc));
            } else {
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
                out.println("\n(m = message passing: the responder's CPU acks)\n\nThe paper's findings (§4.3-4.4) against the model:");
                for (RemoteLogBench.Finding f : findings) {
                    out.printf("  [%s] %s%n         model: %s%n", f.agrees() ? "agrees" : "DIFFERS", f.claim(), f.model());
                }
            }
            out.flush();
            return 0;
        }
    }
}
