package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The contract every command keeps (docs/COMMANDS.md, "The contract every command keeps"), checked for every leaf of
 * picocli's tree of subcommands: a command added later is in {@link #commands()} and fails here until the contract's
 * table, its bad-input example below and (where it can run here) its cheap run name it.
 */
class CommandContractTest {
    private static final Path COMMANDS_MD = Path.of("..", "docs", "COMMANDS.md");
    private static final Pattern ROW = Pattern.compile("^\\s*\\| `rda ([a-z -]+)` \\| (yes|no) \\| (.+) \\|\\s*$");

    /** Per command: arguments that are bad input (each must end in that exit code, one line, and JSON with --json). */
    private static final Map<String, Bad> BAD = new TreeMap<>();

    /** Per command: a cheap run (seconds) that must write no file; absent for commands that need a server. */
    private static final Map<String, List<String>> RUN = new TreeMap<>();

    private record Bad(int exitCode, List<String> args) {
    }

    /** Commands that need other processes to run at all (a server, peers): only their errors are run here. */
    private static final List<String> NEEDS_A_SERVER = List.of("serve", "serve-status", "thdpms-client", "merge", "replay");

    static {
        BAD.put("check", new Bad(2, List.of("--shard", "3/3")));
        BAD.put("taxonomy", new Bad(2, List.of("--appends", "0")));
        BAD.put("replay", new Bad(2, List.of("not-a-token")));
        BAD.put("bench remotelog", new Bad(2, List.of("--no-such-option")));
        BAD.put("bench ycsb", new Bad(2, List.of("--protocols", "octopus")));
        BAD.put("bench scale", new Bad(2, List.of("--clients", "4,2")));
        BAD.put("bench nessie", new Bad(2, List.of("--protocols", "octopus")));
        BAD.put("bench thdpms", new Bad(2, List.of("--figure", "99")));
        BAD.put("bench fidelity", new Bad(2, List.of("--only", "fig99")));
        BAD.put("nvm-writes", new Bad(2, List.of("--protocol", "octopus", "--key-size", "8", "--kv-size", "64")));
        BAD.put("doctor", new Bad(2, List.of("--no-such-option")));
        BAD.put("serve", new Bad(2, List.of("--role", "octopus")));
        BAD.put("serve-status", new Bad(2, List.of("not-an-address")));
        BAD.put("thdpms-client", new Bad(2, List.of("--pdsm-servers", "127.0.0.1:1", "--listen", "127.0.0.1:2", "--monitors", "127.0.0.1:3",
                "--history", "h.jsonl", "--plant", "octopus")));
        BAD.put("lin check", new Bad(2, List.of("no-such-history.jsonl")));
        BAD.put("fuzz", new Bad(2, List.of("--protocols", "octopus")));
        BAD.put("merge", new Bad(2, List.of("no-such-shard.json")));
        BAD.put("sim-bench", new Bad(2, List.of("--warmups", "-1")));

        // the check includes the in-place control, whose linearizability failure once drew ./rda-report/*.html unasked
        RUN.put("check", List.of("--config", "MHP+NODDIO+DRAM-RQWRB", "--transport", "IB", "--op", "WRITE", "--update", "singleton",
                "--protocols", "redo", "--budget", "0.5", "--clusters", "none"));
        RUN.put("taxonomy", List.of("--config", "WSP+DDIO+PM-RQWRB", "--transport", "IB", "--op", "WRITE", "--update", "singleton", "--budget", "0.2"));
        RUN.put("bench remotelog", List.of("--appends", "5"));
        RUN.put("bench ycsb", List.of("--protocols", "erda", "--records", "50", "--ops", "10"));
        RUN.put("bench scale", List.of("--protocols", "efactory", "--workloads", "update-only", "--clients", "1", "--records", "50", "--ops", "10"));
        RUN.put("bench nessie", List.of("--ops", "50", "--value-sizes", "64", "--protocols", "nessie", "--nodes", "2"));
        RUN.put("bench thdpms", List.of("--figure", "11", "--servers", "1"));
        RUN.put("bench fidelity", List.of("--only", "remotelog", "--quick"));
        RUN.put("nvm-writes", List.of("--protocol", "erda", "--key-size", "16", "--kv-size", "272"));
        RUN.put("doctor", List.of());
        RUN.put("lin check", List.of(Path.of("..", "docs", "examples", "histories", "erda-tcp.jsonl").toString()));
        RUN.put("fuzz", List.of("--runs", "10", "--protocols", "erda"));
        RUN.put("sim-bench", List.of("--verbs", "2000", "--clients", "2", "--repeats", "1", "--warmups", "0"));
    }

    private static Map<String, String[]> table;

