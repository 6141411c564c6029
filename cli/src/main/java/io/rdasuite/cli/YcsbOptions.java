package io.rdasuite.cli;

import io.rdasuite.bench.kv.YcsbBench;
import io.rdasuite.hwsim.model.CostModel;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.workload.Ycsb;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The YCSB options {@code rda bench ycsb} and {@code rda bench scale} share, and their checks. */
final class YcsbOptions {
    @Option(names = "--distribution", defaultValue = "zipf", description = "zipf (0.99) or uniform (default: ${DEFAULT-VALUE}).")
    String distribution;

    @Option(names = "--records", defaultValue = "1000", description = "Records loaded (default: ${DEFAULT-VALUE}).")
    int records;

    @Option(names = "--ops", defaultValue = "200", description = "Operations per client (default: ${DEFAULT-VALUE}).")
    int ops;

    @Option(names = "--profile", defaultValue = "default",
            description = "Cost profile: default, erda-testbed, efactory-testbed, nessie-testbed (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--cores", description = "Cores per node, overriding the profile's (the server's request and background threads share them).")
    Integer cores;

    @Option(names = "--config", defaultValue = "DMP+DDIO+DRAM-RQWRB", converter = Converters.Config.class,
            description = "Server configuration (default: ${DEFAULT-VALUE}).")
    ServerConfig config;

    Ycsb.Distribution distribution(CommandLine cl) {
        return switch (distribution.toLowerCase(Locale.ROOT)) {
            case "zipf" -> Ycsb.Distribution.ZIPF;
            case "uniform" -> Ycsb.Distribution.UNIFORM;
            default -> throw new CommandLine.ParameterException(cl, "unknown distribution '" + distribution + "'; valid: zipf, uniform");
        };
    }

    CostModel cost(CommandLine cl) {
        try {
            CostModel c = CostModel.profile(profile);
            if (cores != null) {
                if (cores < 1 || cores > 256) {
                    throw new IllegalArgumentException("--cores must be 1..256");
                }
                c = c.withCores(cores);
            }
            return c;
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
    }

    static Ycsb.Workload workload(CommandLine cl, String name) {
        try {
            return Ycsb.Workload.parse(name);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
    }

    /** A run's specification; sizes checked with an error naming the valid ranges. */
    YcsbBench.Spec spec(CommandLine cl, Ycsb.Workload workload, int keySize, int valueSize, int clients, long seed) {
        if (valueSize < 16 || valueSize > 4096 || clients < 1 || clients > 64 || records < 1 || ops < 1 || keySize < 8 || keySize > 256) {
            throw new CommandLine.ParameterException(cl,
                    "--value-size must be 16..4096, --key-size 8..256, --clients 1..64, --records and --ops positive");
        }
        return new YcsbBench.Spec(workload, distribution(cl), new KvShape(keySize, valueSize), clients, records, ops, cost(cl), config, seed);
    }
}
