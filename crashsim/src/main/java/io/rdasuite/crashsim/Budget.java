package io.rdasuite.crashsim;

/**
 * How much to explore per scenario.
 *
 * @param crashPoints    crash points: every event when the run has fewer, else the first, the last and
 *                       seeded samples
 * @param imagesPerPoint post-crash images per crash point: all when fewer, else the oldest, the newest and
 *                       seeded samples
 */
public record Budget(int crashPoints, int imagesPerPoint) {
    public Budget {
        if (crashPoints < 1 || imagesPerPoint < 1) {
            throw new IllegalArgumentException("budget needs at least one crash point and one image per point");
        }
    }

    /** A budget scaled by {@code factor} (at least 1 of each). */
    public Budget scaled(double factor) {
        return new Budget(Math.max(1, (int) Math.round(crashPoints * factor)), Math.max(1, (int) Math.round(imagesPerPoint * factor)));
    }
}
