/**
 * The RDMA verbs emulated over TCP, for machines without an RDMA NIC (CI among them):
 * {@link io.rdasuite.hwreal.tcp.TcpTransport} implements {@link io.rdasuite.hwreal.remote.RemoteTransport} with one socket
 * per queue pair. A connection opens with a hello each way under one deadline ({@code Handshake}), including the
 * challenge–response of {@link io.rdasuite.hwreal.auth.HelloProof} when the server holds a secret; a hello may instead ask
 * for the server's status report ({@code rda serve-status}, counted by {@code WireCounters}). Then {@code TcpQueuePair}
 * writes each request's frame at once, and its reader thread checks every incoming frame with
 * {@link io.rdasuite.hwreal.wire.FrameDecoder} before acting on it; {@code TcpResponder} does what a responder NIC does, in
 * arrival order: bounds-checked placement, READ, 8-byte CAS and FAA, receive buffers for SEND and WRITE_IMM (a request
 * without one waits), FLUSH as a write-back of the PM the connection wrote. A bad frame closes its own connection only.
 * Remote keys are random, and a region can be restricted to the connections granted it. WRITE_ATOMIC is unsupported, as on
 * today's NICs.
 */
package io.rdasuite.hwreal.tcp;
