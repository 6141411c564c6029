package io.rdasuite.store.thdpms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.fabric.ManualClock;
import io.rdasuite.store.thdpms.addr.GlobalAddress;
import io.rdasuite.store.thdpms.monitor.MappingItem;
import io.rdasuite.store.thdpms.monitor.Monitor;
import io.rdasuite.store.thdpms.monitor.MonitorStateMachine;
import io.rdasuite.store.thdpms.monitor.Replica;
import io.rdasuite.store.thdpms.monitor.SimulatedLog;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The monitor's state machine (paper 002 §4.1.3) and the global address layout (§4.1.2). */
class MonitorTest {
    static List<Replica> segments(int node, int n) {
        List<Replica> r = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            r.add(new Replica(node, s, 0x1000L * (node + 1) + 0x100L * s, 100 * node + s + 1));
        }
        return r;
    }

    static Monitor cluster(long seed, ManualClock clock) {
        Monitor m = new Monitor(new SimulatedLog(new MonitorStateMachine(seed), clock, 10_000));
        for (int n = 0; n < 3; n++) {
            m.join(n, segments(n, 3));
        }
        return m;
    }

    @Test
    void mappingTakesBackupsOnOtherServersAndFailoverPromotesThem() {
        ManualClock clock = new ManualClock();
        Monitor m = cluster(7, clock);
        assertThat(m.epoch()).isEqualTo(3);
        MappingItem item = m.mapSegment(0, 0, 1);
        assertThat(item.primary().nodeId()).isZero();
        assertThat(item.backups()).hasSize(1).allSatisfy(b -> assertThat(b.nodeId()).isNotZero());
        int backup = item.backups().getFirst().nodeId();
        long epoch = m.declareDead(0);
        assertThat(epoch).isEqualTo(4);
        MappingItem after = m.lookup(-1, item.segmentNo());
        assertThat(after.primary().nodeId()).as("the backup took over").isEqualTo(backup);
        assertThat(after.epoch()).isEqualTo(4);
        assertThat(m.view().liveServers()).doesNotContain(0);
        assertThat(m.liveServers()).as("the cheap query agrees with the view").isEqualTo(m.view().liveServers()).isNotEmpty();
        assertThat(m.epoch()).isEqualTo(m.view().epoch()).isEqualTo(4);
        assertThatThrownBy(() -> m.mapSegment(0, 1, 1)).hasMessageContaining("not a live member");
        assertThat(clock.nowNanos()).as("every command paid a Raft commit").isEqualTo(6 * 10_000);
    }

    @Test
    void onlyGrantedClientsGetKeys() {
        Monitor m = cluster(1, new ManualClock());
        long s = m.mapSegment(1, 0, 1).segmentNo();
        assertThat(m.lookup(5, s).replicas()).allSatisfy(r -> assertThat(r.rkey()).isZero());
        m.grant(5, s);
        assertThat(m.lookup(5, s).replicas()).allSatisfy(r -> assertThat(r.rkey()).isNotZero());
    }

    @Test
    void theSameCommandsGiveTheSameViewAndSnapshotsRoundTrip() {
        MonitorStateMachine a = new MonitorStateMachine(11);
        Monitor ma = new Monitor(new SimulatedLog(a, new ManualClock(), 0));
        MonitorStateMachine b = new MonitorStateMachine(11);
        Monitor mb = new Monitor(new SimulatedLog(b, new ManualClock(), 0));
        for (Monitor m : List.of(ma, mb)) {
            for (int n = 0; n < 4; n++) {
                m.join(n, segments(n, 3));
            }
            for (int n = 0; n < 4; n++) {
                m.mapSegment(n, 0, 1);
            }
            m.declareDead(2);
        }
        assertThat(mb.view()).isEqualTo(ma.view());
        MonitorStateMachine c = new MonitorStateMachine(11);
        c.restore(a.snapshot());
        assertThat(c.snapshot()).isEqualTo(a.snapshot());
        assertThat(new Monitor(new SimulatedLog(c, new ManualClock(), 0)).view()).isEqualTo(ma.view());
    }

    @Test
    void aFailoverWithRemappingGivesEachSegmentThatLostAReplicaANewPlaceInTheSameEpoch() {
        Monitor m = cluster(5, new ManualClock());
        MappingItem a = m.mapSegment(0, 0, 1);
        MappingItem b = m.mapSegment(1, 0, 1);
        MappingItem c = m.mapSegment(2, 0, 1);
        long before = m.epoch();
        assertThat(m.declareDead(0, 1)).as("one epoch for the failure and the remapping (§4.1.3)").isEqualTo(before + 1);
        for (MappingItem was : List.of(a, b, c)) {
            MappingItem now = m.lookup(-1, was.segmentNo());
            assertThat(now.replicas()).as("segment %d", was.segmentNo()).hasSize(2)
                    .allSatisfy(r -> assertThat(r.nodeId()).isNotZero());
            assertThat(now.replicas().stream().map(Replica::nodeId).distinct()).hasSize(2);
            boolean lost = was.replicas().stream().anyMatch(r -> r.nodeId() == 0);
            if (!lost) {
                assertThat(now.replicas()).as("untouched segment %d", was.segmentNo()).isEqualTo(was.replicas());
            }
        }
        assertThat(m.declareDead(0, 1)).as("already dead: nothing changes").isEqualTo(before + 1);
    }

    @Test
    void aSegmentNumberIsNeverReused() {
        Monitor m = cluster(3, new ManualClock());
        long first = m.mapSegment(0, 0, 0).segmentNo();
        m.declareDead(0);
        long second = m.mapSegment(1, 0, 0).segmentNo();
        assertThat(second).isGreaterThan(first);
        assertThat(m.view().table()).doesNotContainKey(first); // its only replica died with server 0
    }

    @Test
    void globalAddressesKeepTheirFields() {
        GlobalAddress a = GlobalAddress.of(3, GlobalAddress.READ | GlobalAddress.WRITE, GlobalAddress.Space.OBJECTS, 0xABCDEF123456L, 1L << 40);
        assertThat(a.replicas()).isEqualTo(3);
        assertThat(a.permissions()).isEqualTo(3);
        assertThat(a.space()).isEqualTo(GlobalAddress.Space.OBJECTS);
        assertThat(a.segmentNo()).isEqualTo(0xABCDEF123456L);
        assertThat(a.offset()).isEqualTo(1L << 40);
        assertThat(a.plus(64).offset()).isEqualTo((1L << 40) + 64);
        assertThatThrownBy(() -> GlobalAddress.of(16, 0, GlobalAddress.Space.HEAP, 1, 0)).hasMessageContaining("4-bit");
        assertThatThrownBy(() -> GlobalAddress.of(1, 0, GlobalAddress.Space.HEAP, 1L << 48, 0)).hasMessageContaining("48 bits");
    }

    /** §4.1.7 re-replication: a reserved place is not mapped until attached; a failure of its server drops the reservation. */
    @Test
    void reReplicationReservesAPlaceAndMapsItOnlyWhenAttached() {
        Monitor m = cluster(7, new ManualClock());
        MappingItem item = m.mapSegment(0, 0, 1);
        int backup = item.backups().getFirst().nodeId();
        m.declareDead(backup);
        long epoch = m.epoch();
        Replica place = m.reserve(item.segmentNo());
        assertThat(place.nodeId()).isNotIn(0, backup);
        assertThat(m.reserve(item.segmentNo())).as("asking again returns the same place").isEqualTo(place);
        assertThat(m.view().table().get(item.segmentNo()).replicas()).as("reserved, not mapped").hasSize(1);
        assertThat(m.epoch()).isEqualTo(epoch);
        assertThat(m.attach(item.segmentNo(), place)).isEqualTo(epoch + 1);
        assertThat(m.view().table().get(item.segmentNo()).replicas()).containsExactly(item.primary(), place);
        assertThatThrownBy(() -> m.attach(item.segmentNo(), place)).hasMessageContaining("no reservation");

        // a second reservation whose server dies before the copy is mapped is dropped: attaching it is refused
        Monitor n = cluster(7, new ManualClock());
        MappingItem other = n.mapSegment(0, 0, 1);
        n.declareDead(other.backups().getFirst().nodeId());
        Replica lost = n.reserve(other.segmentNo());
        n.declareDead(lost.nodeId());
        assertThatThrownBy(() -> n.attach(other.segmentNo(), lost)).hasMessageContaining("no reservation");
        assertThatThrownBy(() -> n.reserve(other.segmentNo())).as("no third server left").hasMessageContaining("no live server");
    }
}
