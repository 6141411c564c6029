package io.rdasuite.cli;

import picocli.CommandLine.Option;

/** Options every command takes. */
final class CommonOptions {
    @Option(names = "--seed", defaultValue = "1", description = "Seed of every random choice (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", description = "Print one JSON document instead of tables. Equal seeds give equal JSON,"
            + " except fields named wall* or *PerSecond.")
    boolean json;
}
