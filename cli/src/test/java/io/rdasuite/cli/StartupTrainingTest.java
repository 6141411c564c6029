package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The start-up cache's training run: every command it runs exits as expected, and it leaves no files behind. */
class StartupTrainingTest {
    @Test
    void trainingRunsEveryCommandAndCleansUp() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long before = trainingDirs(tmp);
        assertThatCode(() -> StartupTraining.main(new String[0])).doesNotThrowAnyException();
        assertThat(trainingDirs(tmp)).isEqualTo(before);
    }

    private static long trainingDirs(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("rda-startup-training")).count();
        }
    }
}
