/**
 * Erda's baselines (paper 000 §5.1), on the same hopscotch table: <b>Redo Logging</b> (the client SENDs
 * the key-value pair with a CRC into the server's redo log in PM; the server verifies it, persists it, acks,
 * and applies it to the destination) and <b>Read After Write</b> (the client gets a ring-buffer address by
 * RPC, WRITEs the record there and READs after it to force persistence; a server poller verifies and
 * applies). Reads and deletes are RPCs to the server. Table 1 counts: create K+12+2N, update 4+2N, delete K+8.
 *
 * <p>Recovery: the paper's record format carries no order to replay by, so the paper layout is measured
 * (Table 1, YCSB), not crash-checked. The recoverable layout (ours, {@link io.rdasuite.store.baseline.BaselineServer})
 * adds a global sequence to every record and a persistent checkpoint; its recovery replays the intact records
 * past the checkpoint in sequence order, and Read After Write's sequences come from a persistent lease that
 * recovery continues past, so that a ring record of an earlier life never passes for a later reservation's.
 */
package io.rdasuite.store.baseline;
