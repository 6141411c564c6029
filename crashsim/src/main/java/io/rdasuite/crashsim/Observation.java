package io.rdasuite.crashsim;

import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What recovery plus the checking workload saw after a crash.
 *
 * @param values             key → the bytes read (absent keys are missing)
 * @param structuralErrors   the protocol's own integrity checks that failed
 * @param unreadable         keys whose read found no intact version at all
 * @param earlierCrashEvents where the run crashed and recovered before its last crash (repeated crashes of
 *                           {@code rda fuzz}), as event indices of the history: operations invoked before such an
 *                           index belong to an earlier epoch; empty for one crash
 */
public record Observation(SortedMap<Integer, byte[]> values, List<String> structuralErrors, SortedSet<Integer> unreadable,
                          List<Long> earlierCrashEvents) {
    public Observation {
        earlierCrashEvents = List.copyOf(earlierCrashEvents);
    }

    public Observation(SortedMap<Integer, byte[]> values, List<String> structuralErrors, SortedSet<Integer> unreadable) {
        this(values, structuralErrors, unreadable, List.of());
    }

    public Observation(SortedMap<Integer, byte[]> values, List<String> structuralErrors) {
        this(values, structuralErrors, new TreeSet<>());
    }

    /** The same observation after a run that also crashed and recovered at {@code events} (history event indices). */
    public Observation afterEarlierCrashes(List<Long> events) {
        return new Observation(values, structuralErrors, unreadable, events);
    }
}
