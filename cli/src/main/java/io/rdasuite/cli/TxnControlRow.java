package io.rdasuite.cli;

/**
 * The transactions' negative control's row of {@code rda check} ({@link TxnCells#control}), written as
 * {@code transactionControl}.
 *
 * @param verdict CAUGHT when the checker named an anomaly, else MISSED
 * @param anomaly the anomaly named, empty when missed
 * @param replay  the replay line of the caught history, empty when missed
 */
record TxnControlRow(String subject, String config, String transport, long crashStates, String verdict, String anomaly,
        String replay) implements ClusterRow {
}
