/**
 * A Jepsen-style linearizability checker for histories recorded by RDA Suite's workloads (simulated or real
 * clusters) and by Jepsen (DESIGN §5).
 *
 * <ul>
 *   <li>{@code history}: events (invoke, ok, fail, info, crash, recovery) paired into operations;</li>
 *   <li>{@code format}: JSON Lines (our drivers' format, read and written), Jepsen's text log and EDN;</li>
 *   <li>{@code model}: register, cas-register and kv, one key at a time;</li>
 *   <li>{@code checker}: the per-key split (P-compositionality, Horn &amp; Kroening 2015), the Wing–Gong search
 *       (Wing &amp; Gong 1993) with Lowe's cache of configurations (Lowe 2017, "Testing for linearizability"),
 *       crash semantics, and the minimizer of counterexamples;</li>
 *   <li>{@code timeline}: a counterexample as a self-contained HTML timeline.</li>
 * </ul>
 *
 * <h2>Operations whose outcome is unknown</h2>
 * A {@code fail} operation did not take effect and is left out. An {@code info} operation, or one never
 * completed, may take effect at any point after its call or never: it has no return point, and the search may
 * end with it undecided. A read whose result is unknown is left out (it neither changes nor constrains the state).
 *
 * <h2>Crashes</h2>
 * A crash event names a node, or nobody (the whole system); it completes the pending operations sent to that
 * node (or to an unnamed node). What that means is chosen by {@code CrashSemantics}:
 * <ul>
 *   <li><b>open</b> (Jepsen's reading): each such operation is like {@code info}, open to the end; the state
 *       survives.</li>
 *   <li><b>durable</b> (durable linearizability, Izraelevitz, Mendes &amp; Scott 2016): each such operation takes
 *       effect between its call and the crash, or never; the state survives the crash, so every operation
 *       completed before it does. Durable linearizability is compositional, so checking key by key is exact.</li>
 *   <li><b>buffered</b> (buffered durable linearizability, same paper), in this prefix formulation: an epoch
 *       (the operations between two crashes) is linearized as under durable, and the state after the crash is the
 *       state after some <em>prefix of that linearization</em>; the operations after the prefix, completed or
 *       not, are lost. Epochs chain: a crash can never roll back past the previous one. The definition asks for a
 *       happens-before-consistent cut of the epoch that linearizes on its own, which may order the surviving
 *       operations differently from the epoch's linearization; the prefix form is stricter (every prefix is such
 *       a cut), so it never accepts a history the definition rejects, but may reject one the definition accepts
 *       when only a reordering of the survivors explains the state after a crash. Buffered durable
 *       linearizability is not compositional: checked key by key (as here), each key chooses its own cut, which
 *       accepts histories whose per-key cuts do not form one consistent cut of the whole object.</li>
 * </ul>
 */
package io.rdasuite.linearizability;
