package io.rdasuite.bench.fidelity;

import java.util.Locale;

/**
 * One of a paper's evaluation claims beside the model's number (issue 32, item 4). The claim agrees when the measured
 * figure lies in the band {@code [low, high]}, written next to the claim from the paper's own words: its range where it
 * gives one, a tolerance around its single figure otherwise, a one-sided bound where it only says "more" or "less".
 *
 * @param figure   where the paper makes the claim ("paper 001 §6.1", "paper 002 Fig. 11")
 * @param claim    the claim in the paper's words, with the band as read
 * @param measure  what the model measured, in words and numbers
 * @param paper    the paper's figure for {@code measured} (a ratio, a share), NaN where the paper gives only a direction
 * @param measured the model's figure
 * @param low      lowest measured figure that agrees ({@code -Infinity}: no lower bound)
 * @param high     highest measured figure that agrees ({@code +Infinity}: no upper bound)
 */
public record PaperClaim(String figure, String claim, String measure, double paper, double measured, double low, double high) {
    public PaperClaim {
        if (!(low <= high)) {
            throw new IllegalArgumentException("a claim's band needs low <= high, not [" + low + ", " + high + "] for " + claim);
        }
    }

    /** A claim around the paper's single figure: agrees within {@code ±fraction} of it. */
    public static PaperClaim within(String figure, String claim, String measure, double paper, double measured, double fraction) {
        return new PaperClaim(figure, claim, measure, paper, measured, paper * (1 - fraction), paper * (1 + fraction));
    }

    /** A claim that the figure is at least {@code low} (the paper's figure, when it gives one, is {@code paper}). */
    public static PaperClaim atLeast(String figure, String claim, String measure, double paper, double measured, double low) {
        return new PaperClaim(figure, claim, measure, paper, measured, low, Double.POSITIVE_INFINITY);
    }

    /** A claim that the figure is at most {@code high}. */
    public static PaperClaim atMost(String figure, String claim, String measure, double paper, double measured, double high) {
        return new PaperClaim(figure, claim, measure, paper, measured, Double.NEGATIVE_INFINITY, high);
    }

    /** A yes/no claim (an ordering of three figures, say): measured 1 when it holds, 0 when not; the paper says 1. */
    public static PaperClaim holds(String figure, String claim, String measure, boolean holds) {
        return new PaperClaim(figure, claim, measure, 1, holds ? 1 : 0, 1, 1);
    }

    /** Whether the measured figure lies in the band. */
    public boolean agrees() {
        return measured >= low && measured <= high;
    }

    /** Measured over the paper's figure; NaN where the paper gives none. */
    public double ratio() {
        return Double.isNaN(paper) || paper == 0 ? Double.NaN : measured / paper;
    }

    /** The band as text: "±20%" around the paper's figure, "≥ 1.5", "≤ 0.5" or "0.95–1.05". */
    public String tolerance() {
        if (Double.isInfinite(high) && Double.isInfinite(low)) {
            return "any";
        }
        if (Double.isInfinite(high)) {
            return "≥ " + fmt(low);
        }
        if (Double.isInfinite(low)) {
            return "≤ " + fmt(high);
        }
        if (!Double.isNaN(paper) && paper > 0) {
            double below = 1 - low / paper;
            double above = high / paper - 1;
            if (Math.abs(below - above) < 1e-9 && below > 0) {
                return "±" + Math.round(below * 100) + "%";
            }
        }
        return low == high ? "= " + fmt(low) : fmt(low) + "–" + fmt(high);
    }

    /** "agrees" or "differs". */
    public String verdict() {
        return agrees() ? "agrees" : "differs";
    }

    /** Two decimals, the same on every locale. */
    public static String fmt(double x) {
        return String.format(Locale.ROOT, "%.2f", x);
    }
}
