package io.rdasuite.cli;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.UpdateKind;
import java.util.List;
import picocli.CommandLine.Option;

/** Which taxonomy cells a command explores, and how hard: shared by {@code check} and {@code taxonomy}. */
final class CellOptions {
    /** Per cell (or candidate) at {@code --budget 1}: crash points, images per point, timings. */
    static final Budget BASE_BUDGET = new Budget(150, 16, 4);

    @Option(names = "--config", split = ",", converter = Converters.Config.class,
            description = "Server configurations, e.g. DMP+DDIO+DRAM-RQWRB (default: all 12).")
    List<ServerConfig> configs;

    @Option(names = "--transport", split = ",", converter = Converters.TransportName.class,
            description = "Transports: IB, IWARP (default: both).")
    List<Transport> transports;

    @Option(names = "--op", split = ",", description = "Primary operations: ${COMPLETION-CANDIDATES} (default: all).")
    List<PrimaryOp> ops;

    @Option(names = "--update", split = ",", description = "Update kinds: ${COMPLETION-CANDIDATES} (default: both).")
    List<UpdateKind> updates;

    @Option(names = "--budget", defaultValue = "1.0",
            description = "Scales crash points (150), images per point (16) and timings (4 seeds) per exploration (default: ${DEFAULT-VALUE}).")
    double budget;

    @Option(names = "--shard", defaultValue = "0/1", converter = Cells.ShardConverter.class,
            description = "i/N: only the cells whose index is i modulo N; JSON results of all shards merge (default: ${DEFAULT-VALUE}).")
    Cells.Shard shard;

    List<Cells.Cell> cells() {
        return Cells.select(configs, transports, ops, updates, shard);
    }

    /** The budget {@code --budget} asks for; a factor that is not positive, not finite or too large is a usage error. */
    Budget scaledBudget(picocli.CommandLine.Model.CommandSpec spec) {
        try {
            return BASE_BUDGET.scaled(budget);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--budget: " + e.getMessage());
        }
    }
}
