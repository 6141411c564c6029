package io.rdasuite.crashsim;

import java.util.List;
import java.util.SortedMap;

/**
 * What recovery plus the checking workload saw after a crash.
 *
 * @param values           key → the bytes read (absent keys are missing)
 * @param structuralErrors the protocol's own integrity checks that failed
 * @param unreadable       keys whose read found no intact version at all
 */
public record Observation(SortedMap<Integer, byte[]> values, List<String> structuralErrors, java.util.SortedSet<Integer> unreadable) {
    public Observation(SortedMap<Integer, byte[]> values, List<String> structuralErrors) {
        this(values, structuralErrors, new java.util.TreeSet<>());
    }
}
