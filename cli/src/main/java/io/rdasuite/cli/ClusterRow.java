package io.rdasuite.cli;

/**
 * A row of one of {@code rda check}'s cluster cell families ({@link ClusterCellFamily.Cell#explore}), a record that
 * Jackson writes as the JSON, its components in their order: {@link PdsmRow} (pDSM, pDKVS), {@link TxnRow}
 * (transactions, pDFS), {@link NessieRow}, and the transactions' negative control's {@link TxnControlRow}. What the
 * report sums and judges is common to all.
 */
sealed interface ClusterRow permits PdsmRow, TxnRow, NessieRow, TxnControlRow {
    String subject();

    String config();

    String transport();

    long crashStates();

    /** PASS or FAIL; a negative control's CAUGHT or MISSED. */
    String verdict();
}
