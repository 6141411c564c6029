package io.rdasuite.hwsim.fabric;

/**
 * The link into one NIC: the switch port's serialization toward it (paper 003 Fig. 1, the link between the requester
 * NIC and the responder NIC's buffers). Messages from several senders share it (incast, issue 32).
 *
 * <p>Its time is kept as the busy periods it has carried. A message is taken in the order its last bit would reach the
 * NIC over an idle link ({@link #carry} is called in that order); its bits reach the link from {@code startNs} on at the
 * link's rate, and it fills the link's idle time from then on, as a switch interleaves the packets of messages that
 * arrive together: a short message arriving while a long one is coming through takes only its own time from the long
 * one, not the long one's whole time from itself. A message's bits never cross faster than they reach the link, so it
 * is received no earlier than on an idle link. The link remembers {@link #PERIODS} busy periods; beyond them it merges
 * the two oldest (the idle time between them counts as busy), which can only delay a message long enough to reach
 * back that far.
 */
final class IngressLink {
    static final int PERIODS = 16;
    /** Busy periods {@code [from[k], until[k])}, disjoint and in time order, {@code k < count}. */
    private final long[] from = new long[PERIODS];
    private final long[] until = new long[PERIODS];
    private int count;

    /**
     * Carries a message of {@code wireNs} whose bits reach the link from {@code startNs} on; returns when its last bit
     * has crossed it. Calls come in order of {@code startNs + wireNs}.
     */
    long carry(long startNs, long wireNs) {
        int first = count;
        while (first > 0 && until[first - 1] >= startNs) {
            first--; // the periods that end at or after the start are the ones the message meets (or touches)
        }
        long at = startNs;
        long left = wireNs;
        int next = first;
        while (next < count) {
            if (from[next] > at) {
                long used = Math.min(left, from[next] - at); // the idle time before the next period
                left -= used;
                at += used;
                if (left == 0) {
                    break;
                }
            }
            at = Math.max(at, until[next]);
            next++;
        }
        long received = at + left;
        // periods first..next-1 and the time the message filled become one; the next period joins when it touches it
        long mergedFrom = first < count ? Math.min(startNs, from[first]) : startNs;
        long mergedUntil = received;
        int end = next;
        if (next < count && from[next] <= received) {
            mergedUntil = Math.max(received, until[next]);
            end = next + 1;
        }
        replace(first, end, mergedFrom, mergedUntil);
        return received;
    }

    /** Replaces periods {@code [first, end)} by one. */
    private void replace(int first, int end, long mergedFrom, long mergedUntil) {
        int removed = end - first;
        if (removed == 0 && count == PERIODS) {
            // full: the two oldest become one (the idle time between them is lost: counted as busy)
            until[0] = until[1];
            System.arraycopy(from, 2, from, 1, count - 2);
            System.arraycopy(until, 2, until, 1, count - 2);
            count--;
            if (first == 1) {
                // the new period lay between the two oldest: it is inside the merged one
                mergedFrom = Math.min(mergedFrom, from[0]);
                mergedUntil = Math.max(mergedUntil, until[0]);
                first = 0;
                removed = 1;
            } else if (first > 1) {
                first--;
            }
        }
        if (removed == 0) {
            System.arraycopy(from, first, from, first + 1, count - first);
            System.arraycopy(until, first, until, first + 1, count - first);
            count++;
        } else if (removed > 1) {
            System.arraycopy(from, end, from, first + 1, count - end);
            System.arraycopy(until, end, until, first + 1, count - end);
            count -= removed - 1;
        }
        from[first] = mergedFrom;
        until[first] = mergedUntil;
    }

    /** Busy periods kept (tests). */
    int periods() {
        return count;
    }
}
