package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every example of README.md and docs/*.md runs (issue 30: docs that run in a fresh clone). An example is a fenced
 * block whose lines start with {@code $ ./rda ...}; the lines after each command, up to the next one, are its
 * output as documented. Each block runs in this JVM, in a fresh folder, with the repository's files (such as
 * {@code docs/examples/}) where a fresh clone has them; {@code > FILE} sends standard output to a file there. Its
 * exit code must be the one the command line's comment names ({@code # exit 1}; none: 0), and every documented
 * output line must appear, in shape: numbers may differ, {@code …} stands for anything. {@code $ ./mvnw ...} lines
 * are not run (the tests cannot run themselves); nor, unless {@code -Drda.docs.slow=true}, commands marked
 * {@code # slow} (the README's whole {@code ./rda check}, a minute on 2 idle cores).
 */
class DocExamplesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Set<String> OUTPUTS = Set.of("-o", "--output", "--report", "--timeline", "--history", "--write-findings", "--corpus", ">");
    private static final Pattern NUMBER = Pattern.compile("\\d[\\d,.]*");
    private static final Pattern EXIT = Pattern.compile("#\\s*exit\\s+(\\d+)");

    /** One documented command and what the docs show it printing. */
    record Example(String where, String command, int exitCode, boolean slow, List<String> output) {
        @Override
        public String toString() {
            return where + ": " + command;
        }
    }

    /** Every block of every doc, in order. */
    static Stream<List<Example>> blocks() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        List<List<Example>> blocks = new ArrayList<>();
        for (Path doc : docs) {
            List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
            List<Example> block = null;
            String command = null;
            int at = 0;
            List<String> output = new ArrayList<>();
            for (int i = 0; i <= lines.size(); i++) {
                String line = i < lines.size() ? lines.get(i) : "```";
                if (line.strip().startsWith("```")) {
                    if (block != null) {
                        if (command != null) {
                            block.add(example(doc, at, command, output));
                        }
                        if (!block.isEmpty()) {
                            blocks.add(block);
                        }
                        block = null;
                    } else if (i < lines.size()) {
                        block = new ArrayList<>();
                        command = null;
                    }
                    continue;
                }
                if (block == null) {
                    continue;
                }
                if (line.startsWith("$ ")) {
                    if (command != null) {
                        block.add(example(doc, at, command, output));
                    }
                    command = line.substring(2).strip();
                    at = i + 1;
                    output = new ArrayList<>();
                } else if (command != null) {
                    output.add(line);
                }
            }
        }
        return blocks.stream().map(b -> b.stream().filter(e -> e.command().startsWith("./rda ")).toList()).filter(b -> !b.isEmpty());
    }

    private static Example example(Path doc, int line, String command, List<String> output) {
        var m = EXIT.matcher(command);
        int exit = m.find() ? Integer.parseInt(m.group(1)) : 0;
        String bare = command.contains(" #") ? command.substring(0, command.indexOf(" #")).strip() : command;
        boolean slow = command.contains(" #") && command.substring(command.indexOf(" #")).contains("slow");
        return new Example(ROOT.relativize(doc) + ":" + line, bare, exit, slow, List.copyOf(output));
    }

    @ParameterizedTest
    @MethodSource("blocks")
    void eachExampleRunsAndPrintsWhatTheDocsShow(List<Example> block, @TempDir Path here) throws IOException {
        for (Example e : block) {
            if (e.slow() && !Boolean.getBoolean("rda.docs.slow")) {
                continue; // the whole default exploration: -Drda.docs.slow=true runs it too
            }
            List<String> words = new ArrayList<>(List.of(e.command().split("\\s+")));
            words.removeFirst(); // ./rda
            Path stdoutTo = null;
            List<String> args = new ArrayList<>();
            for (int i = 0; i < words.size(); i++) {
                String w = words.get(i);
                String previous = i == 0 ? "" : words.get(i - 1);
                if (w.equals(">")) {
                    continue;
                }
                if (previous.equals(">")) {
                    stdoutTo = here.resolve(w);
                    continue;
                }
                // the (sub)command words are never paths, though a folder of the checkout may share a name (bench/)
                boolean commandWord = i < 2 && !w.startsWith("-") && !w.contains("/") && !w.contains(".");
                args.add(commandWord ? w : path(w, previous, here));
            }
            CommandLine cl = Rda.commandLine();
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            cl.setOut(new PrintWriter(out));
            cl.setErr(new PrintWriter(err));
            int code = cl.execute(args.toArray(String[]::new));
            if (stdoutTo != null) {
                Files.writeString(stdoutTo, out.toString());
            }
            String printed = (out + "\n" + err).replace(here + "/", "").replace(ROOT + "/", "");
            assertThat(code).as(e + "\n" + printed).isEqualTo(e.exitCode());
            List<String> actual = printed.lines().map(DocExamplesTest::shape).toList();
            for (String documented : e.output()) {
                if (documented.strip().isEmpty() || documented.strip().equals("…")) {
                    continue;
                }
                Pattern p = pattern(documented);
                assertThat(actual).as(e + ": the documented line\n  " + documented + "\nin shape, among\n" + printed)
                        .anyMatch(a -> p.matcher(a).matches());
            }
        }
    }

    /** An argument as a fresh clone sees it: the repository's files where they are, outputs in this test's folder. */
    private static String path(String word, String previous, Path here) {
        if (word.startsWith("-") || word.isEmpty()) {
            return word;
        }
        if (Files.exists(here.resolve(word))) {
            return here.resolve(word).toString();
        }
        if (Files.exists(ROOT.resolve(word))) {
            return ROOT.resolve(word).toString();
        }
        return OUTPUTS.contains(previous) ? here.resolve(word).toString() : word;
    }

    /** A line's shape: numbers as #, runs of blanks as one space. */
    static String shape(String line) {
        return NUMBER.matcher(line.strip()).replaceAll("#").replaceAll("\\s+", " ");
    }

    /** A documented line as a pattern over shapes: … stands for anything. */
    static Pattern pattern(String documented) {
        String[] pieces = documented.strip().split("…", -1);
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < pieces.length; i++) {
            if (i > 0) {
                re.append(".*");
            }
            re.append(Pattern.quote(shape(pieces[i]).strip()));
        }
        return Pattern.compile(re.toString());
    }
}
