package io.rdasuite.linearizability.format;

import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.EventType;
import io.rdasuite.linearizability.history.Fn;

/** Builds an event from the loosely typed fields every format has; shared by the readers. */
final class EventFields {
    private EventFields() {
    }

    /**
     * The event these fields describe, or {@code null} for a nemesis event (a non-numeric process such as
     * Jepsen's {@code :nemesis}), which is not a client operation. A missing time is {@code defaultTime}.
     */
    static Event toEvent(String type, Object process, String f, Object key, Object value, Long time, String node,
                         long defaultTime) {
        if (type == null) {
            throw new IllegalArgumentException("expected a type (invoke, ok, fail, info, crash or recovery), found none");
        }
        EventType t = EventType.parse(strip(type));
        long timeNanos = time == null ? defaultTime : time;
        if (!t.isClient()) {
            return t == EventType.CRASH ? Event.crash(node, timeNanos) : Event.recovery(node, timeNanos);
        }
        if (process == null) {
            throw new IllegalArgumentException("a " + t.wireName() + " event needs a process");
        }
        if (!(process instanceof Long p)) {
            if (process instanceof String || process instanceof EdnParser.Keyword) {
                return null; // :nemesis and the like: the test's own operations
            }
            throw new IllegalArgumentException("expected an integer process, or a name such as :nemesis, found " + process);
        }
        if (p < 0 || p > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("process " + p + " out of range");
        }
        if (f == null) {
            throw new IllegalArgumentException("a " + t.wireName() + " event needs an f");
        }
        return new Event(t, (int) (long) p, Fn.parse(f), key, value, timeNanos, node);
    }

    private static String strip(String name) {
        return name.startsWith(":") ? name.substring(1) : name;
    }
}
