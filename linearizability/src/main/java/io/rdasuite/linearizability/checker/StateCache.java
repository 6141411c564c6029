package io.rdasuite.linearizability.checker;

import java.util.Arrays;

/**
 * The set of configurations the search has already visited: (set of decided operations, model state) pairs.
 * Sets are bitsets stored inline in one long[] pool, each with its hash (maintained incrementally by the
 * search), in an open-addressing table with linear probing; no object per entry.
 */
final class StateCache {
    private final int words;
    private final long maxEntries;
    private long[] sets;
    private long[] states;
    private long[] hashes;
    /** Entry index + 1 per slot, 0 when free. */
    private int[] slots;
    private int mask;
    private int size;

    /** A cache of sets of {@code words} longs, holding at most {@code maxEntries} entries. */
    StateCache(int words, long maxEntries) {
        this.words = words;
        this.maxEntries = maxEntries;
        int capacity = 64; // most histories of a crash state are a handful of operations; grow() doubles
        sets = new long[capacity * words];
        states = new long[capacity];
        hashes = new long[capacity];
        slots = new int[capacity * 2];
        mask = slots.length - 1;
    }

    /** The bytes one entry costs, slots included, to turn a byte budget into an entry count. */
    static long bytesPerEntry(int words) {
        return 8L * words + 16 + 8;
    }

    int size() {
        return size;
    }

    boolean full() {
        return size >= maxEntries;
    }

    /** Adds (set, state) unless present; true when it was new. */
    boolean add(long[] set, long setHash, long state) {
        long h = mix(setHash + state * 0x9E3779B97F4A7C15L);
        int i = (int) h & mask;
        for (int s; (s = slots[i]) != 0; i = (i + 1) & mask) {
            int e = s - 1;
            if (hashes[e] == h && states[e] == state && sameSet(e, set)) {
                return false;
            }
        }
        if (size == states.length) {
            grow();
            i = (int) h & mask;
            while (slots[i] != 0) {
                i = (i + 1) & mask;
            }
        }
        System.arraycopy(set, 0, sets, size * words, words);
        states[size] = state;
        hashes[size] = h;
        slots[i] = ++size;
        return true;
    }

    private boolean sameSet(int e, long[] set) {
        int base = e * words;
        for (int w = 0; w < words; w++) {
            if (sets[base + w] != set[w]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        // the search looks at full() every 1024 steps, each adding at most one entry: leave that much slack
        int capacity = (int) Math.min(states.length * 2L, maxEntries + 2048);
        if (capacity <= states.length || (long) capacity * words > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("configuration cache cannot grow past " + states.length + " entries");
        }
        sets = Arrays.copyOf(sets, capacity * words);
        states = Arrays.copyOf(states, capacity);
        hashes = Arrays.copyOf(hashes, capacity);
        slots = new int[Integer.highestOneBit(capacity - 1) << 2];
        mask = slots.length - 1;
        for (int e = 0; e < size; e++) {
            int i = (int) hashes[e] & mask;
            while (slots[i] != 0) {
                i = (i + 1) & mask;
            }
            slots[i] = e + 1;
        }
    }

    /** Murmur3's 64-bit finalizer. */
    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
