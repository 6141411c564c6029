/**
 * {@code rda bench remotelog}: {@link io.rdasuite.bench.taxonomy.RemoteLogBench} times paper 003's recipe in every cell
 * (§4.3–4.4, Fig. 2) with the taxonomy's own latency measure ({@code io.rdasuite.crashsim.taxonomy.RemoteLogLatency})
 * and checks the paper's qualitative claims against those numbers.
 */
package io.rdasuite.bench.taxonomy;
