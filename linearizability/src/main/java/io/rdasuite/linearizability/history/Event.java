package io.rdasuite.linearizability.history;

import java.util.Objects;

/**
 * One event of a history. A client event ({@link EventType#isClient()}) has a process id (&ge; 0) and a
 * function; the value is the argument on an invoke and the result on a completion (for a read: the value read,
 * {@code null} for nil). A crash or recovery event has process {@code -1}, no function, and optionally the
 * node it concerns ({@code null}: the whole system). Client events may name the node they were sent to.
 *
 * @param timeNanos when it happened: virtual time on the simulator, wall-clock on real backends; used only to
 *                  draw timelines (the order of a history is the order of its events)
 */
public record Event(EventType type, int process, Fn f, Object key, Object value, long timeNanos, String node) {
    public Event {
        Objects.requireNonNull(type, "type");
        if (type.isClient()) {
            if (process < 0) {
                throw new IllegalArgumentException("a " + type.wireName() + " event needs a process id >= 0, not " + process);
            }
            Objects.requireNonNull(f, "f");
        } else if (process != -1 || f != null || key != null || value != null) {
            throw new IllegalArgumentException("a " + type.wireName() + " event has no process, f, key or value");
        }
        key = Values.normalize(key);
        value = Values.normalize(value);
    }

    public static Event invoke(int process, Fn f, Object key, Object value, long timeNanos) {
        return new Event(EventType.INVOKE, process, f, key, value, timeNanos, null);
    }

    public static Event ok(int process, Fn f, Object key, Object value, long timeNanos) {
        return new Event(EventType.OK, process, f, key, value, timeNanos, null);
    }

    public static Event fail(int process, Fn f, Object key, Object value, long timeNanos) {
        return new Event(EventType.FAIL, process, f, key, value, timeNanos, null);
    }

    public static Event info(int process, Fn f, Object key, Object value, long timeNanos) {
        return new Event(EventType.INFO, process, f, key, value, timeNanos, null);
    }

    /** A crash of {@code node} ({@code null}: the whole system). */
    public static Event crash(String node, long timeNanos) {
        return new Event(EventType.CRASH, -1, null, null, null, timeNanos, node);
    }

    /** The end of the recovery of {@code node} ({@code null}: the whole system). */
    public static Event recovery(String node, long timeNanos) {
        return new Event(EventType.RECOVERY, -1, null, null, null, timeNanos, node);
    }

    /** This event sent to (or crashing) {@code node}. */
    public Event withNode(String node) {
        return new Event(type, process, f, key, value, timeNanos, node);
    }
}
