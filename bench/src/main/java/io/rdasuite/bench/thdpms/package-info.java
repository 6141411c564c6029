/**
 * TH-DPMS (paper 002 §5) measured on the simulator, in virtual time, for {@code rda bench thdpms}.
 * {@link io.rdasuite.bench.thdpms.ThdpmsBench}: Figs. 11 and 17 (pDSM bandwidth over servers, throughput while a server
 * fails). {@link io.rdasuite.bench.thdpms.ThdpmsStoreBench}: Figs. 12–14 and 16 (transactions, pDFS, pDKVS beside a
 * pmemkv-like model). They reproduce the section's shapes and ratios; crash checks of the same stores are crashsim's.
 */
package io.rdasuite.bench.thdpms;
