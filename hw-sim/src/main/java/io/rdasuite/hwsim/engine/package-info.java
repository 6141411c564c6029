/**
 * The deterministic simulation engine (DESIGN §3), which needs nothing but the JDK: virtual time, a seeded event queue,
 * and actors that run one at a time. {@link io.rdasuite.hwsim.engine.Engine} owns the time and the dispatch loop and
 * spawns {@link io.rdasuite.hwsim.engine.Actor}s, the simulated threads; an actor's body runs as a continuation the driver
 * resumes directly ({@code Fiber}, when {@code jdk.internal.vm} is exported to it) or else on a virtual thread, slower,
 * with the same trace. {@link io.rdasuite.hwsim.engine.Event}s are ordered by time, then by a tie-break drawn from the
 * seeded PRNG, in a 4-ary heap ({@code EventQueue}); an {@link io.rdasuite.hwsim.engine.EventStream} keeps one source's
 * events at increasing times behind its earliest. Nothing reads a wall clock or an unseeded random, so one seed and one
 * input give one {@link io.rdasuite.hwsim.engine.Trace}, whose 64-bit digest compares runs cheaply.
 * {@link io.rdasuite.hwsim.engine.ActorKilledException} unwinds an actor whose node crashed or whose simulation closed;
 * {@link io.rdasuite.hwsim.engine.SimulationException} reports a failed actor or a broken bound with the seed. The
 * hardware model on top is {@link io.rdasuite.hwsim.fabric}.
 */
package io.rdasuite.hwsim.engine;
