package io.rdasuite.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options of {@code rda check --fabric tcp|disni --servers ...}, the acceptance check on a live cluster. */
final class RemoteCheckOptions {
    @Option(names = "--phase", defaultValue = "write",
            description = "Remote check phase: write (record puts until done or the server goes away), verify (after a restart) or campaign"
                    + " (write, and after each restart of the server verify and write again, until --until exists; default: ${DEFAULT-VALUE}).")
    String phase;

    @Option(names = "--history", paramLabel = "FILE", description = "Remote check (required with --fabric tcp|disni): the history file both"
            + " phases append to. No default: a command writes no file it was not asked for.")
    Path history;

    @Option(names = "--writers", defaultValue = "2", description = "Remote check: writer clients (default: ${DEFAULT-VALUE}).")
    int writers;

    @Option(names = "--keys-per-writer", defaultValue = "8", description = "Remote check: keys each writer owns (default: ${DEFAULT-VALUE}).")
    int keysPerWriter;

    @Option(names = "--ops", defaultValue = "2000", description = "Remote check: operations per writer (default: ${DEFAULT-VALUE}).")
    int ops;

    @Option(names = "--wait-ms", defaultValue = "30000", description = "Remote verify: how long to wait for the server to accept (default: ${DEFAULT-VALUE}).")
    long waitMs;

    @Option(names = "--until", paramLabel = "FILE", description = "Remote campaign (required with --phase campaign): it ends once this file exists.")
    Path until;

    @Option(names = "--after-crash", description = "Remote verify: the server was killed and restarted since the write phase (recorded in the history).")
    boolean afterCrash;
}
