/**
 * jcstress tests of the 8-byte memory atomics the stores rely on, run by {@code ci/jcstress.sh} on the loopback fabric's
 * CPU view of off-heap memory ({@link io.rdasuite.hwreal.loopback.OffHeapMemory}).
 * {@link io.rdasuite.stress.jcstress.ErdaAtomicRegionTest}: a reader racing a flip of Erda's atomic region (paper 000
 * §3.2.3) sees the word before or after it, never a mix. {@link io.rdasuite.stress.jcstress.DurabilityFlagTest}: eFactory's
 * durability flag (paper 001 §4.3.2), published with release and read with acquire, is never seen before its data.
 * {@link io.rdasuite.stress.jcstress.IndexEntryCasTest}: of two CASes on one 64-bit entry from the same expected value,
 * exactly one wins. {@link io.rdasuite.stress.jcstress.SplitWriteControlTest} is the negative control: the same flip
 * written byte by byte, which the script expects to see torn (it fails otherwise, except in sanity mode).
 */
package io.rdasuite.stress.jcstress;
