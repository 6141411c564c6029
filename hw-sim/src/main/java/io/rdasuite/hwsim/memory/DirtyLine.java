package io.rdasuite.hwsim.memory;

import java.util.Arrays;

/**
 * A PM cache line that is dirty in a last-level cache outside the persistence domain, with every version it
 * held since it was last persistent: version 0 equals the media, the last one equals the visible line. A
 * crash may leave any one of them on media. Each version carries its append number so that a pending clwb
 * can tell which versions came after it.
 */
final class DirtyLine {
    static final int UNITS = 8;
    /** Versions kept per line; beyond it the oldest in-between version is forgotten (an under-approximation). */
    static final int MAX_VERSIONS = 16;

    final SimRegion region;
    final int line;
    /**
     * Version 0 in slot 0; versions 1.. in slots 1..cap-1 as a ring starting at {@link #ringHead}, so that forgetting
     * the oldest in-between version at the cap is a step of the ring, not a shift of 14 versions per write (a line
     * rewritten in a cache outside the domain hits the cap on every write). Slot {@code s} holds units
     * {@code [s * UNITS, (s + 1) * UNITS)} of {@link #versions} and {@code appendNumbers[s]}.
     */
    private long[] versions = new long[UNITS * 4];
    private long[] appendNumbers = new long[4];
    private int ringHead = 1;
    int count;
    long appended;
    int listIndex = -1;
    boolean alive = true;

    DirtyLine(SimRegion region, int line) {
        this.region = region;
        this.line = line;
    }

    /** The slot of version {@code v} ({@code 0 <= v < count}). */
    private int slot(int v) {
        if (v == 0) {
            return 0;
        }
        int ring = appendNumbers.length - 1;
        int s = ringHead + v - 1;
        return s > ring ? s - ring : s;
    }

    /** Unit {@code u} of version {@code v}. */
    long unit(int v, int u) {
        return versions[slot(v) * UNITS + u];
    }

    /** A copy of version {@code v}. */
    long[] version(int v) {
        int at = slot(v) * UNITS;
        return Arrays.copyOfRange(versions, at, at + UNITS);
    }

    /** Starts the history with the media content as version 0. */
    void startFromMedia() {
        region.media.readLine(line, versions, 0);
        appendNumbers[0] = 0;
        count = 1;
    }

    /** Appends the line's current visible content as its newest version; returns its append number. */
    long appendVisible() {
        if (count == MAX_VERSIONS) {
            // forget version 1: the ring (full: MAX_VERSIONS slots) moves on by one
            ringHead = ringHead == appendNumbers.length - 1 ? 1 : ringHead + 1;
            count--;
        } else if (count == appendNumbers.length) {
            unroll(appendNumbers.length * 2); // not yet at the cap, so the ring has not wrapped: a plain copy
        }
        int s = slot(count);
        region.visible.copyUnits(line * UNITS, versions, s * UNITS, UNITS);
        appendNumbers[s] = ++appended;
        count++;
        return appended;
    }

    /** Lays the versions out in order from slot 0, in arrays of {@code capacity} versions. */
    private void unroll(int capacity) {
        long[] v = new long[capacity * UNITS];
        long[] n = new long[capacity];
        for (int i = 0; i < count; i++) {
            int s = slot(i);
            System.arraycopy(versions, s * UNITS, v, i * UNITS, UNITS);
            n[i] = appendNumbers[s];
        }
        versions = v;
        appendNumbers = n;
        ringHead = 1;
    }

    /**
     * A write-back of {@code content}, which was the line as of append number {@code asOf}, reached media:
     * versions up to {@code asOf} are no longer possible after a crash. Returns true when the line is clean.
     */
    boolean persisted(long[] content, int contentOffset, long asOf) {
        if (ringHead != 1) {
            unroll(appendNumbers.length);
        }
        int firstLater = count;
        for (int i = 1; i < count; i++) {
            if (appendNumbers[i] > asOf) {
                firstLater = i;
                break;
            }
        }
        int later = count - firstLater;
        if (later == 0) {
            return true;
        }
        System.arraycopy(versions, firstLater * UNITS, versions, UNITS, later * UNITS);
        System.arraycopy(appendNumbers, firstLater, appendNumbers, 1, later);
        System.arraycopy(content, contentOffset, versions, 0, UNITS);
        appendNumbers[0] = asOf;
        count = later + 1;
        return false;
    }
}
