package io.rdasuite.hwsim.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events ordered by (time, seeded tie-break, insertion sequence), in primitive arrays so that the
 * hot loop allocates nothing per event. Equal times are ordered by the tie-break the engine draws from its seeded
 * PRNG; the sequence number only makes the order total.
 *
 * <p>The heap itself holds one {@code long} per event: a key that orders like (time, tie) for times below 2^40 ns
 * (18 minutes of virtual time) — the time in the high bits, the tie's top 23 bits (mapped so that unsigned order is
 * the tie's signed order) below it — beside the event's slot. A sift compares only keys, four children in one cache
 * line; where two keys are equal (equal times whose ties share their top 23 bits, or times past 2^40, whose keys all
 * saturate) it compares the full (time, tie, sequence) kept per slot. The order is thus exactly the triple's, as
 * {@code EventQueueProperties} checks against a sorted list, and slots never move, so a sift moves two words, not
 * five.
 *
 * <p>An {@link EventStream}'s events take one slot between them: the slot holds the stream's earliest event, and
 * removing it puts the stream's next event in its place and sifts it down from the root, one sift where a removal and
 * an addition would take two.
 */
final class EventQueue {
    private static final int TIE_BITS = 23;
    private static final long SATURATED = Long.MAX_VALUE;
    /** Small: every crash state's recovery run makes an engine, and most runs keep a few events queued. */
    private static final int INITIAL_CAPACITY = 16;

    /** Heap order: the key and the slot of the event at each heap position. */
    private long[] keys = new long[INITIAL_CAPACITY];
    private int[] slotAt = new int[INITIAL_CAPACITY];
    /** Per slot (stable while queued): the full order and the event. */
    private long[] times = new long[INITIAL_CAPACITY];
    private long[] ties = new long[INITIAL_CAPACITY];
    private long[] seqs = new long[INITIAL_CAPACITY];
    private Event[] events = new Event[INITIAL_CAPACITY];
    /** Per slot: the stream whose earliest event the slot holds, or null. */
    private EventStream[] streams = new EventStream[INITIAL_CAPACITY];
    /** Free slots, a stack: {@code free[0..freeCount)}. */
    private int[] free = new int[INITIAL_CAPACITY];
    private int freeCount;
    private int size;
    private long nextSeq;

    /** The time of the event {@link #poll} returned last. */
    long lastTime;

    EventQueue() {
        resetFreeSlots(0);
    }

