package io.rdasuite.hwsim.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The link into a NIC (issue 32): messages taken in the order of their last bits fill its idle time. */
class IngressLinkTest {
    @Test
    void anIdleLinkAddsNothing() {
        IngressLink link = new IngressLink();
        assertThat(link.carry(100, 10)).isEqualTo(110);
        assertThat(link.carry(500, 10)).isEqualTo(510);
    }

    @Test
    void aMessageThatReachesABusyLinkWaitsForIt() {
        IngressLink link = new IngressLink();
        assertThat(link.carry(100, 10)).isEqualTo(110);
        assertThat(link.carry(105, 10)).as("its bits queue behind the first message's").isEqualTo(120);
        assertThat(link.carry(101, 20)).as("the link was busy from 100 to 120 without a gap").isEqualTo(140);
    }

    @Test
    void aLongMessageLosesOnlyTheTimeOfAShortOneThatEndedFirst() {
        IngressLink link = new IngressLink();
        assertThat(link.carry(1491, 9)).isEqualTo(1500);
        // the long message's bits reach the link from 1000 on; the short one took 9 ns of the link meanwhile
        assertThat(link.carry(1000, 5000)).isEqualTo(6009);
        assertThat(link.periods()).isEqualTo(1);
    }

    @Test
    void aLongMessageFillsEveryGapItMeets() {
        IngressLink link = new IngressLink();
        link.carry(110, 10); // busy 110-120
        link.carry(140, 10); // busy 140-150
        link.carry(190, 10); // busy 190-200
        // from 100: gaps 100-110, 120-140, 150-190 hold 70 ns; the remaining 30 go after 200
        assertThat(link.carry(100, 100)).isEqualTo(230);
        assertThat(link.periods()).isEqualTo(1);
        // a message that ends inside a gap leaves the period after it apart
        IngressLink gaps = new IngressLink();
        gaps.carry(110, 10);
        gaps.carry(200, 10);
        assertThat(gaps.carry(105, 20)).isEqualTo(135);
        assertThat(gaps.periods()).isEqualTo(2);
    }

    @Test
    void manyShortGapsKeepTheNewestPeriodsAndNeverCarryAMessageFasterThanTheLink() {
        IngressLink link = new IngressLink();
        for (int k = 0; k < 3 * IngressLink.PERIODS; k++) {
            long start = 1000L + 20L * k;
            assertThat(link.carry(start, 10)).isEqualTo(start + 10);
            assertThat(link.periods()).isLessThanOrEqualTo(IngressLink.PERIODS);
        }
        long last = 1000L + 20L * (3 * IngressLink.PERIODS - 1);
        // a message reaching back over the last three gaps (10 ns each) fills them, then follows the last period
        long start = last - 60;
        assertThat(link.carry(start, 50)).isEqualTo(last + 10 + 20);
        // one reaching back past the kept periods is carried no faster than the link
        long received = link.carry(1000, last + 100 - 1000);
        assertThat(received).isGreaterThanOrEqualTo(last + 100);
    }
}
