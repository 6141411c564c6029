/**
 * The fabric half of the SPI: nodes, memory regions, reliable-connection queue pairs, work requests and
 * completions, shaped after ibverbs so that a DiSNI backend maps onto it one to one and the simulator can
 * model exactly what Kashyap et al. reason about (paper 003 §2, §3.1).
 *
 * <h2>Ordering rules (paper 003 §2, "RDMA Operation Ordering")</h2>
 * <ul>
 *   <li><b>Posted</b> operations ({@link io.rdasuite.store.fabric.Opcode#SEND}, {@code WRITE},
 *       {@code WRITE_IMM}) on one queue pair are applied at the responder in the order they were posted.</li>
 *   <li><b>Non-posted</b> operations ({@code READ}, {@code CAS}, {@code FAA}, {@code FLUSH},
 *       {@code WRITE_ATOMIC}) are applied after every operation posted before them on the same queue pair.</li>
 *   <li>A posted operation <b>may be applied before</b> an earlier non-posted one, unless it carries the
 *       {@code fenced} flag: a fenced work request leaves the requester only once every earlier non-posted
 *       work request of its queue pair has completed.</li>
 *   <li>{@code FLUSH} completes once every earlier update on the queue pair has been placed in the
 *       responder's memory hierarchy (left the NIC and PCIe buffers). Whether placed also means
 *       persistent depends on the server configuration ({@link io.rdasuite.store.fabric.ServerConfig}).</li>
 * </ul>
 *
 * <h2>What a completion means ({@link io.rdasuite.store.fabric.Transport})</h2>
 * For a posted operation on IB/RoCE: the responder's NIC has received it. On iWARP: it has left the
 * requester's transport, and may not have reached the responder at all. For a non-posted operation on
 * either transport: the responder executed it and its result came back. A completion never means
 * persistent by itself; the persistence recipes ({@code io.rdasuite.store.persist}) add what the
 * configuration needs.
 */
package io.rdasuite.store.fabric;
