package io.rdasuite.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rda lin}: Jepsen-style linearizability checking of recorded histories (DESIGN §5). */
@Command(name = "lin", mixinStandardHelpOptions = true,
        description = "Linearizability of recorded histories: Wing-Gong-Lowe search per key, with crash semantics.",
        subcommands = {LinCheckCommand.class, CommandLine.HelpCommand.class})
final class LinCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
