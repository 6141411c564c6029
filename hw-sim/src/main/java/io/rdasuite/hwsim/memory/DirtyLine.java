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
    long[] versions = new long[UNITS * 4];
    long[] appendNumbers = new long[4];
    int count;
    long appended;
    int listIndex = -1;
    boolean alive = true;

    DirtyLine(SimRegion region, int line) {
        this.region = region;
        this.line = line;
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
            System.arraycopy(versions, 2 * UNITS, versions, UNITS, (count - 2) * UNITS);
            System.arraycopy(appendNumbers, 2, appendNumbers, 1, count - 2);
            count--;
        }
        if (count == appendNumbers.length) {
            versions = Arrays.copyOf(versions, versions.length * 2);
            appendNumbers = Arrays.copyOf(appendNumbers, appendNumbers.length * 2);
        }
        region.visible.copyUnits(line * UNITS, versions, count * UNITS, UNITS);
        appendNumbers[count] = ++appended;
        count++;
        return appended;
    }

    /**
     * A write-back of {@code content}, which was the line as of append number {@code asOf}, reached media:
     * versions up to {@code asOf} are no longer possible after a crash. Returns true when the line is clean.
     */
    boolean persisted(long[] content, int contentOffset, long asOf) {
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
