package io.rdasuite.linearizability;

import io.rdasuite.linearizability.checker.CheckOptions;
import io.rdasuite.linearizability.checker.CheckResult;
import io.rdasuite.linearizability.checker.CrashSemantics;
import io.rdasuite.linearizability.checker.LinearizabilityChecker;
import io.rdasuite.linearizability.checker.Verdict;
import io.rdasuite.linearizability.format.HistoryFormat;
import io.rdasuite.linearizability.history.History;
import io.rdasuite.linearizability.model.Model;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Small histories written inline in tests, in Jepsen's log or EDN format. */
public final class TestHistories {
    private TestHistories() {
    }

    /** Lines of Jepsen's log format without the logger prefix: {@code "0 :invoke :write 1"}. */
    public static History log(String... lines) {
        return read(HistoryFormat.JEPSEN_LOG, lines);
    }

    /** Lines of EDN maps: {@code "{:process 0 :type :invoke :f :put :key :x :value 1}"}. */
    public static History edn(String... lines) {
        return read(HistoryFormat.EDN, lines);
    }

    private static History read(HistoryFormat f, String... lines) {
        try {
            return f.read(String.join("\n", lines), "test." + f.cliName());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static CheckResult check(History h, Model m, CrashSemantics crashes) {
        return LinearizabilityChecker.check(h, m, CheckOptions.defaults().withCrashes(crashes));
    }

    public static Verdict verdict(History h, Model m) {
        return check(h, m, CrashSemantics.OPEN).verdict();
    }

    public static Verdict verdict(History h, Model m, CrashSemantics crashes) {
        return check(h, m, crashes).verdict();
    }
}
