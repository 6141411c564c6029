package io.rdasuite.hwreal;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.crash.KillCycle;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.protocol.KvProtocol;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real process crashes (issue 6): a child JVM runs a store on mapped-file PM under a seeded workload and is
 * killed with SIGKILL at seeded random moments, again and again on the same files; after each kill this JVM
 * recovers the store and checks its claims. {@code -Drda.kills=N} kills each store N times (default 10),
 * {@code -Drda.seed=S} picks the moments.
 */
class ProcessCrashTest {
    @Test
    void storesSurviveSigkillAtSeededMoments(@TempDir Path dir) {
        int kills = Integer.getInteger("rda.kills", 10);
        long seed = Long.getLong("rda.seed", 1);
        long start = System.nanoTime();
        int total = 0;
        for (KvProtocol protocol : List.of(ErdaProtocol.ERDA, EfProtocol.EFACTORY, BaselineProtocol.REDO)) {
            Path files = dir.resolve(protocol.cliName());
            Map<Integer, Long> acked = new HashMap<>();
            SplittableRandom moments = new SplittableRandom(seed);
            int acks = 0;
            for (int i = 0; i < kills; i++) {
                long runMillis = moments.nextLong(5, 200);
                // at least 4 acknowledged puts before the seeded moment starts: on a loaded machine the child's start-up
                // could otherwise eat the whole moment, and ten kills would then leave keys never written
                KillCycle.Outcome o = KillCycle.run(protocol, files, seed * 1000 + i, runMillis, 4, acked, dir.resolve("stderr.txt"));
                assertThat(o.problems()).as("%s, kill %d after %d ms; reproduce with ./mvnw -pl hw-real -am verify -Dtest=ProcessCrashTest"
                        + " -Drda.seed=%d -Drda.kills=%d", protocol.cliName(), i, runMillis, seed, kills).isEmpty();
                acks += o.acks();
                total++;
            }
            assertThat(acks).as("%s made progress between kills", protocol.cliName()).isGreaterThan(kills);
            assertThat(acked).as("every key was written at least once").hasSize(16);
        }
        double minutes = (System.nanoTime() - start) / 60e9;
        System.out.printf("process crashes: %d SIGKILLs and recoveries in %.1f s (%.0f per minute)%n", total, minutes * 60, total / minutes);
    }

    /** The check is shown able to fail: a store whose data file is scribbled over, and a claim of a newer acknowledged put. */
    @Test
    void theCheckCatchesCorruptedValuesAndLostAcknowledgedPuts(@TempDir Path dir) throws Exception {
        Path files = dir.resolve("redo");
        Map<Integer, Long> acked = new HashMap<>();
        KillCycle.Outcome o = KillCycle.run(BaselineProtocol.REDO, files, 7, 100, 20, acked, dir.resolve("stderr.txt"));
        assertThat(o.problems()).isEmpty();
        assertThat(acked).as("puts acknowledged before the kill, even on a loaded machine").isNotEmpty();
        Map<Integer, Long> tooNew = new HashMap<>(acked);
        tooNew.replaceAll((k, s) -> s + 1_000_000);
        assertThat(io.rdasuite.hwreal.crash.CrashCheck.check(BaselineProtocol.REDO, files, tooNew))
                .anyMatch(p -> p.contains("older than its acknowledged put"));
        Path data = files.resolve("n0-baseline-data.pm");
        byte[] garbage = new byte[(int) java.nio.file.Files.size(data)];
        java.util.Arrays.fill(garbage, (byte) 0x5A);
        java.nio.file.Files.write(data, garbage);
        assertThat(io.rdasuite.hwreal.crash.CrashCheck.check(BaselineProtocol.REDO, files, acked)).anyMatch(p -> p.contains("torn or foreign"));
    }
}
