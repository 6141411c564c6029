package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.protocol.Claims;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Each invariant fires on the history that breaks it, and stays quiet on the one that does not. */
class InvariantsTest {
    /** Values are the 8-byte big-endian tag; only the value derivation is used here. */
    private static final io.rdasuite.store.fabric.ServerConfig CONFIG = io.rdasuite.store.fabric.ServerConfig.parse("MHP+DDIO+PM-RQWRB");
    private static final Subject EIGHT_BYTES = new Subject() {
        @Override
        public String name() {
            return "test";
        }

        @Override
        public Claims claims(io.rdasuite.store.fabric.ServerConfig config) {
            return Claims.ALL;
        }

        @Override
        public byte[] valueBytes(int key, long value) {
            return ByteBuffer.allocate(8).putLong(value).array();
        }

        @Override
        public Deployment deploy(SimFabric fabric, Program program) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
            throw new UnsupportedOperationException();
        }
    };

    private static OpRecord put(long value, long invoke, long complete) {
        return new OpRecord(0, Op.put(7, value), invoke, complete, null);
    }

    private static OpRecord get(long value, long invoke, long complete) {
        return new OpRecord(0, Op.get(7), invoke, complete, EIGHT_BYTES.valueBytes(7, value));
    }

    private static List<Invariant> check(List<OpRecord> history, byte[] observed) {
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        if (observed != null) {
            values.put(7, observed);
        }
        return Invariants.check(EIGHT_BYTES, CONFIG, history, new Observation(values, List.of())).stream().map(Invariants.Failure::invariant).toList();
    }

    @Test
    void rdaFiresOnBytesNoPutWrote() {
        assertThat(check(List.of(put(1, 0, 5)), new byte[] {0, 0, 0, 0, 0, 0, 0, 9})).contains(Invariant.RDA);
        assertThat(check(List.of(put(1, 0, 5)), EIGHT_BYTES.valueBytes(7, 1))).isEmpty();
    }

    @Test
    void durabilityFiresWhenAnAcknowledgedPutIsMissingOrOlder() {
        assertThat(check(List.of(put(1, 0, 5)), null)).containsExactly(Invariant.DURABILITY);
        assertThat(check(List.of(put(1, 0, 5), put(2, 6, 9)), EIGHT_BYTES.valueBytes(7, 1))).containsExactly(Invariant.DURABILITY);
        // A put pending at the crash may or may not have taken effect.
        assertThat(check(List.of(put(1, 0, 5), put(2, 6, -1)), EIGHT_BYTES.valueBytes(7, 1))).isEmpty();
        assertThat(check(List.of(put(1, 0, 5), put(2, 6, -1)), EIGHT_BYTES.valueBytes(7, 2))).isEmpty();
        assertThat(check(List.of(put(1, 0, -1)), null)).isEmpty();
    }

    @Test
    void monotonicReadsFiresWhenARecoveryTakesBackAValueThatWasRead() {
        // put 2 is pending (never acknowledged), but a get returned it; recovery then shows value 1.
        List<OpRecord> history = List.of(put(1, 0, 5), put(2, 6, -1), get(2, 8, 10));
        assertThat(check(history, EIGHT_BYTES.valueBytes(7, 1))).containsExactly(Invariant.MONOTONIC_READS);
        assertThat(check(history, EIGHT_BYTES.valueBytes(7, 2))).isEmpty();
    }

    private static OpRecord delete(long invoke, long complete) {
        return new OpRecord(0, Op.delete(7), invoke, complete, null);
    }

    private static OpRecord getAbsent(long invoke, long complete) {
        return new OpRecord(0, Op.get(7), invoke, complete, new byte[8]);
    }

    @Test
    void aDeleteWritesAbsent() {
        assertThat(check(List.of(put(1, 0, 5), delete(6, 9)), null)).isEmpty();
        assertThat(check(List.of(put(1, 0, 5), delete(6, 9)), EIGHT_BYTES.valueBytes(7, 1))).containsExactly(Invariant.DURABILITY);
        // a delete acknowledged before the put began cannot be the newest write: absent is lost data
        assertThat(check(List.of(delete(0, 3), put(1, 4, 8)), null)).containsExactly(Invariant.DURABILITY);
        // a delete pending at the crash may or may not have taken effect
        assertThat(check(List.of(put(1, 0, 5), delete(6, -1)), null)).isEmpty();
        assertThat(check(List.of(put(1, 0, 5), delete(6, -1)), EIGHT_BYTES.valueBytes(7, 1))).isEmpty();
    }

    @Test
    void aKeyReadAsDeletedIsNotBroughtBackAndAReadValueIsNotDeletedByAnOlderDelete() {
        List<OpRecord> readDeleted = List.of(put(1, 0, 5), delete(6, -1), getAbsent(8, 10));
        assertThat(check(readDeleted, EIGHT_BYTES.valueBytes(7, 1))).containsExactly(Invariant.MONOTONIC_READS);
        assertThat(check(readDeleted, null)).isEmpty();
        // the read of 2 is taken back only if no delete could follow it
        assertThat(check(List.of(put(2, 0, 5), get(2, 6, 8), delete(9, -1)), null)).isEmpty();
        assertThat(check(List.of(delete(0, 2), put(2, 3, 5), get(2, 6, 8)), null))
                .containsExactlyInAnyOrder(Invariant.DURABILITY, Invariant.MONOTONIC_READS);
        // without deletes a read of "absent" before the crash is none of these checks' business (as before deletes)
        assertThat(check(List.of(put(1, 0, 5), getAbsent(6, 8)), EIGHT_BYTES.valueBytes(7, 1))).isEmpty();
    }

    @Test
    void structuralErrorsAreReported() {
        List<Invariants.Failure> f = Invariants.check(EIGHT_BYTES, CONFIG, List.of(), new Observation(new TreeMap<>(), List.of("tail past end")));
        assertThat(f).extracting(Invariants.Failure::invariant).containsExactly(Invariant.STRUCTURE);
    }
}
