package io.rdasuite.bench.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.bench.thdpms.ThdpmsBench;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fidelity page's two checks (issue 32, item 4), each shown failing on the bug it exists for: a physical bound
 * breaks when the simulator's planted model bug lets the CPU's write-backs skip the PM bandwidth, and a difference no
 * model cause names is reported unexplained, never silently explained.
 */
class FidelityChecksTest {
    @Test
    void aPersistingWriteStaysWithinThePmBandwidthAndThePlantedBypassBreaksIt() {
        double modelled = ThdpmsBench.fig11(1, ThdpmsBench.Op.WRITE_PERSIST, 1, 200_000, false).bytesPerSecond();
        double planted = ThdpmsBench.fig11(1, ThdpmsBench.Op.WRITE_PERSIST, 1, 200_000, true).bytesPerSecond();
        List<PhysicalBound> ok = ThdpmsBench.bounds("Fig. 11, 1 server, write-persist", 1, true, modelled);
        List<PhysicalBound> broken = ThdpmsBench.bounds("Fig. 11, 1 server, write-persist (planted bypass)", 1, true, planted);
        assertThat(ok).allSatisfy(b -> assertThat(b.holds()).as(b.toString()).isTrue());
        assertThat(broken).filteredOn(b -> !b.holds()).as("the PM bound catches the planted bypass").singleElement()
                .satisfies(b -> assertThat(b.limit()).contains("PM"));
    }

    @Test
    void aReadOrWriteAtLineRateStaysWithinTheServersPorts() {
        double write = ThdpmsBench.fig11(2, ThdpmsBench.Op.WRITE, 1, 200_000, false).bytesPerSecond();
        assertThat(ThdpmsBench.bounds("Fig. 11, 2 servers, write", 2, false, write)).allSatisfy(b -> assertThat(b.holds()).as(b.toString()).isTrue());
        assertThat(ThdpmsBench.bounds("twice the figure", 2, false, 2 * write)).noneSatisfy(b -> assertThat(b.holds()).isTrue());
    }

    @Test
    void aKnownDifferenceHasItsCauseAndAnUnknownOneNone() {
        PaperClaim known = PaperClaim.within("paper 000 §5.3-5.4, Fig. 26", "YCSB update-only: Erda/Redo Logging mean latency 0.98",
                "Erda/Redo latency 0.75", 0.98, 0.75, 0.2);
        PaperClaim unknown = PaperClaim.within("paper 000 §5.3-5.4, Fig. 26", "YCSB A: Erda/Redo Logging mean latency 0.75",
                "Erda/Redo latency 0.40", 0.75, 0.40, 0.2);
        PaperClaim agreeing = PaperClaim.within("paper 000 §5.3-5.4, Fig. 26", "YCSB update-only: Erda/Redo Logging mean latency 0.98",
                "Erda/Redo latency 0.95", 0.98, 0.95, 0.2);
        assertThat(known.agrees()).isFalse();
        assertThat(ModelCause.of(known)).contains(ModelCause.REDO_SERVER_QUEUEING);
        assertThat(ModelCause.of(unknown)).as("no cause names YCSB A's latency").isEmpty();
        assertThat(ModelCause.of(agreeing)).as("an agreeing claim needs no cause").isEmpty();
    }

    @Test
    void aClaimsBandReadsAsItsTolerance() {
        PaperClaim c = PaperClaim.within("f", "c", "m", 2.0, 2.5, 0.2);
        assertThat(c.tolerance()).isEqualTo("±20%");
        assertThat(c.ratio()).isEqualTo(1.25);
        assertThat(c.verdict()).isEqualTo("differs");
        assertThat(PaperClaim.atLeast("f", "c", "m", Double.NaN, 3, 1.5).tolerance()).isEqualTo("≥ 1.50");
        assertThat(PaperClaim.atLeast("f", "c", "m", Double.NaN, 3, 1.5).ratio()).isNaN();
        assertThat(PaperClaim.holds("f", "c", "m", false).agrees()).isFalse();
    }
}
