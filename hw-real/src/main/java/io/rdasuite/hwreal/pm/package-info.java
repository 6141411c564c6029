/**
 * Where the real backends' PM regions live (DESIGN §6). {@link io.rdasuite.hwreal.pm.PersistentMemory} maps a region by
 * name (the same bytes again after a restart) and makes ranges durable. {@link io.rdasuite.hwreal.pm.MappedFilePm}, the
 * backend to prefer, maps one file per region with the JDK ({@code READ_WRITE_SYNC} on a DAX file system,
 * {@code READ_WRITE} otherwise) and forces ranges to persist them; {@link io.rdasuite.hwreal.pm.LlplPm} takes regions from
 * an LLPL heap (needs LLPL's native library and PMDK; LLPL is no longer maintained), finding them by name through a
 * {@link io.rdasuite.hwreal.pm.RegionDirectory} in the heap's root block, which a crash leaves old or new, never half
 * written; {@link io.rdasuite.hwreal.pm.VolatilePm} is off-heap memory standing in for PM where only concurrency matters.
 * Used by the loopback fabric, the process nodes of {@link io.rdasuite.hwreal.remote} and {@link io.rdasuite.hwreal.split},
 * and {@code rda serve --pm}.
 */
package io.rdasuite.hwreal.pm;
