/**
 * {@code rda bench fidelity} (issue 32, item 4): every modelled figure and table of papers 000-004 held against the
 * simulator. {@link io.rdasuite.bench.fidelity.PaperClaim} is one claim beside the model's figure (paper, measured,
 * ratio, band, verdict); {@link io.rdasuite.bench.fidelity.ModelCause} names why a figure differs, matched on the claim's
 * figure and words, so a difference without a cause is reported unexplained; {@link io.rdasuite.bench.fidelity.PhysicalBound}
 * holds a bench's bandwidth figures to the links and the PM they crossed.
 */
package io.rdasuite.bench.fidelity;
