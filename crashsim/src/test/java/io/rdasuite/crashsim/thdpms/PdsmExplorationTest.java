package io.rdasuite.crashsim.thdpms;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subjects;
import io.rdasuite.crashsim.cluster.CrashTarget;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.mutation.Plant;
import io.rdasuite.store.thdpms.ThdpmsPlantedBug;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Crash exploration of a pDSM cluster (paper 002 §4.1): one server lost (failover), every server lost, planted bugs caught. */
class PdsmExplorationTest {
    static final Budget BUDGET = new Budget(30, 3, 1);
    static final Program PROGRAM = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(2, 2), Op.put(1, 3), Op.get(2)),
            List.of(Op.get(1), Op.put(2, 4), Op.get(1), Op.delete(1))));

    /** Planted bugs get a larger budget: their windows (a dirty line between an ack and its flush) are narrow. */
    static final Budget PLANTED = new Budget(150, 6, 2);

    static Explorer.Report explore(Plant bug, String config, CrashTarget target) {
        PdsmSubject s = new PdsmSubject(bug);
        return Explorer.explore(s, new Scenario(s.name(), ServerConfig.parse(config), Transport.IB, 3, PROGRAM, target),
                bug == Plant.NONE ? BUDGET : PLANTED);
    }

    @Test
    void pdsmKeepsItsClaimsWhenOneServerOrEveryServerFails() {
        for (CrashTarget t : List.of(CrashTarget.ALL_SERVERS, CrashTarget.server(0), CrashTarget.server(1), CrashTarget.server(2))) {
            Explorer.Report r = explore(Plant.NONE, "DMP+DDIO+DRAM-RQWRB", t);
            assertThat(r.crashStates()).as("%s", t).isPositive();
            assertThat(r.violations()).as("%s: %s", t, r.violations().stream().map(v -> v.invariant() + " " + v.detail() + " " + v.replayCommand()).toList()).isEmpty();
        }
    }

    @Test
    void aPutNeverMirroredIsLostInAFailover() {
        boolean caught = false;
        for (CrashTarget t : List.of(CrashTarget.server(0), CrashTarget.server(1), CrashTarget.server(2))) {
            caught |= !explore(ThdpmsPlantedBug.NOT_MIRRORED_TO_BACKUP, "DMP+DDIO+DRAM-RQWRB", t).passed();
        }
        assertThat(caught).isTrue();
    }

    @Test
    void aSwingBeforeThePagesPersistIsCaughtByAPowerFailure() {
        assertThat(explore(ThdpmsPlantedBug.SWING_BEFORE_PAGES_PERSIST, "DMP+DDIO+DRAM-RQWRB", CrashTarget.ALL_SERVERS).passed()).isFalse();
    }

    @Test
    void anAckBeforeTheFlushIsCaughtByAPowerFailure() {
        assertThat(explore(ThdpmsPlantedBug.ACK_BEFORE_FLUSH, "DMP+DDIO+DRAM-RQWRB", CrashTarget.ALL_SERVERS).passed()).isFalse();
    }

    @Test
    void aChunkHandedOutBeforeItsHeaderPersistsIsCaught() {
        // reads between two puts: the first put's blocks are live while their chunks' headers wait for the next allocation
        Program readsBetween = new Program(List.of(List.of(Op.put(1, 1), Op.get(1), Op.get(1), Op.get(1), Op.put(2, 2))));
        PdsmSubject s = new PdsmSubject(ThdpmsPlantedBug.CHUNK_BEFORE_HEADER_PERSISTS);
        Explorer.Report r = Explorer.explore(s, new Scenario(s.name(), ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, 3, readsBetween,
                CrashTarget.ALL_SERVERS), PLANTED);
        assertThat(r.passed()).isFalse();
        assertThat(r.statesByInvariant()).containsKey(io.rdasuite.crashsim.Invariant.STRUCTURE);
    }

    /** Clients that still write once a failover is over (rda check's failover program): some hold the old mapping. */
    static final Program LATE_WRITES = new Program(List.of(
            List.of(Op.put(1, 1), Op.put(2, 2), Op.put(3, 3), Op.put(4, 4), Op.put(1, 5), Op.put(2, 6), Op.put(3, 7), Op.put(4, 8)),
            List.of(Op.get(1), Op.put(5, 4), Op.get(2), Op.put(6, 9), Op.put(5, 10), Op.put(6, 11))));

    static Explorer.Report lateWrites(Plant bug, CrashTarget target) {
        PdsmSubject s = new PdsmSubject(bug);
        return Explorer.explore(s, new Scenario(s.name(), ServerConfig.parse("DMP+DDIO+DRAM-RQWRB"), Transport.IB, 1, LATE_WRITES, target),
                new Budget(40, 4, 1));
    }

    @Test
    void aFailoverRemapsLostReplicasAndEveryReplicaEndsAlike() {
        for (CrashTarget t : List.of(CrashTarget.server(0), CrashTarget.server(1))) {
            Explorer.Report r = lateWrites(Plant.NONE, t);
            assertThat(r.violations()).as("%s: %s", t, r.violations().stream().map(v -> v.invariant() + " " + v.detail()).toList()).isEmpty();
        }
    }

    @Test
    void aServerServingAStaleEpochLeavesARemappedBackupWithoutThePutsPages() {
        // §4.1.3: a put mirrored to the old mapping's replicas commits at a primary that knows the remapped backup
        Explorer.Report r = lateWrites(ThdpmsPlantedBug.STALE_EPOCH_ACCEPTED, CrashTarget.server(0));
        assertThat(r.passed()).isFalse();
        assertThat(r.statesByInvariant()).containsKey(io.rdasuite.crashsim.Invariant.STRUCTURE);
        assertThat(r.violations().getFirst().detail()).contains("backup on server").contains("does not hold object");
    }

    @Test
    void tokensReplayThroughTheFactory() {
        Explorer.Report r = explore(ThdpmsPlantedBug.SWING_BEFORE_PAGES_PERSIST, "DMP+DDIO+DRAM-RQWRB", CrashTarget.ALL_SERVERS);
        var v = r.violations().getFirst();
        assertThat(Subjects.byName(v.scenario().subject()).name()).isEqualTo("pdsm/objects/swing-before-pages-persist");
        assertThat(Explorer.replayAll(v.token())).isNotEmpty();
    }
}
