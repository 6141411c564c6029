package io.rdasuite.linearizability.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.OpRecord;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.hwsim.fabric.SimFabric;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.protocol.Claims;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The crash explorer's LINEARIZABILITY: crash runs as histories, durable semantics for stores durable at ack,
 * buffered for the others, and the check catching Erda's lost acknowledged puts once Erda is made to claim
 * durability.
 */
class CrashHistoryCheckTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("DMP+DDIO+DRAM-RQWRB");
    private static final KvSubject REDO = new KvSubject(BaselineProtocol.REDO);
    private static final KvSubject EFACTORY = new KvSubject(EfProtocol.EFACTORY);
    private static final CrashHistoryCheck CHECK = new CrashHistoryCheck();

    private static Observation observed(int key, byte[] value) {
        TreeMap<Integer, byte[]> values = new TreeMap<>();
        if (value != null) {
            values.put(key, value);
        }
        return new Observation(values, List.of());
    }

    private static final List<OpRecord> ACKED_PUT_THEN_PENDING = List.of(
            new OpRecord(0, Op.put(1, 1), 0, 10, null),
            new OpRecord(1, Op.get(1), 12, 20, REDO.valueBytes(1, 1)),
            new OpRecord(0, Op.put(1, 2), 11, -1, null)); // pending at the crash

    @Test
    void aPendingPutMayOrMayNotSurviveButAnAcknowledgedOneMust() {
        assertThat(CHECK.check(REDO, CONFIG, ACKED_PUT_THEN_PENDING, observed(1, REDO.valueBytes(1, 1)))).isNull();
        assertThat(CHECK.check(REDO, CONFIG, ACKED_PUT_THEN_PENDING, observed(1, REDO.valueBytes(1, 2)))).isNull();
        assertThat(CHECK.check(REDO, CONFIG, ACKED_PUT_THEN_PENDING, observed(1, null)))
                .as("durable: the acknowledged put is gone").contains("not durably linearizable");
        byte[] torn = REDO.valueBytes(1, 1).clone();
        torn[torn.length - 1] ^= 1;
        assertThat(CHECK.check(REDO, CONFIG, ACKED_PUT_THEN_PENDING, observed(1, torn))).as("torn").isNotNull();
    }

    @Test
    void aStoreNotDurableAtAckMayLoseASuffixButNotGoBackToAValueOverwritten() {
        List<OpRecord> history = List.of(new OpRecord(0, Op.put(1, 1), 0, 10, null), new OpRecord(0, Op.put(1, 2), 11, 20, null));
        assertThat(CHECK.check(EFACTORY, CONFIG, history, observed(1, null))).as("buffered: both lost").isNull();
        assertThat(CHECK.check(EFACTORY, CONFIG, history, observed(1, EFACTORY.valueBytes(1, 1)))).as("buffered: the last lost").isNull();
        List<OpRecord> stale = List.of(new OpRecord(0, Op.put(1, 1), 0, 10, null), new OpRecord(0, Op.put(1, 2), 11, 20, null),
                new OpRecord(1, Op.get(1), 21, 30, EFACTORY.valueBytes(1, 1)));
        assertThat(CHECK.check(EFACTORY, CONFIG, stale, observed(1, EFACTORY.valueBytes(1, 2))))
                .as("a stale read before the crash is never allowed").contains("not buffered-durably linearizable");
    }

    /** Erda as if it claimed durability at ack: the explorer then finds its lost acknowledged puts as LINEARIZABILITY failures. */
    @Test
    void theExplorerCatchesErdaOnceErdaClaimsDurability() {
        KvSubject erda = new KvSubject(ErdaProtocol.ERDA);
        Subject claimsDurable = new Subject() {
            @Override
            public String name() {
                return erda.name();
            }

            @Override
            public Claims claims(ServerConfig config) {
                return Claims.ALL;
            }

            @Override
            public boolean keyValueHistory() {
                return true;
            }

            @Override
            public byte[] valueBytes(int key, long value) {
                return erda.valueBytes(key, value);
            }

            @Override
            public Deployment deploy(SimFabric fabric, Program program) {
                return erda.deploy(fabric, program);
            }

            @Override
            public Observation recoverAndObserve(SimFabric restarted, Program program, SortedSet<Integer> keys) {
                return erda.recoverAndObserve(restarted, program, keys);
            }
        };
        Program program = new Program(List.of(List.of(Op.put(1, 1), Op.put(1, 2), Op.get(1)), List.of(Op.get(1), Op.put(1, 3))));
        Budget budget = new Budget(60, 4, 2);
        Explorer.Report asClaimed = Explorer.explore(erda, new Scenario(erda.name(), CONFIG, Transport.IB, 1, program), budget);
        Explorer.Report durable = Explorer.explore(claimsDurable, new Scenario(erda.name(), CONFIG, Transport.IB, 1, program), budget);
        assertThat(durable.statesByInvariant().getOrDefault(CrashHistoryCheck.INVARIANT, 0L)).isPositive();
        assertThat(durable.statesByInvariant().getOrDefault(CrashHistoryCheck.INVARIANT, 0L))
                .as("every lost acknowledged put is a linearizability failure too")
                .isGreaterThanOrEqualTo(durable.statesByInvariant().getOrDefault(io.rdasuite.crashsim.Invariant.DURABILITY, 0L)
                        - durable.statesByInvariant().getOrDefault(io.rdasuite.crashsim.Invariant.CONSISTENT_VERSION, 0L));
        assertThat(asClaimed.statesByInvariant().getOrDefault(CrashHistoryCheck.INVARIANT, 0L)).as("buffered: allowed").isZero();
    }
}
