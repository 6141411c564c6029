/**
 * The fabric between processes over RDMA NICs, through DiSNI (DESIGN §6). {@link io.rdasuite.hwreal.disni.DisniTransport}
 * implements {@link io.rdasuite.hwreal.remote.RemoteTransport}, registering regions for remote atomics as well;
 * {@code DisniQueuePair} is one reliable connection (buffers outside a registered region go through a registered staging
 * ring; completions are polled by the waiting thread), and {@code SendWrs} turns the SPI's work requests into verbs
 * (paper 003 §2): FLUSH is a zero-length READ (§3.4), WRITE_ATOMIC is reported unsupported.
 * {@link io.rdasuite.hwreal.disni.RemoteKeys} covers regions larger than one memory registration can (2^31-1 bytes):
 * registered in chunks, each with its own key, in a table sent to the peer when the connection is set up.
 * {@link io.rdasuite.hwreal.disni.DisniSupport} says, without loading anything, whether DiSNI can run here (an RDMA device,
 * rdma-core's libraries, {@code libdisni}) and what is missing; {@link io.rdasuite.hwreal.Doctor} reports it, and
 * {@link io.rdasuite.hwreal.remote.Transports} opens this transport as {@code disni}.
 */
package io.rdasuite.hwreal.disni;
