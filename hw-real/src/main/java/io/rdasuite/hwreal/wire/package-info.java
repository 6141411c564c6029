/**
 * The TCP fabric's frames, with no socket in sight. {@link io.rdasuite.hwreal.wire.FrameCodec} lays them out and encodes
 * them: a length-prefixed, big-endian body of kind, queue pair number and a payload whose size the kind fixes (hello,
 * proof and refusal, the verbs, answers, pings, the status report), and the rule by which ends of different protocol
 * versions can still name each other's version. {@link io.rdasuite.hwreal.wire.FrameDecoder} checks every field of an
 * incoming frame against this end's limits and state before anything acts on it (exact size, kind, queue pair, remote
 * key, bounds without overflow, alignment of atomics, that an answer answers a request still waiting for one) and yields
 * a {@link io.rdasuite.hwreal.wire.Frame} or a {@link io.rdasuite.hwreal.wire.WireViolation} naming what was wrong.
 * {@link io.rdasuite.hwreal.wire.WireLimits} are the bounds a peer cannot raise: frame size, hello and idle timeouts,
 * requests waiting for a receive buffer, connections in their hello and open at once. Used by
 * {@link io.rdasuite.hwreal.tcp}; {@code rda serve} sets some of the limits from its options.
 */
package io.rdasuite.hwreal.wire;
