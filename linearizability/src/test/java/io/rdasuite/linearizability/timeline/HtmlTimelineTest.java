package io.rdasuite.linearizability.timeline;

import static io.rdasuite.linearizability.TestHistories.check;
import static io.rdasuite.linearizability.TestHistories.edn;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.linearizability.checker.CrashSemantics;
import io.rdasuite.linearizability.checker.Violation;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Models;
import org.junit.jupiter.api.Test;

/** The timeline page: lanes, bars, the red blocking operation, crashes, and escaping. */
class HtmlTimelineTest {
    @Test
    void rendersLanesBarsCrashAndEscapes() {
        History h = edn("{:process 0 :type :invoke :f :put :key \"<k>\" :value \"<script>alert(1)</script>\"}",
                "{:process 0 :type :ok :f :put :key \"<k>\" :value \"<script>alert(1)</script>\"}",
                "{:process 3 :type :invoke :f :put :key \"<k>\" :value \"b&b\"}",
                "{:type :crash :node \"n'1\"}",
                "{:process 1 :type :invoke :f :get :key \"<k>\"}",
                "{:process 1 :type :ok :f :get :key \"<k>\" :value \"gone\"}");
        Violation v = check(h, Models.KV, CrashSemantics.DURABLE).violation();
        String html = HtmlTimeline.render("history <1>", v);
        assertThat(html).startsWith("<!DOCTYPE html>").doesNotContain("<script>").doesNotContain("<k>")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;").contains("history &lt;1&gt;").contains("b&amp;b")
                .contains("crash n&#39;1").contains(">p0</div>").contains(">p1</div>").contains(">p3</div>");
        assertThat(html.split("class=\"op block", -1)).hasSize(2); // exactly one red bar
        assertThat(html).contains("cannot take effect anywhere before it returns");
        assertThat(HtmlTimeline.render("history <1>", v)).isEqualTo(html); // deterministic
    }

    @Test
    void aHistoryDrawnForAnotherFindingIsColouredByOutcomeWithItsAxisNamed() {
        java.util.List<io.rdasuite.linearizability.history.Operation> ops = java.util.List.of(
                new io.rdasuite.linearizability.history.Operation(0, 0, io.rdasuite.linearizability.history.Fn.APPEND, null, "put k1=1", null,
                        io.rdasuite.linearizability.history.Status.OK, 0, 2, 100, 340, null),
                new io.rdasuite.linearizability.history.Operation(1, 1, io.rdasuite.linearizability.history.Fn.APPEND, null, "put k1=2", null,
                        io.rdasuite.linearizability.history.Status.FAIL, 1, 3, 120, 400, null),
                new io.rdasuite.linearizability.history.Operation(2, 1, io.rdasuite.linearizability.history.Fn.APPEND, null, "get k1", null,
                        io.rdasuite.linearizability.history.Status.PENDING, 4, -1, 500, Long.MAX_VALUE, null));
        String html = HtmlTimeline.renderHistory("h", "durability lost", ops,
                java.util.List.of(new io.rdasuite.linearizability.history.CrashPoint(5, 600, null)));
        // one colour per outcome, each in the legend; none of the violation's colours (grey 'not reached' above all)
        assertThat(html).contains("class=\"op ok\"").contains("class=\"op failed\"").contains("class=\"op unknown open\"")
                .contains("<span class=\"ok\">returned ok</span>").contains("<span class=\"failed\">")
                .doesNotContain("not reached").doesNotContain("class=\"op other").doesNotContain("class=\"lin\"");
        // the axis says what it counts; the ticks give the simulator event beside the history's index, never "ns"
        assertThat(html).contains("id=\"axis\"").contains("simulator event").contains(">e0 s100</div>").doesNotContainPattern("\\dns</div>");
    }
}
