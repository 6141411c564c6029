/**
 * eFactory (paper 001, Du et al., ICPP'21) and its peers SAW, IMM and Forca on one code base (§5.3).
 *
 * <p>eFactory keeps a log-structured data pool of objects with co-located metadata (§4.2: value length,
 * PrePTR, NextPTR, valid bit, CRC, transfer flag, durability flag) linked into a version list per key, a
 * hopscotch hash table whose entries hold two offsets and a mark bit, a client-active PUT with asynchronous
 * durability (§4.3.1), one background thread that verifies and persists objects and invalidates those that
 * time out (§4.3.2), a hybrid GET (§4.3.3), two-stage log cleaning (§4.4) and a recovery of our own design.
 *
 * <p>Decisions where the paper is silent: DELETE writes a tombstone version; the CRC covers key and value;
 * recovery keeps one version per key (the newest intact one); the second data pool is registered at start;
 * cleaning walks the hash table rather than the log, and the background thread pauses while it runs; Forca's
 * extra metadata layer is one more PM word per entry, loaded on every GET and written on every PUT, and its
 * PUT persists the metadata as eFactory's does. SAW and IMM reply to the client only after the data and
 * metadata are persistent, so they are durable at the acknowledgement.
 */
package io.rdasuite.store.efactory;
