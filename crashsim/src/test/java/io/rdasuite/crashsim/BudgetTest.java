package io.rdasuite.crashsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Scaling a budget never wraps around: a huge factor is an error, not a budget of almost nothing. */
class BudgetTest {
    private static final Budget BASE = new Budget(150, 16, 4);

    @Test
    void scalingMultipliesEachQuantityAndKeepsAtLeastOne() {
        assertThat(BASE.scaled(2)).isEqualTo(new Budget(300, 32, 8));
        assertThat(BASE.scaled(0.001)).isEqualTo(new Budget(1, 1, 1));
        assertThat(BASE.scaled(66_666).crashPoints()).isEqualTo(9_999_900);
    }

    @Test
    void aFactorThatWouldOverflowIsRefusedWithTheLargestAllowed() {
        // (int) Math.round(150 * 1e12) wrapped to a negative number, clamped to 1 crash point: a silent near-empty run
        assertThatThrownBy(() -> BASE.scaled(1e12)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("largest factor is 66,666");
        assertThatThrownBy(() -> BASE.scaled(66_667)).hasMessageContaining("more than the 10,000,000 allowed");
    }

    @Test
    void aFactorThatIsNotAPositiveFiniteNumberIsRefused() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> BASE.scaled(bad)).as("factor %s", bad).hasMessageContaining("positive finite");
        }
    }
}
