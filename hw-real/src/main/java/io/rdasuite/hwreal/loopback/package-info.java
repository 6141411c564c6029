/**
 * The fabric SPI over real memory and threads in one JVM (DESIGN §6): {@link io.rdasuite.hwreal.loopback.LoopbackFabric},
 * the backend for the Lincheck tests, the JMH benchmarks and a store embedded in one process. Unlike the simulator it is
 * not deterministic. Each node's {@code Nic} applies the requests addressed to it one at a time, in arrival order
 * (stricter than paper 003 §2 asks), copies transfers in chunks so that a concurrent reader can see an object half written,
 * and does CAS and FAA atomically at 8 bytes; completions mean what they mean on InfiniBand, and FLUSH writes back the PM
 * the queue pair wrote. Memory is off-heap DRAM or PM from a {@link io.rdasuite.hwreal.pm.PersistentMemory}.
 *
 * <p>Also used by the other real backends: {@link io.rdasuite.hwreal.loopback.SegmentMemory}, the CPU's
 * {@link io.rdasuite.store.pm.LocalMemory} (VarHandle atomics; clwb + sfence as a write-back of the ranges the thread
 * remembered), {@link io.rdasuite.hwreal.loopback.Region}, {@link io.rdasuite.hwreal.loopback.RealClock} (the wall clock),
 * and {@link io.rdasuite.hwreal.loopback.SendCompletions} and {@link io.rdasuite.hwreal.loopback.ReceiveQueue}, the
 * completion and receive bookkeeping the TCP queue pairs share. {@link io.rdasuite.hwreal.loopback.OffHeapMemory} is the
 * CPU view over any off-heap segment, for the jcstress and Lincheck tests of the atomics.
 */
package io.rdasuite.hwreal.loopback;
