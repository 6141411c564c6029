/**
 * The simulated fabric (DESIGN §3): {@code store}'s fabric SPI ({@link io.rdasuite.store.fabric.Fabric}) over the
 * {@link io.rdasuite.hwsim.engine} and the memory model of {@link io.rdasuite.hwsim.memory}, timed by
 * {@link io.rdasuite.hwsim.model.CostModel}. {@link io.rdasuite.hwsim.fabric.SimFabric} (built with
 * {@link io.rdasuite.hwsim.fabric.SimFabric#builder()}) holds the {@link io.rdasuite.hwsim.fabric.SimNode}s, each a
 * machine with regions, a last-level cache, cores and a NIC. {@code SimNic} models the inbound path of paper 003 Fig. 1
 * (requester NIC, link, responder NIC buffers, PCIe/IIO, the LLC with DDIO or the memory controller, PM) as FIFO
 * resources, with paper 003 §2's ordering of posted writes and non-posted operations; {@code SimQueuePair} is a
 * queue-pair endpoint, {@code SimLocalMemory} the responder CPU's view (stores, clwb, sfence, non-temporal stores).
 *
 * <p>{@link io.rdasuite.hwsim.fabric.FaultPlan} is the nemesis: power failures, process crashes, stalls of named threads
 * and restarts from a post-crash image, at chosen events, and CPU hogs per node. {@link io.rdasuite.hwsim.fabric.Accounting}
 * and {@link io.rdasuite.hwsim.fabric.Counters} count verbs, wire bytes, round trips, server CPU, PM bytes written and CRC
 * bytes. Same seed, configuration and program: a byte-identical trace. The explorers, the benchmarks and {@code rda} run
 * on it.
 */
package io.rdasuite.hwsim.fabric;
