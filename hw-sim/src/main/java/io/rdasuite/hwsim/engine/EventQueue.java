package io.rdasuite.hwsim.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events ordered by (time, seeded tie-break, insertion sequence), kept in parallel
 * primitive arrays so that the hot loop allocates nothing per event. Four children per node halve the depth a
 * removal sifts through (the order, a total one, is the same as a binary heap's). Equal times are ordered by the
 * tie-break the engine draws from its seeded PRNG; the sequence number only makes the order total.
 */
final class EventQueue {
    private long[] times = new long[64];
    private long[] ties = new long[64];
    private long[] seqs = new long[64];
    private Event[] events = new Event[64];
    private int size;
    private long nextSeq;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The earliest time queued; only valid when not empty. */
    long peekTime() {
        return times[0];
    }

    void add(long time, long tie, Event event) {
        if (size == events.length) {
            grow();
        }
        long seq = nextSeq++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            if (!less(time, tie, seq, times[parent], ties[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, time, tie, seq, event);
    }

    /** Removes the earliest event; {@link #lastTime} tells its time. */
    Event poll() {
        Event top = events[0];
        lastTime = times[0];
        int last = --size;
        long t = times[last];
        long tie = ties[last];
        long seq = seqs[last];
        Event e = events[last];
        events[last] = null;
        if (last > 0) {
            int i = 0;
            while (true) {
                int first = 4 * i + 1;
                if (first >= last) {
                    break;
                }
                int child = first;
                int end = Math.min(first + 4, last);
                for (int c = first + 1; c < end; c++) {
                    if (less(times[c], ties[c], seqs[c], times[child], ties[child], seqs[child])) {
                        child = c;
                    }
                }
                if (!less(times[child], ties[child], seqs[child], t, tie, seq)) {
                    break;
                }
                move(child, i);
                i = child;
            }
            set(i, t, tie, seq, e);
        }
        return top;
    }

    long lastTime;

    private static boolean less(long t1, long tie1, long seq1, long t2, long tie2, long seq2) {
        if (t1 != t2) {
            return t1 < t2;
        }
        if (tie1 != tie2) {
            return tie1 < tie2;
        }
        return seq1 < seq2;
    }

    private void move(int from, int to) {
        times[to] = times[from];
        ties[to] = ties[from];
        seqs[to] = seqs[from];
        events[to] = events[from];
    }

    private void set(int i, long time, long tie, long seq, Event event) {
        times[i] = time;
        ties[i] = tie;
        seqs[i] = seq;
        events[i] = event;
    }

    private void grow() {
        int n = events.length * 2;
        times = Arrays.copyOf(times, n);
        ties = Arrays.copyOf(ties, n);
        seqs = Arrays.copyOf(seqs, n);
        events = Arrays.copyOf(events, n);
    }

    void clear() {
        Arrays.fill(events, 0, size, null);
        size = 0;
    }
}
