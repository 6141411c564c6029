package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Errors a user can cause end in one line and a documented exit code, never a stack trace or an unasked-for usage. */
class ErrorsTest {
    private static void oneLineNoTrace(RdaRun r) {
        assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception:").doesNotContain("Usage:");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    /** A port nothing listens on: bound, then released. */
    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void aRefusedConnectionIsOneLineAndExitCode4() throws Exception {
        RdaRun r = RdaRun.of("bench", "ycsb", "--fabric", "tcp", "--servers", "127.0.0.1:" + closedPort());
        assertThat(r.exitCode()).isEqualTo(Errors.EXIT_ENVIRONMENT);
        assertThat(r.err()).startsWith("rda bench ycsb: cannot connect");
        oneLineNoTrace(r);
    }

    @Test
    void withJsonTheErrorIsAJsonDocumentOnStdoutToo() throws Exception {
        RdaRun r = RdaRun.of("bench", "ycsb", "--fabric", "tcp", "--servers", "127.0.0.1:" + closedPort(), "--json");
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.get("exitCode").asInt()).isEqualTo(4);
        assertThat(doc.get("error").asText()).contains("cannot connect");
    }

    @Test
    void aMalformedOptionIsExitCode2WithoutTheUsage() {
        RdaRun r = RdaRun.of("check", "--budget", "abc");
        assertThat(r.exitCode()).isEqualTo(Errors.EXIT_USAGE);
        assertThat(r.err()).contains("'abc' is not a double").contains("rda check --help");
        oneLineNoTrace(r);
    }

    @Test
    void anUnwritableHistoryPathIsOneLine(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("no-such-folder").resolve("h.jsonl");
        String token = io.rdasuite.crashsim.Explorer.explore(io.rdasuite.crashsim.Subjects.byName("inplace/WRITE/singleton/FLUSH"),
                new io.rdasuite.crashsim.Scenario("inplace/WRITE/singleton/FLUSH", io.rdasuite.store.fabric.ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB"),
                        io.rdasuite.store.fabric.Transport.IB, 1, io.rdasuite.crashsim.Program.sequentialPuts(2)),
                new io.rdasuite.crashsim.Budget(30, 4, 1)).violations().getFirst().token();
        RdaRun r = RdaRun.of("replay", "--history", missing.toString(), token);
        assertThat(r.exitCode()).isEqualTo(Errors.EXIT_ENVIRONMENT);
        assertThat(r.err()).contains("no such file or folder: " + missing);
        oneLineNoTrace(r);
        assertThat(Files.exists(missing)).isFalse();
    }

    @Test
    void anInternalErrorNamesItselfAsABug() {
        assertThat(Errors.ioCause(new RuntimeException(new java.io.UncheckedIOException(new java.net.ConnectException("refused")))))
                .isInstanceOf(java.net.ConnectException.class);
        assertThat(Errors.describe(new java.nio.file.AccessDeniedException("/x"))).isEqualTo("permission denied: /x");
    }
}
