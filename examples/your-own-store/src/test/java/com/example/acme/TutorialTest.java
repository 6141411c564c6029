package com.example.acme;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.testkit.StoreCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * docs/YOUR-OWN-STORE.md cannot go stale: each code block it marks {@code <!-- from: FILE#TAG -->} is the text between
 * {@code tag::TAG[]} and {@code end::TAG[]} in this project's FILE, and the report it marks {@code <!-- output -->} is
 * what the kit prints for the table with its planted mistake today.
 */
class TutorialTest {
    private static final Pattern MARKED = Pattern.compile("<!-- (from: (\\S+)#(\\S+)|output) -->\\n```\\w*\\n(.*?)```", Pattern.DOTALL);

    @Test
    void theTutorialShowsTheCodeAndTheReportAsTheyAre() throws IOException {
        Path doc = Path.of("../../docs/YOUR-OWN-STORE.md");
        Assumptions.assumeTrue(Files.exists(doc), "docs/YOUR-OWN-STORE.md is not beside this project (the example copied out of its checkout)");
        String text = Files.readString(doc);
        Matcher m = MARKED.matcher(text);
        int blocks = 0;
        while (m.find()) {
            blocks++;
            String shown = m.group(4);
            if (m.group(1).equals("output")) {
                String report = PlantedBugs.with(AcmeTablePlant.EARLY_ACK, () -> StoreCheck.run(AcmeTableProtocol.TABLE, StoreCheck.Settings.defaults()
                        .withConfigs(List.of(ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"))).withBudget(0.1).withFuzzRuns(0))).describe();
                assertThat(shown.strip()).as("the report the tutorial shows").isEqualTo(report.strip());
            } else {
                assertThat(shown).as(m.group(2) + "#" + m.group(3)).isEqualTo(region(Path.of(m.group(2)), m.group(3)));
            }
        }
        assertThat(blocks).as("marked blocks in the tutorial").isGreaterThanOrEqualTo(6);
    }

    /** The lines between the tag's markers, their common indentation removed, each ending in a newline; tag {@code file}: the whole file. */
    static String region(Path file, String tag) throws IOException {
        if (tag.equals("file")) {
            return Files.readString(file);
        }
        List<String> lines = Files.readAllLines(file);
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : lines) {
            if (line.contains("end::" + tag + "[]")) {
                in = false;
            } else if (in) {
                out.add(line);
            } else if (line.contains("tag::" + tag + "[]")) {
                in = true;
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no tag " + tag + " in " + file);
        }
        int indent = out.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        StringBuilder b = new StringBuilder();
        out.forEach(l -> b.append(l.isBlank() ? "" : l.substring(indent)).append('\n'));
        return b.toString();
    }
}
