/**
 * The simulator's timing (DESIGN §3, "Timing"): {@link io.rdasuite.hwsim.model.CostModel}, one record of named
 * parameters (NIC, link, PCIe, PM, DRAM and CPU costs, cores per node, the LLC's dirty lines and eviction, timeouts,
 * preemption), each default with its source in the papers or marked as an estimate. The model is timing-approximate: it
 * aims at the papers' ratios, not their testbeds' absolute figures. Named profiles
 * ({@link io.rdasuite.hwsim.model.CostModel#PROFILES}: the defaults and the testbeds of papers 000, 001, 004 and 002) are
 * chosen with {@link io.rdasuite.hwsim.model.CostModel#profile(String)}. The fabric of {@link io.rdasuite.hwsim.fabric}
 * reads it; the benchmarks choose their profile.
 */
package io.rdasuite.hwsim.model;
