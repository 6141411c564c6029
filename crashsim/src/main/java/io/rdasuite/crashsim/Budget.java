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

    /** A budget scaled by {@code factor} (at least 1 of each). */
    public Budget scaled(double factor) {
        return new Budget(Math.max(1, (int) Math.round(crashPoints * factor)), Math.max(1, (int) Math.round(imagesPerPoint * factor)),
                Math.max(1, (int) Math.round(timings * factor)));
    }

    /** The seed of timing {@code k} of a scenario seeded {@code seed}. */
    static long timingSeed(long seed, int k) {
        return seed + k * 1_000_003L;
    }
}
