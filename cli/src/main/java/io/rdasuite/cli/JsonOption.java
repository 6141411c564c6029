package io.rdasuite.cli;

import picocli.CommandLine.Option;

/** {@code --json} of a command without random choices (those with some take {@link CommonOptions}, which adds {@code --seed}). */
final class JsonOption {
    @Option(names = "--json", description = "Print one JSON document instead of text; an error too ({\"command\",\"error\",\"exitCode\"}).")
    boolean json;
}
