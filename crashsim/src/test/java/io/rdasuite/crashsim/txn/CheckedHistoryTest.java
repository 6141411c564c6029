package io.rdasuite.crashsim.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.store.thdpms.txn.TxnOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The transaction explorer checks a history equal to one already checked only once: the key must tell apart every
 * difference the check can see (what was read above all), or a run would get another run's verdict.
 */
class CheckedHistoryTest {
    private static List<TxnRecord> history(long readValue, TxnRecord.Outcome outcome) {
        List<long[]> reads = new ArrayList<>();
        reads.add(null);
        reads.add(new long[] {readValue});
        return List.of(new TxnRecord(0, List.of(TxnOp.append(1, 5), TxnOp.read(1)), outcome, reads, 10, 20, null));
    }

    @Test
    void equalContentInDistinctObjectsIsOneHistory() {
        TxnExplorer.CheckedHistory a = new TxnExplorer.CheckedHistory(history(5, TxnRecord.Outcome.OK));
        TxnExplorer.CheckedHistory b = new TxnExplorer.CheckedHistory(history(5, TxnRecord.Outcome.OK));
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    }

    @Test
    void aDifferentReadOrOutcomeIsAnotherHistory() {
        TxnExplorer.CheckedHistory base = new TxnExplorer.CheckedHistory(history(5, TxnRecord.Outcome.OK));
        assertThat(base).isNotEqualTo(new TxnExplorer.CheckedHistory(history(6, TxnRecord.Outcome.OK)));
        assertThat(base).isNotEqualTo(new TxnExplorer.CheckedHistory(history(5, TxnRecord.Outcome.INFO)));
    }
}
