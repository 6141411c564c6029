/**
 * The persistent-memory half of the SPI: the responder CPU's view of its memory. Method names carry their
 * ordering and persistence semantics (after Agrona's {@code AtomicBuffer}): PM is failure-atomic in
 * aligned 8-byte units, cache lines are 64 bytes, and a cached store reaches the persistence domain only
 * through {@code clwb} + {@code sfence}, natural eviction, or a domain that includes the cache (paper 003 §2).
 */
package io.rdasuite.store.pm;
