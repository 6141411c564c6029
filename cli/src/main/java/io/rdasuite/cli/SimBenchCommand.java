package io.rdasuite.cli;

import io.rdasuite.hwsim.bench.VerbThroughputWorkload;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code rda sim-bench}: how many simulated verbs per wall-clock second the simulator runs on one core. */
@Command(name = "sim-bench", mixinStandardHelpOptions = true,
        description = "Measure the simulator's speed: simulated verbs per second of wall-clock time (one core).")
final class SimBenchCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    ReportOption report;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", defaultValue = "MHP+NODDIO+PM-RQWRB", converter = Converters.Config.class,
            description = "Server configuration (default: ${DEFAULT-VALUE}).")
    ServerConfig config;

    @Option(names = "--transport", defaultValue = "IB", converter = Converters.TransportName.class,
            description = "Transport (default: ${DEFAULT-VALUE}).")
    Transport transport;

    @Option(names = "--clients", defaultValue = "4", description = "Client nodes (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--verbs", defaultValue = "250000", description = "Verbs per client (default: ${DEFAULT-VALUE}).")
    int verbs;

    @Option(names = "--payload", defaultValue = "64", description = "Bytes per WRITE/READ (default: ${DEFAULT-VALUE}).")
    int payload;

    @Option(names = "--window", defaultValue = "16", description = "Posted verbs per signaled one (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--repeats", defaultValue = "5", description = "Measured runs after the warm-up runs (default: ${DEFAULT-VALUE}).")
    int repeats;

    /**
     * Three by default: with one, the first measured runs were still 1.5-5x slower than the rest (C2 was still compiling
     * and the heap still growing), so the median reported the JVM's warm-up rather than the simulator.
     */
    @Option(names = "--warmups", defaultValue = "3", description = "Unmeasured runs first, for the JIT and the heap (default: ${DEFAULT-VALUE}).")
    int warmups;

    @Override
    public Integer call() {
        if (clients < 1 || verbs < 1 || repeats < 1 || window < 1 || warmups < 0 || payload < 8 || payload % 8 != 0) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--clients, --verbs, --repeats and --window must be positive, --warmups not negative; --payload a positive multiple of 8");
        }
        VerbThroughputWorkload.Spec workload = new VerbThroughputWorkload.Spec(config, transport, clients, verbs, payload, window, common.seed);
        for (int i = 0; i < warmups; i++) {
            VerbThroughputWorkload.run(workload);
        }
        long[] wall = new long[repeats];
        VerbThroughputWorkload.Outcome outcome = null;
        for (int i = 0; i < repeats; i++) {
            long start = System.nanoTime();
            VerbThroughputWorkload.Outcome o = VerbThroughputWorkload.run(workload);
            wall[i] = System.nanoTime() - start;
            if (outcome != null && o.traceDigest() != outcome.traceDigest()) {
                throw new IllegalStateException("the same seed gave two different traces: the simulator is not deterministic");
            }
            outcome = o;
        }
        long[] sorted = wall.clone();
        Arrays.sort(sorted);
        long median = sorted[repeats / 2];
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("command", "sim-bench");
        doc.put("seed", common.seed);
        doc.put("config", config.name());
        doc.put("transport", transport.name());
        doc.put("clients", clients);
        doc.put("payloadBytes", payload);
        doc.put("verbs", outcome.verbs());
        doc.put("events", outcome.events());
        doc.put("simulatedNanos", outcome.simulatedNanos());
        doc.put("traceDigest", Long.toHexString(outcome.traceDigest()));
        doc.put("verbsPerSecond", Math.round(outcome.verbs() / (median / 1e9)));
        doc.put("eventsPerSecond", Math.round(outcome.events() / (median / 1e9)));
        doc.put("bestVerbsPerSecond", Math.round(outcome.verbs() / (sorted[0] / 1e9)));
        doc.put("warmups", warmups);
        doc.put("simulatedVerbsPerSecond", Math.round(outcome.verbs() / (outcome.simulatedNanos() / 1e9)));
        // the figures depend on the JVM and its collector (./rda picks the serial one for the simulator's commands)
        doc.put("jvm", Runtime.version().toString());
        List<String> collectors = ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList();
        doc.put("collectors", collectors);
        List<Long> walls = new ArrayList<>();
        for (long w : wall) {
            walls.add(w / 1_000_000);
        }
        doc.put("wallMillisMedian", median / 1_000_000);
        doc.put("wallMillisRuns", walls);
        PrintWriter out = spec.commandLine().getOut();
        if (common.json || report.wanted()) {
            if (common.json) {
                out.println(Json.write(doc));
            }
            report.write(spec, doc);
        }
        if (!common.json) {
            out.printf("simulator speed: %,d verbs/s (%,d events/s) wall-clock, median of %d runs after %d warm-up runs; best run %,d verbs/s%n",
                    doc.get("verbsPerSecond"), doc.get("eventsPerSecond"), repeats, warmups, doc.get("bestVerbsPerSecond"));
            out.printf("workload: %d clients x %,d verbs of %d B on %s/%s, window %d -> %,d verbs, %,d events, %.3f ms simulated%n",
                    clients, verbs, payload, config.name(), transport, window, outcome.verbs(), outcome.events(), outcome.simulatedNanos() / 1e6);
            out.printf("simulated throughput: %,d verbs/s of virtual time; trace digest %s%n", doc.get("simulatedVerbsPerSecond"), doc.get("traceDigest"));
            out.printf("jvm: %s, collectors: %s%n", doc.get("jvm"), String.join(", ", collectors));
        }
        out.flush();
        return 0;
    }
}
