/**
 * Paper 003's Tables 2 and 3 regenerated from the model (DESIGN §5, "Taxonomy"). For one cell (server configuration ×
 * transport × primary operation × singleton/compound update), {@link io.rdasuite.crashsim.taxonomy.Taxonomy} times
 * every candidate recipe ({@link io.rdasuite.store.persist.Recipe#candidates}) with {@link
 * io.rdasuite.crashsim.taxonomy.RemoteLogLatency} (simulated mean latency of back-to-back 64-byte REMOTELOG appends,
 * §4.1), then verifies them by crash-state exploration of {@link io.rdasuite.crashsim.subjects.RemoteLogSubject} from
 * the cheapest up: the first that passes is the model's answer, every cheaper one comes with its counterexample, and
 * the paper's recipe is verified as well, so the cell says whether model and paper agree ({@code rda taxonomy}). {@code
 * rda bench remotelog} (the bench module's {@code io.rdasuite.bench.taxonomy.RemoteLogBench}) uses the same latency.
 */
package io.rdasuite.crashsim.taxonomy;
