package io.rdasuite.hwsim.engine;

import java.util.Arrays;

/**
 * Events one source schedules at strictly increasing times (a NIC port's arrivals, its placements into memory): the
 * event queue keeps only the earliest of them in its heap and the rest here, in a ring, so that scheduling one is an
 * append and the heap stays a few entries deep (issue 18). An event scheduled at or before the stream's latest time
 * is queued on its own instead, so the order — (time, tie-break, sequence) over all events — never depends on
 * whether a source keeps to its promise; only the speed does.
 */
public final class EventStream {
    /** Whether the stream's earliest event is in the heap (then the ring holds the rest, in order). */
    boolean inHeap;
    /** The time of the stream's latest event (valid while {@link #inHeap}). */
    long lastTime;
    /** Per ring position {@code i}: time, tie and sequence at {@code 4i, 4i+1, 4i+2} (one cache line holds two events). */
    private long[] order = NO_ORDER;
    private Event[] events = NO_EVENTS;
    /** Until the first append: a node restarted at every crash state makes streams it may never fill. */
    private static final long[] NO_ORDER = {};
    private static final Event[] NO_EVENTS = {};
    private int head;
    private int count;

    boolean ringEmpty() {
        return count == 0;
    }

    /** Events waiting behind the one in the heap. */
    int ringCount() {
        return count;
    }

    void append(long time, long tie, long seq, Event event) {
        if (count == events.length) {
            grow();
        }
        int at = (head + count) & (events.length - 1);
        order[4 * at] = time;
        order[4 * at + 1] = tie;
        order[4 * at + 2] = seq;
        events[at] = event;
        count++;
        lastTime = time;
    }

    long headTime() {
        return order[4 * head];
    }

    long headTie() {
        return order[4 * head + 1];
    }

    long headSeq() {
        return order[4 * head + 2];
    }

    /** Removes the ring's first event (read its time, tie and sequence first). */
    Event pollHead() {
        Event e = events[head];
        events[head] = null;
        head = (head + 1) & (events.length - 1);
        count--;
        return e;
    }

    void clear() {
        Arrays.fill(events, null);
        head = 0;
        count = 0;
        inHeap = false;
    }

    private void grow() {
        int n = events.length;
        int capacity = n == 0 ? 8 : 2 * n;
        long[] o = new long[capacity * 4];
        Event[] e = new Event[capacity];
        for (int k = 0; k < count; k++) {
            int from = (head + k) & (n - 1);
            System.arraycopy(order, 4 * from, o, 4 * k, 3);
            e[k] = events[from];
        }
        order = o;
        events = e;
        head = 0;
    }
}
