package io.rdasuite.linearizability.txn;

import java.util.Map;

/**
 * What the rw-register reading may assume about each key to order its versions, beyond the initial state (Elle's
 * rw-register options, Elle paper §4.2; reads alone do not order a register's versions):
 *
 * @param wfrKeys          writes follow reads within a transaction: one that read v of a key and then wrote v' put
 *                         v' after v (Elle's {@code :wfr-keys?}; on by default here, off in Elle)
 * @param sequentialKeys   each key is sequentially consistent: a process's later transaction sees the key at or
 *                         after the version its earlier one left (Elle's {@code :sequential-keys?}; process order)
 * @param linearizableKeys each key is linearizable: the same along real time (Elle's {@code :linearizable-keys?})
 * @param transactionOrder the database's own commit order, from a transaction's completion index in the history (its
 *                         0-based event position, Jepsen's {@code :index}) to its place in that order: each key's
 *                         writes follow it (Elle's {@code :transaction-order}); empty: none
 */
public record KeyAssumptions(boolean wfrKeys, boolean sequentialKeys, boolean linearizableKeys, Map<Long, Long> transactionOrder) {
    /** Writes follow reads, nothing else. */
    public static final KeyAssumptions DEFAULT = new KeyAssumptions(true, false, false, Map.of());

    public KeyAssumptions {
        transactionOrder = Map.copyOf(transactionOrder);
    }

    /** Whether these are the default. */
    public boolean isDefault() {
        return equals(DEFAULT);
    }
}
