package io.rdasuite.linearizability.format;

import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.History;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.Map;

/**
 * Jepsen's EDN history: one map per line, e.g. {@code {:process 0, :type :invoke, :f :put, :key "x", :value "1"}}.
 * Keys read: {@code :type}, {@code :process}, {@code :f}, {@code :key}, {@code :value}, {@code :time},
 * {@code :node}; others are ignored. Keyword values become strings with their colon ({@code :timed-out}).
 * Events of a non-numeric process (the nemesis) are skipped.
 */
public final class EdnFormat {
    private EdnFormat() {
    }

    public static History read(BufferedReader in, String source) throws IOException {
        History.Builder history = new History.Builder();
        int lineNo = 0;
        int events = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNo++;
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith(";")) {
                continue;
            }
            try {
                Object form = EdnParser.parse(trimmed);
                if (!(form instanceof Map<?, ?> m)) {
                    throw new IllegalArgumentException("expected a map {:type ..., :process ..., :f ...}");
                }
                Event e = EventFields.toEvent(name(m.get(kw("type"))), m.get(kw("process")), name(m.get(kw("f"))),
                        EdnParser.toHistoryValue(m.get(kw("key"))), EdnParser.toHistoryValue(m.get(kw("value"))), time(m.get(kw("time"))),
                        name(m.get(kw("node"))), events);
                if (e != null) {
                    history.add(e);
                    events++;
                }
            } catch (IllegalArgumentException | EdnParser.EdnException e) {
                throw new HistoryParseException(source, lineNo, e.getMessage(), e);
            }
        }
        return history.build();
    }

    /**
     * Every line's map as plain values (keywords as their names without the colon, vectors and lists as lists), for
     * readers of other shapes of history (transactions, {@code io.rdasuite.linearizability.txn}).
     */
    public static java.util.List<java.util.Map<String, Object>> readMaps(BufferedReader in, String source) throws IOException {
        java.util.List<java.util.Map<String, Object>> out = new java.util.ArrayList<>();
        int lineNo = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNo++;
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith(";")) {
                continue;
            }
            try {
                if (!(EdnParser.parse(trimmed) instanceof Map<?, ?> m)) {
                    throw new IllegalArgumentException("expected a map");
                }
                java.util.Map<String, Object> row = new java.util.LinkedHashMap<>();
                m.forEach((k, v) -> row.put(name(k), plain(v)));
                out.add(row);
            } catch (IllegalArgumentException | EdnParser.EdnException e) {
                throw new HistoryParseException(source, lineNo, e.getMessage(), e);
            }
        }
        return out;
    }

    private static Object plain(Object o) {
        if (o instanceof EdnParser.Keyword k) {
            return k.name();
        }
        if (o instanceof java.util.List<?> l) {
            return l.stream().map(EdnFormat::plain).toList();
        }
        return o;
    }

    private static EdnParser.Keyword kw(String name) {
        return new EdnParser.Keyword(name);
    }

    private static String name(Object o) {
        return switch (o) {
            case null -> null;
            case EdnParser.Keyword k -> k.name();
            case String s -> s;
            default -> o.toString();
        };
    }

    private static Long time(Object o) {
        if (o == null || o instanceof Long) {
            return (Long) o;
        }
        throw new IllegalArgumentException(":time must be an integer (nanoseconds), not " + o);
    }
}
