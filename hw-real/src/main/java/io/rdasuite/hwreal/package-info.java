/**
 * Real hardware (DESIGN §6): {@code store}'s fabric and persistent-memory SPI on real memory, threads, processes and NICs;
 * nothing in this module depends on {@code hw-sim}. This package holds {@link io.rdasuite.hwreal.Doctor}
 * ({@code rda doctor}), which probes each backend on this machine (it maps a file, looks for RDMA devices, native
 * libraries and DAX mounts) and says exactly why one is unusable. The backends:
 * <ul>
 *   <li>{@link io.rdasuite.hwreal.pm}: PM regions as mapped files, LLPL heaps, or off-heap memory standing in for PM;</li>
 *   <li>{@link io.rdasuite.hwreal.loopback}: the SPI in one JVM, with a NIC thread per node;</li>
 *   <li>{@link io.rdasuite.hwreal.remote}: the SPI between processes and the store served over it, on
 *       {@link io.rdasuite.hwreal.disni} (RDMA verbs) or {@link io.rdasuite.hwreal.tcp} (the verbs emulated over TCP, its
 *       frames in {@link io.rdasuite.hwreal.wire}, its authentication in {@link io.rdasuite.hwreal.auth});</li>
 *   <li>{@link io.rdasuite.hwreal.split}: one pDSM deployment over several processes, its monitor replicated by
 *       {@link io.rdasuite.hwreal.ratis};</li>
 *   <li>{@link io.rdasuite.hwreal.crash}: stores on mapped-file PM killed with SIGKILL and recovered.</li>
 * </ul>
 * The {@code cli} module puts them behind {@code rda serve}, {@code --fabric} and {@code rda doctor}; {@code stress} and
 * the Lincheck tests use the loopback fabric.
 */
package io.rdasuite.hwreal;
