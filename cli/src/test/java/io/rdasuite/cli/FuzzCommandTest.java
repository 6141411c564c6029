package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rda fuzz}: deterministic JSON, errors naming the valid choices, a caught control replayed and kept in the corpus. */
class FuzzCommandTest {
    private static JsonNode withoutWallClock(String json) throws Exception {
        return RdaRun.withoutWallClock(json);
    }

    @Test
    void jsonIsIdenticalForTheSameSeed(@TempDir Path dir) throws Exception {
        String[] args = {"fuzz", "--json", "--runs", "16", "--seed", "3", "--corpus", dir.resolve("c").toString()};
        RdaRun first = RdaRun.of(args);
        RdaRun second = RdaRun.of(args);
        assertThat(first.exitCode()).as(first.err()).isZero();
        JsonNode a = withoutWallClock(first.out());
        assertThat(withoutWallClock(second.out())).isEqualTo(a);
        assertThat(a.get("runs").asLong()).isEqualTo(16);
        assertThat(a.get("crashStates").asLong()).isPositive();
        assertThat(a.get("verdict").asText()).isEqualTo("PASS");
        assertThat(a.get("stores")).hasSize(11);
    }

    @Test
    void badOptionsAreErrorsNamingTheValidChoices() {
        RdaRun store = RdaRun.of("fuzz", "--protocols", "erda,nosuch");
        assertThat(store.exitCode()).isEqualTo(2);
        assertThat(store.err()).contains("unknown store 'nosuch'").contains("erda-cleaning").contains("remotelog").contains("inplace");
        RdaRun time = RdaRun.of("fuzz", "--time", "3x");
        assertThat(time.exitCode()).isEqualTo(2);
        assertThat(time.err()).contains("ms, s, m or h");
        RdaRun plant = RdaRun.of("fuzz", "--plant", "nosuch");
        assertThat(plant.exitCode()).isEqualTo(2);
        assertThat(plant.err()).contains("unknown planted bug 'nosuch'").contains("none");
    }

    @Test
    void theInPlaceControlIsCaughtReplayedAndKeptInTheCorpus(@TempDir Path dir) throws Exception {
        Path corpus = dir.resolve("corpus");
        RdaRun run = RdaRun.of("fuzz", "--protocols", "inplace", "--runs", "8", "--seed", "1", "--corpus", corpus.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out()).contains("FAILURE (run").contains("shrunk in").contains("last events before the crash").contains("verdict: FAIL");
        Matcher m = Pattern.compile("rda replay (rdaf2\\.[A-Za-z0-9_.-]+)").matcher(run.out());
        assertThat(m.find()).isTrue();
        String token = m.group(1);
        RdaRun replay = RdaRun.of("replay", token);
        assertThat(replay.exitCode()).isEqualTo(1);
        assertThat(replay.out()).contains("RDA: key").contains("faults: server power failure");
        char last = token.charAt(token.length() - 2);
        RdaRun typo = RdaRun.of("replay", token.substring(0, token.length() - 2) + (last == 'A' ? 'B' : 'A') + token.charAt(token.length() - 1));
        assertThat(typo.exitCode()).isEqualTo(2);
        assertThat(typo.err()).contains("checksum does not match");
        try (var files = Files.list(corpus)) {
            assertThat(files.toList()).singleElement().satisfies(f -> assertThat(Files.readAllLines(f)).first().isEqualTo(token));
        }
        RdaRun again = RdaRun.of("fuzz", "--protocols", "inplace", "--runs", "0", "--corpus", corpus.toString());
        assertThat(again.exitCode()).as("a saved failure that still fails fails the campaign").isEqualTo(1);
        assertThat(again.out()).contains("1 saved failure(s) replayed, 1 still fail(s)").contains("STILL FAILS, inplace/").contains(": RDA - ")
                .contains("replay: rda replay " + token).contains("clear it (once the failure is understood): rm ");
        RdaRun others = RdaRun.of("fuzz", "--protocols", "erda", "--runs", "0", "--corpus", corpus.toString());
        assertThat(others.exitCode()).as("a saved failure of another store does not fail this campaign").isZero();
        assertThat(others.out()).contains("1 of other stores not replayed").contains("(inplace)");
    }

    /** A saved failure that passes now (here: the control's crash state, moved onto SAW and cut before it wrote anything) is dropped. */
    @Test
    void aSavedFailureThatPassesNowIsDroppedWithALine(@TempDir Path dir) throws Exception {
        Path corpus = dir.resolve("corpus");
        RdaRun run = RdaRun.of("fuzz", "--protocols", "inplace", "--runs", "8", "--seed", "1", "--corpus", corpus.toString());
        Matcher m = Pattern.compile("rda replay (rdaf2\\.[A-Za-z0-9_.-]+)").matcher(run.out());
        assertThat(m.find()).isTrue();
        io.rdasuite.crashsim.fuzz.FuzzToken.Decoded d = io.rdasuite.crashsim.fuzz.FuzzToken.decode(m.group(1));
        io.rdasuite.crashsim.Scenario s = d.fuzzCase().scenario();
        io.rdasuite.crashsim.fuzz.FuzzCase onErda = new io.rdasuite.crashsim.fuzz.FuzzCase(
                new io.rdasuite.crashsim.Scenario("kv/saw", s.config(), s.transport(), s.seed(), s.program()), d.fuzzCase().schedule());
        String passing = io.rdasuite.crashsim.fuzz.FuzzToken.encode(onErda, io.rdasuite.crashsim.fuzz.CrashPath.single(1, new int[0], 0), d.plant());
        try (var files = Files.list(corpus)) {
            files.forEach(f -> f.toFile().delete());
        }
        Path saved = io.rdasuite.crashsim.fuzz.FuzzCorpus.save(corpus, passing, java.util.List.of("hand-made: passes"));
        RdaRun again = RdaRun.of("fuzz", "--protocols", "saw", "--runs", "0", "--corpus", corpus.toString());
        assertThat(again.exitCode()).as(again.out() + again.err()).isZero();
        assertThat(again.out()).contains(saved.getFileName() + ": passes now, dropped from the corpus");
        assertThat(saved).doesNotExist();
    }
}
