/**
 * The papers' evaluations on the simulator ({@code rda bench}, {@code rda nvm-writes}): every run is in virtual time,
 * deterministic for its seed, and explores no crash. One package per paper family: {@code kv} (Erda, eFactory and its
 * peers, the baselines), {@code nessie}, {@code thdpms}, {@code taxonomy} (REMOTELOG). The crash explorer and its
 * subjects are in the {@code crashsim} module, which this one uses only for the taxonomy's latency measure.
 */
package io.rdasuite.bench;
