package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The explorer reuses a state's findings for a later state whose history and observation have equal content: the key
 * must tell apart every difference a check can see, or a state would get another state's verdict.
 */
class CheckedStateTest {
    private static List<OpRecord> history(byte readByte, long completeEvent) {
        return new ArrayList<>(List.of(new OpRecord(0, Op.put(1, 7), 3, completeEvent, null),
                new OpRecord(1, Op.get(1), 5, 9, new byte[] {readByte, 2})));
    }

    private static Observation observed(byte valueByte, String error, int unreadable) {
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        values.put(1, new byte[] {valueByte, 2});
        TreeSet<Integer> lost = new TreeSet<>();
        if (unreadable >= 0) {
            lost.add(unreadable);
        }
        return new Observation(values, error == null ? List.of() : List.of(error), lost);
    }

    private static Explorer.CheckedState state(List<OpRecord> h, Observation o) {
        return new Explorer.CheckedState(h, o);
    }

    @Test
    void equalContentInDistinctObjectsIsOneState() {
        Explorer.CheckedState a = state(history((byte) 1, 8), observed((byte) 1, null, -1));
        Explorer.CheckedState b = state(history((byte) 1, 8), observed((byte) 1, null, -1));
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    }

    @Test
    void anyDifferenceACheckCanSeeMakesAnotherState() {
        Explorer.CheckedState base = state(history((byte) 1, 8), observed((byte) 1, null, -1));
        assertThat(base).isNotEqualTo(state(history((byte) 3, 8), observed((byte) 1, null, -1))); // a get's bytes
        assertThat(base).isNotEqualTo(state(history((byte) 1, -1), observed((byte) 1, null, -1))); // a put not acknowledged
        assertThat(base).isNotEqualTo(state(history((byte) 1, 8), observed((byte) 4, null, -1))); // recovered bytes
        assertThat(base).isNotEqualTo(state(history((byte) 1, 8), observed((byte) 1, "bad checksum", -1))); // structure
        assertThat(base).isNotEqualTo(state(history((byte) 1, 8), observed((byte) 1, null, 1))); // unreadable key
        Observation earlier = observed((byte) 1, null, -1).afterEarlierCrashes(List.of(4L));
        assertThat(base).isNotEqualTo(state(history((byte) 1, 8), earlier)); // an earlier crash
        List<OpRecord> longer = history((byte) 1, 8);
        longer.add(new OpRecord(0, Op.delete(1), 10, -1, null));
        assertThat(base).isNotEqualTo(state(longer, observed((byte) 1, null, -1))); // one more operation
    }
}
