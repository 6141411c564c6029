package io.rdasuite.linearizability.history;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The values a history may carry: {@code null} (nil), {@link Long}, {@link Double}, {@link String}, {@link Boolean}, and
 * unmodifiable {@link List}s of these. Every reader normalizes through {@link #normalize} so that equal values
 * are {@code equals} (an EDN {@code 3}, a JSON {@code 3} and a Jepsen-log {@code 3} are all {@code 3L}).
 */
public final class Values {
    private Values() {
    }

    /** The normal form of {@code value}; an unsupported type is an {@link IllegalArgumentException}. */
    public static Object normalize(Object value) {
        // instanceof, not a pattern switch: its class is spun at the first call, which the start-up cache cannot hold
        if (value == null || value instanceof Long || value instanceof String || value instanceof Boolean || value instanceof Double) {
            return value;
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Float f) {
            return (double) f;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            for (Object o : list) {
                copy.add(normalize(o));
            }
            return Collections.unmodifiableList(copy);
        }
        throw new IllegalArgumentException("unsupported value " + value + " of type "
                + value.getClass().getSimpleName() + " (valid: nil, integers, decimals, strings, booleans, lists)");
    }

    /** A short human-readable form: {@code nil}, {@code 3}, {@code x}, {@code [1 2]}. */
    public static String render(Object value) {
        if (value == null) {
            return "nil";
        }
        if (value instanceof List<?> list) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                sb.append(i == 0 ? "" : " ").append(render(list.get(i)));
            }
            return sb.append(']').toString();
        }
        return value.toString();
    }
}
