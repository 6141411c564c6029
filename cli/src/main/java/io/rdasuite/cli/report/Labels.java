package io.rdasuite.cli.report;

import java.util.Locale;
import java.util.Map;

/**
 * Human labels for the JSON field names the reports show ({@code verbsPerSecond} reads "simulator speed: verbs per
 * wall-clock second"); a name without an entry is split at its capitals, with its unit suffix spelt out.
 */
final class Labels {
    private static final Map<String, String> KNOWN = Map.ofEntries(
            Map.entry("command", "command"),
            Map.entry("seed", "seed"),
            Map.entry("config", "server configuration"),
            Map.entry("transport", "transport"),
            Map.entry("clients", "clients"),
            Map.entry("servers", "servers"),
            Map.entry("fabric", "fabric"),
            Map.entry("profile", "cost profile"),
            Map.entry("payloadBytes", "payload (bytes)"),
            Map.entry("verbs", "verbs simulated"),
            Map.entry("events", "simulator events"),
            Map.entry("simulatedNanos", "simulated time (ns)"),
            Map.entry("traceDigest", "trace digest (equal seeds give equal digests)"),
            Map.entry("verbsPerSecond", "simulator speed: verbs per wall-clock second (median run)"),
            Map.entry("eventsPerSecond", "simulator events per wall-clock second (median run)"),
            Map.entry("bestVerbsPerSecond", "verbs per wall-clock second, best run"),
            Map.entry("warmups", "warm-up runs (not measured)"),
            Map.entry("simulatedVerbsPerSecond", "verbs per simulated second"),
            Map.entry("jvm", "JVM"),
            Map.entry("collectors", "garbage collectors"),
            Map.entry("wallMillisMedian", "wall time of the median run (ms)"),
            Map.entry("wallMillisRuns", "wall time of each measured run (ms)"),
            Map.entry("valueSize", "value size (bytes)"),
            Map.entry("workload", "workload"),
            Map.entry("protocol", "protocol"),
            Map.entry("update", "update kind"),
            Map.entry("op", "primary operation"),
            Map.entry("paper", "the paper says"),
            Map.entry("model", "the model gives"),
            Map.entry("agrees", "verdict"),
            Map.entry("crashStates", "crash states checked"),
            Map.entry("findingStates", "states with an unclaimed finding"),
            Map.entry("failingRuns", "runs where a claimed property failed"),
            Map.entry("newCoverageRuns", "runs that reached new coverage"),
            Map.entry("signatures", "distinct coverage signatures"),
            Map.entry("mutantRuns", "runs of a mutated case"),
            Map.entry("errorRuns", "runs that could not be simulated"),
            Map.entry("wallMillis", "wall time (ms)"),
            Map.entry("runsPerSecond", "runs per second"),
            Map.entry("runs", "runs"),
            Map.entry("verdict", "verdict"));

    private Labels() {
    }

    /** The label of field {@code key}. */
    static String of(String key) {
        String known = KNOWN.get(key);
        if (known != null) {
            return known;
        }
        String unit = "";
        String bare = key;
        for (String[] u : new String[][] {{"NsPerOp", " (ns per op)"}, {"LatencyNs", " latency (ns)"}, {"Nanos", " (ns)"}, {"Millis", " (ms)"},
                {"Ns", " (ns)"}, {"BytesPerSecond", " (bytes/s)"}, {"OpsPerSecond", " (ops/s)"}, {"PerSecond", " per second"}, {"Bytes", " (bytes)"}}) {
            if (bare.endsWith(u[0]) && bare.length() > u[0].length()) {
                bare = bare.substring(0, bare.length() - u[0].length());
                unit = u[1];
                break;
            }
        }
        return bare.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT) + unit;
    }

    /** The x axis of a list field's chart: what its index counts. */
    static String indexName(String key) {
        return key.endsWith("Runs") ? "measured run" : "index";
    }

    /** The y axis of a list field's chart: its unit. */
    static String unitOf(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("millis") ? "ms" : k.contains("nanos") ? "ns" : "value";
    }
}
