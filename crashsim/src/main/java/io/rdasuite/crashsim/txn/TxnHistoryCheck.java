package io.rdasuite.crashsim.txn;

import java.util.List;

/**
 * A serializability check of a transactional history, supplied by the module that has the checker
 * ({@code linearizability}'s Elle-style checker): null when the history is (strictly) serializable, else the anomaly's
 * name and the transactions of its cycle in one line.
 */
@FunctionalInterface
public interface TxnHistoryCheck {
    String check(List<TxnRecord> history);
}
