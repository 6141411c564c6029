package io.rdasuite.cli;

import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The command contract's {@code --seed} for a command that makes no random choice (docs/COMMANDS.md, "The contract"):
 * refused with why, exit 2, instead of an unknown option or, worse, a seed taken and ignored. Hidden from the help.
 */
final class NoSeedOption {
    /** Why each command without randomness takes no seed, by its qualified name. */
    static final Map<String, String> WHY = Map.of(
            "rda replay", "a token carries the seed and choices it was found with, so it replays the same state whatever the seed",
            "rda lin check", "checking a recorded history makes no random choice",
            "rda merge", "merging makes no random choice; each shard's seed is in its campaign record",
            "rda doctor", "it probes this machine and makes no random choice",
            "rda nvm-writes", "it counts the PM bytes of fixed operations and makes no random choice",
            "rda serve-status", "it asks a running server for its counters and makes no random choice");

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--seed", hidden = true, paramLabel = "N", description = "Refused: this command makes no random choice.")
    void seed(String ignored) {
        String name = mixee.qualifiedName();
        throw new ParameterException(mixee.commandLine(), "--seed does not apply to " + name + ": "
                + WHY.getOrDefault(name, "it makes no random choice"));
    }
}
