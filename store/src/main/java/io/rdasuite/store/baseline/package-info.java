/**
 * Erda's baselines (paper 000 §5.1), on the same hopscotch table: <b>Redo Logging</b> (the client SENDs
 * the key-value pair with a CRC into the server's redo log in PM; the server verifies it, persists it, acks,
 * and applies it to the destination) and <b>Read After Write</b> (the client gets a ring-buffer address by
 * RPC, WRITEs the record there and READs after it to force persistence; a server poller verifies and
 * applies). Reads and deletes are RPCs to the server. Table 1 counts: create K+12+2N, update 4+2N, delete K+8.
 *
 * <p>Not yet: recovery (replaying the redo log / ring after a crash needs an order the record format does
 * not carry); both are therefore checked for their normal-operation costs, not under crashes.
 */
package io.rdasuite.store.baseline;
