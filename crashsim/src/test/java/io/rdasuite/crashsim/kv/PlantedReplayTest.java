package io.rdasuite.crashsim.kv;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Violation;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.store.baseline.BaselinePlantedBug;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.mutation.PlantedBugs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A failure found with a bug planted replays from its token alone: the token carries the plant. */
class PlantedReplayTest {
    @Test
    void aPlantedFailureReplaysWithItsPlantAndNotWithout() {
        KvSubject subject = new KvSubject(BaselineProtocol.REDO);
        ServerConfig config = ServerConfig.parse("WSP+NODDIO+DRAM-RQWRB");
        Scenario s = new Scenario(subject.name(), config, Transport.IB, 1, new Program(List.of(List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1), Op.put(2, 1), Op.get(2)),
                List.of(Op.get(1), Op.put(1, 3), Op.get(2), Op.put(2, 2)))));
        Explorer.Report r = PlantedBugs.with(BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST, () -> Explorer.explore(subject, s, new Budget(150, 16, 4)));
        assertThat(r.passed()).as("the planted ack-before-persist loses an acknowledged put").isFalse();
        Violation v = r.violations().getFirst();
        String token = PlantedBugs.with(BaselinePlantedBug.REDO_ACK_BEFORE_PERSIST, v::token);
        assertThat(PlantedBugs.activePlant()).isEqualTo(Plant.NONE);
        List<Violation> replayed = Explorer.replayAll(token);
        assertThat(replayed).extracting(Violation::invariant).contains(v.invariant());
        assertThat(PlantedBugs.activePlant()).as("the replay restores the switch").isEqualTo(Plant.NONE);
        List<Violation> without;
        try {
            without = Explorer.replayAll(v.token()); // the same scenario and crash state, the store as written
        } catch (IllegalArgumentException e) {
            without = List.of(); // the store as written runs differently: that crash event may not exist
        }
        assertThat(without).extracting(Violation::invariant).doesNotContain(v.invariant());
    }
}
