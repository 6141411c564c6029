package io.rdasuite.crashsim;

/**
 * How much to explore per scenario.
 *
 * @param crashPoints    crash points: every event when the run has fewer, else the first, the last and
 *                       seeded samples
 * @param imagesPerPoint post-crash images per crash point: all when fewer, else the oldest, the newest and
 *                       seeded samples
 * @param timings        seeds explored per scenario (the scenario's, then derived ones): each times the
 *                       hardware differently (stalls, jitter, evictions, tie-breaks)
 */
public record Budget(int crashPoints, int imagesPerPoint, int timings) {
    public Budget {
        if (crashPoints < 1 || imagesPerPoint < 1 || timings < 1) {
            throw new IllegalArgumentException("budget needs at least one crash point, one image per point and one timing");
        }
    }

    /**
     * The most of any one quantity a budget may ask for. Far beyond any campaign (a timing is a whole run), and far
     * below {@code int} overflow, which used to wrap a huge factor into a budget of almost nothing.
     */
    public static final long MAX_PER_QUANTITY = 10_000_000L;

    /**
     * A budget scaled by {@code factor} (at least 1 of each). A factor that is not a positive finite number, or so
     * large that a quantity would pass {@link #MAX_PER_QUANTITY}, is an {@link IllegalArgumentException} that says
     * the largest factor allowed.
     */
    public Budget scaled(double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("the budget factor must be a positive finite number (1.0 is the default), not " + factor);
        }
        long largest = Math.max(crashPoints, Math.max(imagesPerPoint, timings));
        if (largest * factor > MAX_PER_QUANTITY) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "a budget factor of %s asks for %.3g crash points, images or timings per exploration, more than the %,d allowed;"
                            + " the largest factor is %,d", factor, largest * factor, MAX_PER_QUANTITY, MAX_PER_QUANTITY / largest));
        }
        return new Budget(Math.max(1, (int) Math.round(crashPoints * factor)), Math.max(1, (int) Math.round(imagesPerPoint * factor)),
                Math.max(1, (int) Math.round(timings * factor)));
    }

    /** The seed of timing {@code k} of a scenario seeded {@code seed}. */
    public static long timingSeed(long seed, int k) {
        return seed + k * 1_000_003L;
    }
}
