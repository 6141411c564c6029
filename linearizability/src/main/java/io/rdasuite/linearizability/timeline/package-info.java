/** Counterexamples drawn as self-contained HTML timelines (one lane per process). */
package io.rdasuite.linearizability.timeline;
