package io.rdasuite.crashsim.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.OpRecord;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Read After Write (recoverable layout, paper 000 §5.1) after a power failure, recovery, more puts and a second power
 * failure: the two failures {@code rda fuzz --runs 4000 --protocols redo,raw} found with seeds 2 (run 3941) and 3 (run
 * 754), as shrunk.
 *
 * <p>In both, a put pending at the first power failure had reserved sequence 1 in ring slot 0, and the power failure
 * kept a prefix of its WRITE: key, value and the CRC over them and sequence 1, but not the stored sequence. Recovery
 * counted only complete records, so it handed sequence 1 and slot 0 out again. The poller then found the stale record
 * intact for the new reservation and applied the earlier life's put in place of the acknowledged one, and checkpointed
 * past it, so the second recovery did not replay the acknowledged put either (seed 3: key 1 read the pending put's 1,
 * not the acknowledged 2; seed 2: key 4's acknowledged put read as absent).
 *
 * <p>Each case is cut at every event of its first run, with every image there; the restarted run goes to its end and
 * is cut by a second power failure (the oldest and the newest image). After it, every key whose last write in the
 * restarted run was acknowledged, and overlapped no other write of that key, must read what that write left.
 */
class RawSequenceAfterRecoveryTest {
    private static FuzzCase twoPowerFailures(String config, long seed, Program before, Program after) {
        FaultSchedule s = FaultSchedule.POWER_FAILURE_ONLY.withRepeat(FaultSchedule.Repeat.AFTER_RECOVERY, after);
        return new FuzzCase(new Scenario("kv/raw", ServerConfig.parse(config), Transport.IWARP, seed, before), s);
    }

    /** The acknowledged writes the second power failure took back, one line each. */
    private static List<String> lostWrites(FuzzCase c) {
        FuzzExecution.Resolved r = FuzzExecution.resolve(c);
        KvSubject subject = (KvSubject) r.subject();
        long events = FuzzExecution.first(r, -1, 0).events();
        List<String> lost = new ArrayList<>();
        int states = 0;
        for (long point = 1; point <= events; point++) {
            CrashFrontier frontier = FuzzExecution.first(r, point, 0).frontier();
            if (frontier == null) {
                continue;
            }
            for (CrashImage image : frontier.enumerate(64, point)) {
                long end = FuzzExecution.second(r, image, -1, 0).events();
                FuzzExecution.Run again = FuzzExecution.second(r, image, end, 0);
                if (again.frontier() == null) {
                    continue;
                }
                for (CrashImage second : List.of(again.frontier().oldest(), again.frontier().newest())) {
                    states++;
                    var values = FuzzExecution.observe(r, second).observation().values();
                    for (int key : new TreeSet<>(again.history().stream().map(h -> h.op().key()).toList())) {
                        OpRecord last = lastWriteAlone(again.history(), key);
                        if (last == null) {
                            continue;
                        }
                        byte[] expected = last.op().kind() == Op.Kind.PUT ? subject.valueBytes(key, last.op().value()) : null;
                        if (!Arrays.equals(values.get(key), expected)) {
                            lost.add("first crash before event " + point + " (" + image.describe() + "), second at the end (" + second.describe() + "): key " + key
                                    + " lost " + last.op());
                        }
                    }
                }
            }
        }
        assertThat(states).as("crash states checked").isGreaterThan(50);
        return lost;
    }

    /** The last write (put or delete) of {@code key}, when it was acknowledged and began after every other write of it ended. */
    private static OpRecord lastWriteAlone(List<OpRecord> history, int key) {
        List<OpRecord> writes = history.stream().filter(h -> h.op().key() == key && h.op().kind() != Op.Kind.GET)
                .sorted(Comparator.comparingLong(OpRecord::invokeEvent)).toList();
        if (writes.isEmpty()) {
            return null;
        }
        OpRecord last = writes.getLast();
        boolean alone = writes.stream().filter(w -> w != last).allMatch(w -> w.completed() && w.completeEvent() <= last.invokeEvent());
        return last.completed() && alone ? last : null;
    }

    /** Seed 3, run 754 (MHP+DDIO+DRAM-RQWRB over iWARP): G0,G0,P1:1, power failure, P1:2,P0:3, power failure. */
    @Test
    void anAcknowledgedOverwriteSurvivesASecondPowerFailure() {
        assertThat(lostWrites(twoPowerFailures("MHP+DDIO+DRAM-RQWRB", 13523546065774243L,
                new Program(List.of(List.of(Op.get(0), Op.get(0), Op.put(1, 1)))),
                new Program(List.of(List.of(Op.put(1, 2), Op.put(0, 3))))))).isEmpty();
    }

    /** Seed 2, run 3941 (DMP+NODDIO+DRAM-RQWRB over iWARP): /P2:6/D0, power failure, /P4:8,P2:9,P3:11/, power failure. */
    @Test
    void anAcknowledgedCreateSurvivesASecondPowerFailure() {
        assertThat(lostWrites(twoPowerFailures("DMP+NODDIO+DRAM-RQWRB", 23727785490639953L,
                new Program(List.of(List.of(), List.of(Op.put(2, 6)), List.of(Op.delete(0)))),
                new Program(List.of(List.of(), List.of(Op.put(4, 8), Op.put(2, 9), Op.put(3, 11)), List.of()))))).isEmpty();
    }
}
