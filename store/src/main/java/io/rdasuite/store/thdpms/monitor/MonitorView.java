package io.rdasuite.store.thdpms.monitor;

import java.util.Collections;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** The monitor's global view (paper 002 §4.1.3): the epoch, the live PM servers and the mapping table. */
public record MonitorView(long epoch, SortedSet<Integer> liveServers, SortedMap<Long, MappingItem> table) {
    public MonitorView {
        liveServers = Collections.unmodifiableSortedSet(new TreeSet<>(liveServers));
        table = Collections.unmodifiableSortedMap(new TreeMap<>(table));
    }
}
