package io.rdasuite.linearizability.crash;

import io.rdasuite.crashsim.HistoryCheck;
import io.rdasuite.crashsim.Observation;
import io.rdasuite.crashsim.OpRecord;
import io.rdasuite.crashsim.Subject;
import io.rdasuite.linearizability.checker.CheckOptions;
import io.rdasuite.linearizability.checker.CheckResult;
import io.rdasuite.linearizability.checker.CrashSemantics;
import io.rdasuite.linearizability.checker.LinearizabilityChecker;
import io.rdasuite.linearizability.checker.Verdict;
import io.rdasuite.linearizability.model.Models;
import io.rdasuite.store.fabric.ServerConfig;
import java.util.List;

/**
 * LINEARIZABILITY for the crash explorer: each crash state's history ({@link CrashHistories}) checked on the
 * key-value model, split per key, with durable linearizability (Izraelevitz et al. 2016) for a protocol durable
 * at its acknowledgement and buffered durable linearizability for one that is not (eFactory, Forca: a crash may
 * take back a suffix of the acknowledged puts). Found by {@code rda check} through {@link java.util.ServiceLoader}.
 */
public final class CrashHistoryCheck implements HistoryCheck {
    public static final io.rdasuite.crashsim.Invariant INVARIANT = io.rdasuite.crashsim.Invariant.LINEARIZABILITY;
    private static final CheckOptions OPTIONS = CheckOptions.defaults().withTimeoutNanos(2_000_000_000L);

    @Override
    public io.rdasuite.crashsim.Invariant invariant() {
        return INVARIANT;
    }

    /** Subjects whose operations act on a map of keys to values ({@link Subject#keyValueHistory}); a log's appends are not a map. */
    public static boolean applies(Subject subject) {
        return subject.keyValueHistory();
    }

    /** The crash semantics a protocol's claims call for. */
    public static CrashSemantics semantics(Subject subject, ServerConfig config) {
        return subject.claims(config).has(io.rdasuite.store.protocol.Claim.DURABLE_AT_ACK) ? CrashSemantics.DURABLE : CrashSemantics.BUFFERED;
    }

    /** Checks one crash state's history. */
    public static CheckResult result(Subject subject, ServerConfig config, List<OpRecord> history, Observation observed) {
        return LinearizabilityChecker.check(CrashHistories.of(subject, history, observed), Models.KV,
                OPTIONS.withCrashes(semantics(subject, config)));
    }

    @Override
    public String check(Subject subject, ServerConfig config, List<OpRecord> history, Observation observed) {
        if (!applies(subject)) {
            return null;
        }
        CheckResult r = result(subject, config, history, observed);
        if (r.verdict() == Verdict.NOT_LINEARIZABLE) {
            Object key = r.violation() == null ? "?" : r.violation().key();
            return "the history of key " + key + " is not " + (semantics(subject, config) == CrashSemantics.DURABLE ? "durably" : "buffered-durably")
                    + " linearizable";
        }
        return null; // UNKNOWN (out of time) is not reported as a failure
    }
}
