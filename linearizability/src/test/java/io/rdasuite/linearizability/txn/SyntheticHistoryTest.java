package io.rdasuite.linearizability.txn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The generated histories the benchmark and the start-up training check are what {@link SyntheticHistory} says: of
 * the size asked, serializable, strict serializable without the stale read and a G-single-item-realtime with it, and
 * the same text for the same seed.
 */
class SyntheticHistoryTest {
    @ParameterizedTest
    @CsvSource({"50, 1", "300, 2", "1000, 3", "3000, 1", "2000, 7"})
    void staleReadIsTheOnlyAnomaly(int transactions, long seed) throws IOException {
        List<Txn> stale = read(SyntheticHistory.edn(transactions, seed, true));
        List<Txn> clean = read(SyntheticHistory.edn(transactions, seed, false));

        assertThat(stale).hasSize(transactions);
        assertThat(SerializabilityChecker.check(stale, SerializabilityChecker.DataModel.LIST_APPEND, false).verdict())
                .isEqualTo(SerializabilityChecker.Verdict.VALID);
        assertThat(SerializabilityChecker.check(stale, SerializabilityChecker.DataModel.LIST_APPEND, true).types())
                .isEqualTo(Set.of(AnomalyType.G_SINGLE_ITEM_REALTIME));
        assertThat(SerializabilityChecker.check(clean, SerializabilityChecker.DataModel.LIST_APPEND, true).verdict())
                .isEqualTo(SerializabilityChecker.Verdict.VALID);
        assertThat(SyntheticHistory.edn(transactions, seed, true)).isEqualTo(SyntheticHistory.edn(transactions, seed, true));
    }

    private static List<Txn> read(String edn) throws IOException {
        return TxnHistory.read(new BufferedReader(new StringReader(edn)), "synthetic");
    }
}
