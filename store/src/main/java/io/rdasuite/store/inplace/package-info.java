/**
 * The negative control (DESIGN §4): {@link io.rdasuite.store.inplace.InPlaceStore}, an Octopus-style store that overwrites
 * a key's fixed slot in a PM region with one RDMA WRITE, made persistent by the configuration's recipe
 * ({@link io.rdasuite.store.persist}), with no checksum and no second version. It claims atomic, durable puts and cannot
 * keep them: a crash during a put that spans several cache lines leaves a slot holding neither the old value nor the new
 * one. Every check must catch that; the crash explorer runs it as the {@code inplace} subject.
 */
package io.rdasuite.store.inplace;
