package io.rdasuite.linearizability.txn;

import java.util.Arrays;

/**
 * A set of ordered pairs of transaction numbers, each with a dense slot number in the order first added: an
 * open-addressing table of primitive longs, so that adding the tens of thousands of dependency edges of a large history
 * boxes nothing (a {@code HashMap<Long, …>} keyed by {@code from << 32 | to} also hashed every pair of a row into few
 * buckets).
 */
final class PairTable {
    private static final long EMPTY = -1;
    private long[] keys = new long[64];
    private int[] slots = new int[64];
    private long[] bySlot = new long[32];
    private int size;

    PairTable() {
        Arrays.fill(keys, EMPTY);
    }

    int size() {
        return size;
    }

    /** The slot of the pair, or -1 when it was never added. */
    int find(int from, int to) {
        long key = (long) from << 32 | to;
        int mask = keys.length - 1;
        for (int i = index(key, mask); ; i = i + 1 & mask) {
            if (keys[i] == key) {
                return slots[i];
            }
            if (keys[i] == EMPTY) {
                return -1;
            }
        }
    }

    /** The slot of the pair, a new one ({@link #size()} before the call) when it was not there. */
    int add(int from, int to) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        long key = (long) from << 32 | to;
        int mask = keys.length - 1;
        int i = index(key, mask);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                return slots[i];
            }
            i = i + 1 & mask;
        }
        keys[i] = key;
        slots[i] = size;
        if (size == bySlot.length) {
            bySlot = Arrays.copyOf(bySlot, 2 * size);
        }
        bySlot[size] = key;
        return size++;
    }

    /** The pair of a slot, as {@code from << 32 | to}. */
    long pair(int slot) {
        return bySlot[slot];
    }

    private static int index(long key, int mask) {
        return (int) (key * 0x9E3779B97F4A7C15L >>> 32) & mask; // Fibonacci hashing: every bit of the pair moves the index
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldSlots = slots;
        keys = new long[oldKeys.length * 2];
        slots = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = index(oldKeys[j], mask);
                while (keys[i] != EMPTY) {
                    i = i + 1 & mask;
                }
                keys[i] = oldKeys[j];
                slots[i] = oldSlots[j];
            }
        }
    }
}
