package io.rdasuite.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code rda} command (DESIGN §7): verification and measurement of RDMA + PM protocols. */
@Command(name = "rda", mixinStandardHelpOptions = true, version = "rda 0.1.0",
        description = "RDA Suite: crash-consistency checks and measurements of RDMA + persistent-memory protocols,"
                + " on a deterministic hardware simulator (default) or real hardware.",
        footer = "Exit codes: 0 pass, 1 a check failed, 2 bad usage or input, 3 budget too small or verdict unknown, 4 environment"
                + " (files, network), 70 internal error.")
public final class Rda implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /**
     * The subcommands, in the order {@code --help} lists them. Each is built only when needed: picocli's model of a
     * command costs reflection over all its options, and building every command made each start take ~0.5 s.
     */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = new LinkedHashMap<>();

    static {
        SUBCOMMANDS.put("check", CheckCommand::new);
        SUBCOMMANDS.put("taxonomy", TaxonomyCommand::new);
        SUBCOMMANDS.put("replay", ReplayCommand::new);
        SUBCOMMANDS.put("bench", BenchCommand::new);
        SUBCOMMANDS.put("nvm-writes", NvmWritesCommand::new);
        SUBCOMMANDS.put("doctor", DoctorCommand::new);
        SUBCOMMANDS.put("serve", ServeCommand::new);
        SUBCOMMANDS.put("serve-status", ServeStatusCommand::new);
        SUBCOMMANDS.put("thdpms-client", ThdpmsClientCommand::new);
        SUBCOMMANDS.put("lin", LinCommand::new);
        SUBCOMMANDS.put("fuzz", FuzzCommand::new);
        SUBCOMMANDS.put("merge", MergeCommand::new);
        SUBCOMMANDS.put("sim-bench", SimBenchCommand::new);
        SUBCOMMANDS.put("help", () -> new CommandLine.HelpCommand()); // not HelpCommand::new: see StartupTraining
    }

    public static void main(String[] args) {
        try {
            ClasspathOption.install(args); // before parsing: the registries read their services on first use
        } catch (IllegalArgumentException e) {
            System.err.println("rda: " + e.getMessage());
            System.exit(2);
        }
        System.exit(commandLine(args).execute(args));
    }

    /** The configured command line with every subcommand (tests, help). */
    public static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /**
     * The command line for {@code args}: with only the subcommand {@code args[0]} names when it names one (and is not
     * {@code help}); with none for a lone {@code --version}; with all of them otherwise, so that usage, help and "did you
     * mean" see every command.
     */
    static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new Rda());
        String first = args.length > 0 ? args[0] : "";
        if (SUBCOMMANDS.containsKey(first) && !first.equals("help")) {
            cl.addSubcommand(first, SUBCOMMANDS.get(first).get());
        } else if (args.length == 1 && (first.equals("--version") || first.equals("-V"))) {
            // nothing to build: the version is all it prints (building every command costs ~0.3 s)
        } else {
            SUBCOMMANDS.forEach((name, make) -> cl.addSubcommand(name, make.get()));
        }
        return Errors.install(cl.setCaseInsensitiveEnumValuesAllowed(true));
    }
}
