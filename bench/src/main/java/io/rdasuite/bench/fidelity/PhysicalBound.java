package io.rdasuite.bench.fidelity;

import java.util.Locale;

/**
 * A physical limit a bench's figure must respect (issue 32, item 4): bytes a second through the links, PCIe or PM a
 * figure's runs crossed, at most what the cost profile lets through. A figure above its bound is a bug of the model (a
 * resource it does not charge), not a finding about a protocol.
 *
 * @param figure  where the figure comes from ("paper 002 Fig. 11, 6 servers, read")
 * @param limit   which bound ("6 server links at 25.0 GB/s")
 * @param value   the figure, in the bound's unit
 * @param bound   the bound
 * @param unit    "B/s", say
 */
public record PhysicalBound(String figure, String limit, double value, double bound, String unit) {
    /** Whether the figure is within its bound (a part in a million above it is rounding). */
    public boolean holds() {
        return value <= bound * (1 + 1e-6);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %.4g %s against %s (%.4g %s)", figure, value, unit, limit, bound, unit);
    }
}
