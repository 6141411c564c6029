package io.rdasuite.crashsim.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fuzz tokens carry a whole crash state and reject any one changed character; the corpus keeps them. */
class FuzzTokenTest {
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    static FuzzCase sample() {
        Program p = new Program(List.of(List.of(Op.put(0, 1), Op.delete(0), Op.get(3)), List.of(Op.put(3, 2))));
        FaultSchedule s = new FaultSchedule(FaultSchedule.ServerCrash.PROCESS_CRASH, FaultSchedule.Repeat.AFTER_RECOVERY,
                new Program(List.of(List.of(Op.delete(3)), List.of())), List.of(new FaultSchedule.ClientCrash(1, 430)),
                List.of(new FaultSchedule.Stall("ef-server.background", 120, 7_000)), 3, 250, true);
        return new FuzzCase(new Scenario("kv/efactory-cleaning", ServerConfig.parse("DMP+DDIO+PM-RQWRB"), Transport.IWARP, 1234567, p), s);
    }

    @Test
    void aTokenRoundTrips() {
        CrashPath path = new CrashPath(77, new int[] {1, 0, 2}, 3, 140, new int[] {0, 1}, 0);
        String token = FuzzToken.encode(sample(), path, Plant.NONE);
        assertThat(token).startsWith(FuzzToken.PREFIX).matches("rdaf2\\.[A-Za-z0-9_-]+\\.[0-9a-f]{8}");
        FuzzToken.Decoded d = FuzzToken.decode(token);
        assertThat(d.fuzzCase()).isEqualTo(sample());
        assertThat(d.path()).isEqualTo(path);
        assertThat(d.plant()).isEqualTo(Plant.NONE);
        assertThat(FuzzToken.decode(FuzzToken.encode(sample(), CrashPath.single(5, new int[0], 0), Plant.NONE)).path().repeated()).isFalse();
    }

    @Test
    void everyOneCharacterChangeIsRejected() {
        String token = FuzzToken.encode(sample(), new CrashPath(77, new int[] {1, 0, 2}, 3, 140, new int[] {0, 1}, 0), Plant.NONE);
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            char other = i < FuzzToken.PREFIX.length() || c == '.' ? 'x' : ALPHABET.charAt((ALPHABET.indexOf(c) + 1 + i % 63) % ALPHABET.length());
            if (Character.isDigit(other) == Character.isDigit(c) && Character.toLowerCase(other) == Character.toLowerCase(c)) {
                continue; // the checksum's hex digits compare without case
            }
            String changed = token.substring(0, i) + other + token.substring(i + 1);
            assertThatThrownBy(() -> FuzzToken.decode(changed)).as("position %d", i).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("malformed replay token");
        }
        assertThatThrownBy(() -> FuzzToken.decode(token.substring(0, token.length() - 4))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FuzzToken.decode("rda1.abc")).hasMessageContaining("must start with 'rdaf2.'");
    }

    @Test
    void theCorpusKeepsTokensWithTheirComments(@TempDir Path dir) throws Exception {
        String a = FuzzToken.encode(sample(), CrashPath.single(5, new int[0], 0), Plant.NONE);
        String b = FuzzToken.encode(sample(), CrashPath.single(6, new int[0], 0), Plant.NONE);
        Path fa = FuzzCorpus.save(dir.resolve("corpus"), a, List.of("kv/efactory-cleaning: RDA - torn", "found by rda fuzz --seed 1"));
        FuzzCorpus.save(dir.resolve("corpus"), b, List.of());
        assertThat(FuzzCorpus.save(dir.resolve("corpus"), a, List.of("again"))).as("the same token, the same file").isEqualTo(fa);
        assertThat(Files.readAllLines(fa)).first().isEqualTo(a);
        List<FuzzCorpus.Entry> loaded = FuzzCorpus.load(dir.resolve("corpus"));
        assertThat(loaded).extracting(FuzzCorpus.Entry::token).containsExactlyInAnyOrder(a, b);
        assertThat(FuzzCorpus.load(dir.resolve("none"))).isEmpty();
    }
}
