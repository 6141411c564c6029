/**
 * The test kit for a store of one's own ({@code io.rdasuite:rda-testkit}; docs/YOUR-OWN-STORE.md). A store registers
 * a {@link io.rdasuite.store.protocol.KvProtocolFamily} (a {@code META-INF/services} line); then {@link
 * io.rdasuite.testkit.CrashCheck} on a JUnit 5 test method runs the crash explorer over the named configurations and
 * transports and the fuzzer, and fails with the shrunk program, its trace and the {@code rda replay --classpath} line
 * that reproduces it. {@link io.rdasuite.testkit.StoreCheck} is the same as a library call (plus {@code replay} of a
 * token and {@code explore} of one fuzz case); {@link io.rdasuite.testkit.StoreArbitraries} gives jqwik programs, fault
 * schedules and fuzz cases for properties of one's own. The claims checked are the store's own, per configuration, as
 * its {@link io.rdasuite.store.protocol.KvProtocol#claims} says (DESIGN §5: RDA, durability, monotonic reads,
 * consistent versions, linearizability).
 */
package io.rdasuite.testkit;
