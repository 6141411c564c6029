package io.rdasuite.hwsim.fabric;

import java.util.ArrayList;
import java.util.List;

/**
 * A queue pair's signaled requests that were sent and are still owed a completion, in posting order. Requests are sent
 * in the order of their ids, so they sit in a ring in ascending id order; a completed one is marked and dropped once
 * it reaches the head. Replaces a map keyed by boxed ids, which was a tenth of the simulator's time (issue 18).
 */
final class OutstandingRequests {
    private Message[] ring = new Message[16];
    private int head;
    private int size;
    private int live;

    /** Adds a request; its id is larger than every id added before. */
    void add(Message m) {
        if (size == ring.length) {
            grow();
        }
        ring[(head + size) & (ring.length - 1)] = m;
        size++;
        live++;
        m.owed = true;
    }

    /** Removes a request (nothing when it is not owed). */
    void remove(Message m) {
        if (!m.owed) {
            return;
        }
        m.owed = false;
        live--;
        while (size > 0 && !ring[head].owed) {
            ring[head] = null;
            head = (head + 1) & (ring.length - 1);
            size--;
        }
    }

    /** Whether request {@code id} is owed a completion (binary search over the ascending ids). */
    boolean contains(long id) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Message m = ring[(head + mid) & (ring.length - 1)];
            if (m.id < id) {
                lo = mid + 1;
            } else if (m.id > id) {
                hi = mid - 1;
            } else {
                return m.owed;
            }
        }
        return false;
    }

    int size() {
        return live;
    }

    /** The owed requests in posting order. */
    List<Message> values() {
        List<Message> out = new ArrayList<>(live);
        for (int i = 0; i < size; i++) {
            Message m = ring[(head + i) & (ring.length - 1)];
            if (m.owed) {
                out.add(m);
            }
        }
        return out;
    }

    private void grow() {
        Message[] bigger = new Message[ring.length * 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = ring[(head + i) & (ring.length - 1)];
        }
        ring = bigger;
        head = 0;
    }
}
