/**
 * The checker: {@link io.rdasuite.linearizability.checker.LinearizabilityChecker} splits a history per key and
 * runs the Wing–Gong search with Lowe's configuration cache on each; crash semantics are described in the
 * parent package. {@link io.rdasuite.linearizability.checker.Minimizer} shrinks a violation by delta debugging.
 */
package io.rdasuite.linearizability.checker;
