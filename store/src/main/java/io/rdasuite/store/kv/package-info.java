/**
 * Pieces the key-value protocols share: fixed key/value shapes, the xxHash of keys, and the hopscotch hash
 * table in PM that Erda, Redo Logging and Read After Write index objects with (paper 000 §5.1: all three
 * "leverage hopscotch hashing"; a key lives within a small neighbourhood of its home bucket, so one RDMA
 * READ of the neighbourhood finds it).
 */
package io.rdasuite.store.kv;