    /** Events queued: those in the heap and those waiting in streams behind them (added up when asked; tests ask). */
    int size() {
        int n = size;
        for (int i = 0; i < size; i++) {
            EventStream stream = streams[slotAt[i]];
            if (stream != null) {
                n += stream.ringCount();
            }
        }
        return n;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The earliest time queued; only valid when not empty. */
    long peekTime() {
        return times[slotAt[0]];
    }

    void add(long time, long tie, Event event) {
        insert(time, tie, nextSeq++, event, null);
    }

    /** Adds an event of {@code stream}: appended behind the stream's latest if later than it, else queued on its own. */
    void add(long time, long tie, Event event, EventStream stream) {
        long seq = nextSeq++;
        if (!stream.inHeap) {
            stream.inHeap = true;
            stream.lastTime = time;
            insert(time, tie, seq, event, stream);
        } else if (time > stream.lastTime) {
            stream.append(time, tie, seq, event);
        } else {
            insert(time, tie, seq, event, null);
        }
    }

    private void insert(long time, long tie, long seq, Event event, EventStream stream) {
        if (size == keys.length) {
            grow();
        }
        int slot = free[--freeCount];
        times[slot] = time;
        ties[slot] = tie;
        seqs[slot] = seq;
        events[slot] = event;
        streams[slot] = stream;
        siftUp(size++, key(time, tie), slot);
    }

    /** Places (key, slot) at heap position {@code hole} or above it, moving later parents down. */
    private void siftUp(int hole, long key, int slot) {
        long[] k = keys;
        int[] s = slotAt;
        while (hole > 0) {
            int parent = (hole - 1) >>> 2;
            long parentKey = k[parent];
            if (key > parentKey || (key == parentKey && !fullLess(slot, s[parent]))) {
                break;
            }
            k[hole] = parentKey;
            s[hole] = s[parent];
            hole = parent;
        }
        k[hole] = key;
        s[hole] = slot;
    }

    /** Removes the earliest event; {@link #lastTime} tells its time. */
    Event poll() {
        int topSlot = slotAt[0];
        Event top = events[topSlot];
        lastTime = times[topSlot];
        EventStream stream = streams[topSlot];
        if (stream != null && !stream.ringEmpty()) {
            // the stream's next event takes the slot, and the root's place
            long time = stream.headTime();
            long tie = stream.headTie();
            times[topSlot] = time;
            ties[topSlot] = tie;
            seqs[topSlot] = stream.headSeq();
            events[topSlot] = stream.pollHead();
            siftDownFromRoot(key(time, tie), topSlot, size);
            return top;
        }
        if (stream != null) {
            stream.inHeap = false;
            streams[topSlot] = null;
        }
        events[topSlot] = null;
        free[freeCount++] = topSlot;
        int last = --size;
        if (last > 0) {
            siftDownFromRoot(keys[last], slotAt[last], last);
        }
        return top;
    }

    /**
     * Places (key, slot), the heap's former last element, from the root down; {@code n} is the heap's new size. Bottom-up
     * (Floyd): the hole at the root follows the smallest child down to a leaf without comparing against the element, which
     * almost always belongs near the bottom, and the element then rises from there (rarely more than a step).
     */
    private void siftDownFromRoot(long key, int slot, int n) {
        long[] k = keys;
        int[] s = slotAt;
        int hole = 0;
        while (true) {
            int first = 4 * hole + 1;
            if (first >= n) {
                break;
            }
            int child;
            long childKey;
            if (first + 3 < n) {
                // four children: pick the least key with selects, not branches (the winner is a coin toss); equal keys
                // are rare (same time, same top tie bits) and take the exact path
                long k0 = k[first];
                long k1 = k[first + 1];
                long k2 = k[first + 2];
                long k3 = k[first + 3];
                long m01 = Math.min(k0, k1);
                long m23 = Math.min(k2, k3);
                if ((k0 == k1) | (k2 == k3) | (m01 == m23)) {
                    child = leastChild(first, first + 4);
                    childKey = k[child];
                } else {
                    int c01 = k1 < k0 ? first + 1 : first;
                    int c23 = k3 < k2 ? first + 3 : first + 2;
                    child = m23 < m01 ? c23 : c01;
                    childKey = Math.min(m01, m23);
                }
            } else {
                child = leastChild(first, n);
                childKey = k[child];
            }
            k[hole] = childKey;
            s[hole] = s[child];
            hole = child;
        }
        siftUp(hole, key, slot);
    }

    /** The heap position in {@code [first, end)} whose event comes first, comparing in full where keys are equal. */
    private int leastChild(int first, int end) {
        int child = first;
        long childKey = keys[first];
        for (int c = first + 1; c < end; c++) {
            long ck = keys[c];
            if (ck < childKey || (ck == childKey && fullLess(slotAt[c], slotAt[child]))) {
                child = c;
                childKey = ck;
            }
        }
        return child;
    }

    /**
     * The heap key: orders like (time, tie) wherever it differs; equal keys need {@link #fullLess}. Times are never
     * negative (the engine schedules at or after now, from 0).
     */
    static long key(long time, long tie) {
        if ((time >>> (63 - TIE_BITS)) != 0) {
            return SATURATED;
        }
        return (time << TIE_BITS) | ((tie ^ Long.MIN_VALUE) >>> (64 - TIE_BITS));
    }

    private boolean fullLess(int a, int b) {
        long ta = times[a];
        long tb = times[b];
        if (ta != tb) {
            return ta < tb;
        }
        long ia = ties[a];
        long ib = ties[b];
        if (ia != ib) {
            return ia < ib;
        }
        return seqs[a] < seqs[b];
    }

    private void grow() {
        int old = keys.length;
        int n = old * 2;
        keys = Arrays.copyOf(keys, n);
        slotAt = Arrays.copyOf(slotAt, n);
        times = Arrays.copyOf(times, n);
        ties = Arrays.copyOf(ties, n);
        seqs = Arrays.copyOf(seqs, n);
        events = Arrays.copyOf(events, n);
        streams = Arrays.copyOf(streams, n);
        free = Arrays.copyOf(free, n);
        resetFreeSlots(old); // full: every slot below old is in use
    }

    /** Marks slots {@code [from, capacity)} free, the lowest on top. */
    private void resetFreeSlots(int from) {
        freeCount = 0;
        for (int slot = free.length - 1; slot >= from; slot--) {
            free[freeCount++] = slot;
        }
    }

    void clear() {
        for (EventStream stream : streams) {
            if (stream != null) {
                stream.clear();
            }
        }
        Arrays.fill(events, null);
        Arrays.fill(streams, null);
        size = 0;
        resetFreeSlots(0);
    }
}
