package io.rdasuite.hwsim.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One node's last-level cache as far as persistence cares: the set of dirty PM lines outside the
 * persistence domain. Lines leave it by clwb + sfence, by capacity eviction of a seeded-random victim, or by
 * seeded-random natural eviction ({@link #evictRandom}); that is how unflushed writes become durable
 * "through natural eviction" (paper 000 §4, paper 001 §7.2).
 */
public final class Cache {
    private final ArrayList<DirtyLine> dirty = new ArrayList<>();
    private final SplittableRandom random;
    private final int capacityLines;
    private long evictions;

    public Cache(SplittableRandom random, int capacityLines) {
        this.random = random;
        this.capacityLines = capacityLines;
    }

    public int dirtyLines() {
        return dirty.size();
    }

    public long evictions() {
        return evictions;
    }

    void add(DirtyLine line) {
        line.listIndex = dirty.size();
        dirty.add(line);
        if (dirty.size() > capacityLines) {
            evictRandom();
        }
    }

    void remove(DirtyLine line) {
        int i = line.listIndex;
        DirtyLine last = dirty.removeLast();
        if (last != line) {
            dirty.set(i, last);
            last.listIndex = i;
        }
        line.listIndex = -1;
        line.alive = false;
        line.region.forget(line);
    }

    /** Writes one seeded-random dirty line back to media; false when none is dirty. */
    public boolean evictRandom() {
        if (dirty.isEmpty()) {
            return false;
        }
        DirtyLine victim = dirty.get(random.nextInt(dirty.size()));
        victim.region.writeBackNewest(victim);
        evictions++;
        return true;
    }

    /** Adds every dirty line to a frontier, ordered by region name and line: the canonical order of crash choices. */
    public void addTo(CrashFrontier.Builder frontier) {
        for (DirtyLine d : sortedLines()) {
            frontier.line(d.region.region.name(), d);
        }
    }

    private List<DirtyLine> sortedLines() {
        List<DirtyLine> lines = new ArrayList<>(dirty);
        lines.sort(Comparator.comparing((DirtyLine d) -> d.region.region.name()).thenComparingInt(d -> d.line));
        return lines;
    }
}
