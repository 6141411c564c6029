package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code .mvn/find-jdk25.sh}, which {@code ./rda}, {@code ./mvnw} and CI source to find a JDK 25+, run under POSIX
 * {@code sh} on fake JDK folders (a {@code release} file and executable {@code bin/java}, {@code bin/javac}): it picks
 * the newest JDK of version 25 or later whatever the release file's quoting, and where there is none it fails with a
 * message naming what it needs.
 */
class FindJdkScriptTest {
    private static final Path SCRIPT = Path.of("..", ".mvn", "find-jdk25.sh").toAbsolutePath().normalize();

    @TempDir
    Path jvms;

    private record Outcome(int status, String javaHome, String stderr) {
    }

    private Path fakeJdk(String name, String releaseLine, boolean javac) throws IOException {
        Path bin = Files.createDirectories(jvms.resolve(name).resolve("bin"));
        List<String> tools = javac ? List.of("java", "javac") : List.of("java");
        for (String tool : tools) {
            Path t = Files.writeString(bin.resolve(tool), "#!/bin/sh\nexit 0\n");
            Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.writeString(jvms.resolve(name).resolve("release"), "IMPLEMENTOR=\"Test\"\n" + releaseLine, StandardCharsets.UTF_8);
        return jvms.resolve(name);
    }

    private Outcome find(String javaHome) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", ". \"$1\" && printf '%s' \"$JAVA_HOME\"", "sh", SCRIPT.toString());
        pb.environment().remove("JAVA_HOME");
        if (javaHome != null) {
            pb.environment().put("JAVA_HOME", javaHome);
        }
        pb.environment().put("RDA_JDK_SEARCH_PATH", jvms.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Outcome(p.waitFor(), out, err);
    }

    @Test
    void picksTheNewestJdkOf25OrLaterWhateverTheQuoting() throws Exception {
        fakeJdk("jdk-17", "JAVA_VERSION=\"17.0.9\"\n", true);
        fakeJdk("jdk-25.0.1", "JAVA_VERSION=\"25.0.1\"\nOS_NAME=\"Linux\"\n", true);
        Path newest = fakeJdk("jdk-25.0.3", "JAVA_VERSION=25.0.3", true); // unquoted, no final newline
        fakeJdk("jre-26", "JAVA_VERSION=\"26\"\n", false); // no javac: not a JDK

        Outcome o = find(null);

        assertThat(o.status()).as(o.stderr()).isZero();
        assertThat(o.javaHome()).isEqualTo(newest.toString());
    }

    @Test
    void keepsASuitableJavaHomeAndReplacesAnOldOneWithANote() throws Exception {
        Path old = fakeJdk("jdk-1.8", "JAVA_VERSION=\"1.8.0_402\"\n", true);
        Path ea = fakeJdk("jdk-26-ea", "JAVA_VERSION=\"26-ea\"\n", true);
        Path given = fakeJdk("jdk-25", "JAVA_VERSION=\"25\"\n", true);

        Outcome kept = find(given.toString());
        assertThat(kept.status()).isZero();
        assertThat(kept.javaHome()).isEqualTo(given.toString());

        Outcome replaced = find(old.toString());
        assertThat(replaced.status()).isZero();
        assertThat(replaced.javaHome()).isEqualTo(ea.toString());
        assertThat(replaced.stderr()).contains("JAVA_HOME=" + old + " is not a JDK 25+");
    }

    @Test
    void failsNamingWhatItNeedsWhereNoJdk25Exists() throws Exception {
        fakeJdk("jdk-17", "JAVA_VERSION=\"17.0.9\"\n", true);
        fakeJdk("jdk-24", "JAVA_VERSION=\"24.0.2\"\n", true);

        Outcome o = find(null);

        assertThat(o.status()).isEqualTo(1);
        assertThat(o.javaHome()).isEmpty();
        assertThat(o.stderr()).contains("needs a JDK 25 or newer").contains("Looked in:").contains(jvms.toString());
    }
}
