package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.crashsim.Budget;
import io.rdasuite.crashsim.Explorer;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import io.rdasuite.crashsim.Subjects;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The progress display (issue 30): the summary's counts, a bar that stays readable at 80 columns, an estimate only when it means something. */
class ProgressDisplayTest {
    private static final long SECOND = 1_000_000_000L;
    private static final Pattern BAR = Pattern.compile("^check +(\\d+)% \\[([=> ]+)\\] ");

    /** A display with no ticker and no terminal: driven by the test alone. */
    private static ProgressDisplay display(int cells, long weightPerCell) {
        return new ProgressDisplay("check", weightPerCell * cells, cells, true, false, new PrintWriter(new StringWriter()));
    }

    @Test
    void theStateCountIsTheSummarysEvenWhenTheExplorerCheckedMore() {
        ProgressDisplay d = display(2, 1_000);
        // states the summary never counts (a shrinker's candidates, a finding re-run for its description) move the explorer's counter
        long before = Explorer.statesChecked();
        Explorer.explore(Subjects.byName("inplace/WRITE/singleton/FLUSH"), new Scenario("inplace/WRITE/singleton/FLUSH",
                ServerConfig.parse("MHP+NODDIO+DRAM-RQWRB"), Transport.IB, 1, Program.sequentialPuts(2)), new Budget(30, 4, 1));
        assertThat(Explorer.statesChecked()).isGreaterThan(before + 7);
        d.cellDone(1_000, 7);
        d.cellDone(1_000, 5);
        assertThat(d.states()).isEqualTo(12);
        assertThat(d.render(80, 3 * SECOND)).contains("2/2 cells").contains(" 12 states");
        assertThat(d.line(3 * SECOND)).contains("2/2 cells, 12 crash states");
    }

    @Test
    void atEightyColumnsTheBarKeepsItsWidthAndMatchesThePercentage() {
        ProgressDisplay d = display(604, 9_000);
        for (int i = 0; i < 231; i++) {
            d.cellDone(9_000, 1_000);
        }
        d.phase("transactions");
        for (long elapsed : new long[] {SECOND, 35 * SECOND, 4_000 * SECOND}) {
            String line = d.render(80, elapsed);
            assertThat(line.length()).as(line).isLessThanOrEqualTo(80);
            Matcher m = BAR.matcher(line);
            assertThat(m.find()).as(line).isTrue();
            int percent = Integer.parseInt(m.group(1));
            String bar = m.group(2);
            assertThat(bar.length()).as(line).isGreaterThanOrEqualTo(ProgressLine.MIN_BAR);
            int filled = bar.replaceAll("[^=]", "").length();
            assertThat(percent).isEqualTo(38); // 231 of 604 cells
            assertThat(Math.abs(filled - percent / 100.0 * bar.length())).as(line).isLessThanOrEqualTo(1);
            assertThat(line).contains("231/604 cells").contains("231,000 states");
        }
        // narrower than the counts: the least important are dropped before the bar shrinks below its minimum
        String narrow = d.render(50, 35 * SECOND);
        assertThat(narrow.length()).isLessThanOrEqualTo(50);
        assertThat(BAR.matcher(narrow).find()).as(narrow).isTrue();
        assertThat(narrow).contains("231/604 cells").doesNotContain("transactions");
    }

    @Test
    void theFirstTickShowsNoEstimateAndAnEmptyBar() {
        ProgressDisplay d = display(604, 9_000);
        d.cellDone(9_000, 240);
        String line = d.render(80, SECOND);
        Matcher m = BAR.matcher(line);
        assertThat(m.find()).as(line).isTrue();
        assertThat(m.group(1)).isEqualTo("0");
        assertThat(m.group(2)).doesNotContain("=");
        assertThat(line).contains("estimating").doesNotContain("left");
        assertThat(d.line(SECOND)).contains("estimating");
    }

    @Test
    void anEstimateAppearsOnceEnoughIsDoneAndEnoughTimeHasPassed() {
        assertThat(ProgressLine.estimate(0.04, 600 * SECOND)).isEqualTo("estimating");
        assertThat(ProgressLine.estimate(0.5, 5 * SECOND)).isEqualTo("estimating");
        assertThat(ProgressLine.estimate(0.5, 20 * SECOND)).isEqualTo("~20 s left");
        assertThat(ProgressLine.estimate(0.25, 40 * SECOND)).isEqualTo("~2 min 0 s left");
        assertThat(ProgressLine.estimate(0.99, 40 * SECOND)).isEqualTo("~1 s left"); // never "~0 s" while work remains
        assertThat(ProgressLine.estimate(1, 40 * SECOND)).isEqualTo("done");
    }

    @Test
    void anUnknownAmountOfWorkHasNoBarAndALineNeverExceedsItsWidth() {
        assertThat(ProgressLine.render("fuzz", -1, List.of("1,234 runs", "0 failures"), 80)).isEqualTo("fuzz  1,234 runs  0 failures");
        assertThat(ProgressLine.render("check", 0.5, List.of("x".repeat(100)), 40)).hasSizeLessThanOrEqualTo(40);
        assertThat(ProgressLine.bar(1, 12)).isEqualTo("=".repeat(12));
        assertThat(ProgressLine.bar(0, 12)).isEqualTo(">" + " ".repeat(11));
    }
}