    @BeforeAll
    static void readTheContract() throws IOException {
        table = new TreeMap<>();
        for (String line : Files.readAllLines(COMMANDS_MD, StandardCharsets.UTF_8)) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                table.put(m.group(1), new String[] {m.group(2), m.group(3)});
            }
        }
    }

    /** Every runnable command: the leaves of picocli's tree ({@code bench ycsb}, {@code lin check}, ...), picocli's help left out. */
    static Stream<String> commands() {
        List<String> out = new ArrayList<>();
        leaves(Rda.commandLine(), out);
        return out.stream();
    }

    private static void leaves(CommandLine cl, List<String> out) {
        List<CommandLine> children = cl.getSubcommands().values().stream().filter(c -> !(c.getCommand() instanceof CommandLine.HelpCommand)).toList();
        if (children.isEmpty()) {
            out.add(cl.getCommandSpec().qualifiedName().substring("rda ".length()));
        }
        children.forEach(c -> leaves(c, out));
    }

    private static CommandLine spec(String command) {
        CommandLine cl = Rda.commandLine();
        for (String part : command.split(" ")) {
            cl = cl.getSubcommands().get(part);
        }
        return cl;
    }

    private static RdaRun rda(String command, List<String> args) {
        List<String> all = new ArrayList<>(List.of(command.split(" ")));
        all.addAll(args);
        return RdaRun.of(all.toArray(String[]::new));
    }

    @Test
    void theTableNamesEveryCommandAndNoOther() {
        assertThat(table.keySet()).as("docs/COMMANDS.md's contract table").containsExactlyInAnyOrderElementsOf(commands().toList());
        assertThat(BAD.keySet()).containsExactlyInAnyOrderElementsOf(commands().toList());
        commands().forEach(c -> assertThat(RUN.containsKey(c) || NEEDS_A_SERVER.contains(c)).as(c + ": a cheap run, or a reason not to").isTrue());
    }

    @ParameterizedTest
    @MethodSource("commands")
    void helpPrintsTheUsageAndExits0(String command) {
        RdaRun r = rda(command, List.of("--help"));
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("Usage: rda " + command);
    }

    @ParameterizedTest
    @MethodSource("commands")
    void jsonIsAnOptionAndAnErrorIsAJsonDocumentToo(String command) throws Exception {
        OptionSpec json = spec(command).getCommandSpec().findOption("--json");
        assertThat(json).as(command + " --json").isNotNull();
        assertThat(json.hidden()).isFalse();
        Bad bad = BAD.get(command);
        List<String> args = new ArrayList<>(bad.args());
        args.add("--json");
        RdaRun r = rda(command, args);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(bad.exitCode());
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).startsWith("rda " + command + ": ").doesNotContain("\tat ").doesNotContain("Usage:");
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("command").asText()).isEqualTo(command);
        assertThat(doc.get("exitCode").asInt()).isEqualTo(bad.exitCode());
        assertThat(doc.get("error").asText()).isEqualTo(r.err().strip());
    }

    @ParameterizedTest
    @MethodSource("commands")
    void seedIsTakenWhereTheTableSaysAndRefusedWithItsReasonElsewhere(String command) {
        String[] row = table.get(command);
        assertThat(row).as(command + " in the contract table").isNotNull();
        OptionSpec seed = spec(command).getCommandSpec().findOption("--seed");
        if (row[0].equals("yes")) {
            assertThat(seed).as(command + " --seed").isNotNull();
            assertThat(seed.hidden()).isFalse();
            return;
        }
        RdaRun r = rda(command, List.of("--seed", "7"));
        assertThat(r.exitCode()).isEqualTo(Errors.EXIT_USAGE);
        String why = NoSeedOption.WHY.get("rda " + command);
        assertThat(why).as("the reason rda " + command + " gives").isNotNull();
        assertThat(r.err()).contains("--seed does not apply to rda " + command + ": " + why);
        assertThat(row[1]).as("the table says what the command says").isEqualTo(why);
    }

    @ParameterizedTest
    @MethodSource("commands")
    void aRunWritesNoFileItWasNotAskedFor(String command) throws IOException {
        List<String> args = RUN.get(command);
        if (args == null) {
            assertThat(NEEDS_A_SERVER).contains(command);
            return;
        }
        Path here = Path.of("").toAbsolutePath();
        TreeSet<String> before = listing(here);
        RdaRun r = rda(command, args);
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(listing(here)).as("files in " + here + " after rda " + command).isEqualTo(before);
    }

    /** The working directory's entries, and those of the folders a run could write unasked (target/ is the build's). */
    private static TreeSet<String> listing(Path dir) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> names.add(p.getFileName().toString()));
        }
        for (String sub : List.of("rda-report", ".rda")) {
            if (Files.isDirectory(dir.resolve(sub))) {
                try (Stream<Path> s = Files.walk(dir.resolve(sub))) {
                    s.forEach(p -> names.add(dir.relativize(p).toString()));
                }
            }
        }
        return names;
    }

    @Test
    void mergeOfAMissingFileOrAFolderIsBadInputNamingThePath(@TempDir Path dir) {
        RdaRun missing = RdaRun.of("merge", dir.resolve("missing.json").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("rda merge: no such file or folder: " + dir.resolve("missing.json"));
        RdaRun folder = RdaRun.of("merge", dir.toString());
        assertThat(folder.exitCode()).isEqualTo(2);
        assertThat(folder.err()).startsWith("rda merge: " + dir + " is a folder");
        assertThat(spec("merge").getCommandSpec().usageMessage().description()[1]).contains("2 bad input (unreadable file");
    }

    @Test
    void aFabricThatCannotRunHereIsTheEnvironment() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isDirectory(Path.of("/sys/class/infiniband")), "an RDMA device is here");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        RdaRun r = RdaRun.of("serve", "--fabric", "disni", "--listen", "127.0.0.1:" + port, "--json");
        assertThat(r.exitCode()).isEqualTo(Errors.EXIT_ENVIRONMENT);
        assertThat(r.err()).startsWith("rda serve: the DiSNI fabric cannot run here");
        assertThat(new ObjectMapper().readTree(r.out()).get("exitCode").asInt()).isEqualTo(4);
    }

    @Test
    void theLauncherWithoutAJdk25ExitsWithTheEnvironmentsCode(@TempDir Path empty) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of("..", "rda").toAbsolutePath().normalize().toString(), "--version");
        pb.environment().remove("JAVA_HOME");
        pb.environment().put("RDA_JDK_SEARCH_PATH", empty.toString());
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isEqualTo(Errors.EXIT_ENVIRONMENT);
        assertThat(out).contains("needs a JDK 25");
    }

    @Test
    void noHistoryFileIsCommittedAtTheRoot() {
        assertThat(Path.of("..", "rda-history.jsonl")).doesNotExist();
    }
}
