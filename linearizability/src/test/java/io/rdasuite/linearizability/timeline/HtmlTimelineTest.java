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
}
