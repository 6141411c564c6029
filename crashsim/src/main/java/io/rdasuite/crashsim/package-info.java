/**
 * Crash-state exploration (DESIGN §5). So far: {@link io.rdasuite.crashsim.AppendDurabilityCheck}, the end-to-end
 * check behind {@code rda check}: singleton REMOTELOG appends under one server configuration, a power
 * failure at sampled events, every post-crash image the hardware allows (bounded), and the recovery check.
 * The general engine (scenarios, shrinking, replay tokens) comes with issue 3.
 */
package io.rdasuite.crashsim;
