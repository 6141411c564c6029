package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGINT and SIGTERM stop {@code rda fuzz} and {@code rda check} cleanly (issue 27): a real {@code rda} process is
 * signalled once it has found something, and must print what it found with a partial verdict, save it where it can be
 * replayed, and exit 130. The waits are for output, never for a time.
 */
@DisabledOnOs(OS.WINDOWS)
class InterruptTest {
    private static Process rda(Path dir, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Rda.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
    }

    private static void signal(Process p, String name) throws Exception {
        assertThat(new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).start().waitFor()).isZero();
    }

    /** Waits until the process's standard error has a line containing {@code text} (the process is still running). */
    private static void awaitErr(Process p, Path dir, String text) throws Exception {
        while (!Files.readString(dir.resolve("err.txt")).contains(text)) {
            assertThat(p.isAlive()).as("rda ended before printing '" + text + "': " + Files.readString(dir.resolve("err.txt"))).isTrue();
            Thread.onSpinWait();
            Thread.sleep(50);
        }
    }

    /**
     * Whether this process was started with SIGINT ignored, as a non-interactive shell starts its background jobs
     * ({@code cmd &}): the disposition is inherited through exec, and the JVM then leaves SIGINT ignored rather than
     * install a handler (Linux's {@code /proc/self/status}, field SigIgn, bit 1). A child started from here cannot be
     * stopped by SIGINT at all; SIGTERM, which no shell ignores for its jobs, takes the same path in {@link Interrupts}.
     */
    static boolean sigintIgnoredHere() throws Exception {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 1)) != 0;
            }
        }
        return false;
    }

    @Test
    void sigintAfterAFailureSavesItAndExits130(@TempDir Path dir) throws Exception {
        String name = sigintIgnoredHere() ? "TERM" : "INT";
        if (name.equals("TERM")) {
            System.err.println("InterruptTest: SIGINT is ignored in this process (started as a background job?), so its child"
                    + " cannot receive it; the fuzz run is stopped with SIGTERM instead");
        }
        Path corpus = dir.resolve("corpus");
        Process p = rda(dir, "fuzz", "--protocols", "inplace", "--runs", "100000000", "--seed", "1", "--corpus", corpus.toString());
        awaitErr(p, dir, "failures, "); // the first progress line (every 5 s); the control fails in its first runs
        signal(p, name);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isEqualTo(Interrupts.EXIT_INTERRUPTED);
        assertThat(out).contains("FAILURE (run").contains("not shrunk").contains("verdict: FAIL (partial: stopped by SIG" + name + " after");
        Matcher m = Pattern.compile("rda replay (rdaf2\\.[A-Za-z0-9_.-]+)").matcher(out);
        assertThat(m.find()).isTrue();
        try (var files = Files.list(corpus)) {
            assertThat(files.toList()).isNotEmpty().anySatisfy(f -> assertThat(Files.readAllLines(f)).first().isEqualTo(m.group(1)));
        }
        assertThat(RdaRun.of("replay", m.group(1)).exitCode()).as("the saved failure replays").isEqualTo(1);
        assertThat(Files.readString(dir.resolve("err.txt"))).contains("stopped by SIG" + name);
    }

    @Test
    void sigtermStopsACheckWithAPartialVerdict(@TempDir Path dir) throws Exception {
        Process p = rda(dir, "check", "--clusters", "none", "--budget", "4");
        awaitErr(p, dir, "check: "); // the first progress line
        signal(p, "TERM");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isEqualTo(Interrupts.EXIT_INTERRUPTED);
        Matcher m = Pattern.compile("verdict: (PASS|FAIL) \\(partial: stopped by SIGTERM after (\\d+) of (\\d+) cells\\)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        assertThat(Integer.parseInt(m.group(2))).isLessThan(Integer.parseInt(m.group(3)));
        try (BufferedReader r = Files.newBufferedReader(dir.resolve("err.txt"))) {
            assertThat(r.lines().anyMatch(l -> l.contains("stopped by SIGTERM after"))).isTrue();
        }
    }
}
