/**
 * Models: sequential specifications compiled to int states for the search. Register (read/write), cas-register
 * (read/write/cas) and kv (get/put/cas/delete/append), checked key by key; Knossos's mutex (acquire/release) and
 * multi-register (transactions of reads and writes over several registers, one partition). Registers start at nil
 * or at {@link io.rdasuite.linearizability.model.Model#initially}'s value; a nil read means nil, or with
 * {@link io.rdasuite.linearizability.model.Model#nilReadsUnknown} nothing (Knossos's reading). An operation that does
 * not fit is a {@link io.rdasuite.linearizability.model.ModelMismatchException}, never a verdict.
 */
package io.rdasuite.linearizability.model;
