/**
 * The key-value stores measured on the simulator, in virtual time and so deterministic for a seed; the runs deploy each
 * store through {@link io.rdasuite.store.protocol.KvProtocol} on a {@link io.rdasuite.hwsim.fabric.SimFabric}.
 * {@link io.rdasuite.bench.kv.YcsbBench} runs YCSB (paper 000 §5.2–5.4: load every record, then each client's
 * operations back to back); {@link io.rdasuite.bench.kv.NvmWrites} counts the PM bytes one create, one update and one
 * delete write (paper 000 §5.6, Table 1), from the simulator's accounting; {@link io.rdasuite.bench.kv.EfactoryClaims}
 * sets paper 001's throughput claims (§6.1, §6.2) beside the model's ratios, each agreeing or not with a band around the
 * paper's figure. The CLI's {@code rda bench ycsb}, {@code rda bench scale} and {@code rda nvm-writes} print them. Nothing
 * here explores crashes.
 */
package io.rdasuite.bench.kv;
