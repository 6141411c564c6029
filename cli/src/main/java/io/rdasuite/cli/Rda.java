package io.rdasuite.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code rda} command (DESIGN §7): verification and measurement of RDMA + PM protocols. */
@Command(name = "rda", mixinStandardHelpOptions = true, version = "rda 0.1.0",
        description = "RDA Suite: crash-consistency checks and measurements of RDMA + persistent-memory protocols,"
                + " on a deterministic hardware simulator (default) or real hardware.",
        subcommands = {CheckCommand.class, TaxonomyCommand.class, ReplayCommand.class, BenchCommand.class, NvmWritesCommand.class, DoctorCommand.class,
                ServeCommand.class, LinCommand.class, FuzzCommand.class, MergeCommand.class,
                SimBenchCommand.class,
                CommandLine.HelpCommand.class})
public final class Rda implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line (also used by tests). */
    public static CommandLine commandLine() {
        return Errors.install(new CommandLine(new Rda()).setCaseInsensitiveEnumValuesAllowed(true));
    }
}
