package io.rdasuite.linearizability.format;

import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.History;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Jepsen's EDN histories as Jepsen and Knossos write them: one vector of operation maps over any number of lines
 * ({@code history.edn}, Knossos's {@code data/} files), or one map per line; {@code ;} comments anywhere, tagged
 * maps such as {@code #jepsen.history.Op{...}}. An operation map is
 * {@code {:type :invoke, :process 0, :f :cas, :value [1 2], :time 1200, :index 0}}: {@code :type} is one of
 * {@code :invoke :ok :fail :info} (and our {@code :crash :recovery}); {@code :process} is an integer, or a keyword
 * such as {@code :nemesis} for the test's own operations, which are skipped; {@code :f}, {@code :value}, and the
 * optional {@code :key}, {@code :time} (nanoseconds) and {@code :node} are read; other fields ({@code :index},
 * {@code :error}, ...) are ignored. Keyword values become strings with their colon ({@code :timed-out}). The map of each operation is
 * read in one pass over its entries, by the parser's own keyword instances.
 */
public final class EdnFormat {
    private static final EdnParser.Keyword TYPE = EdnParser.TYPE;
    private static final EdnParser.Keyword PROCESS = EdnParser.PROCESS;
    private static final EdnParser.Keyword F = EdnParser.F;
    private static final EdnParser.Keyword KEY = EdnParser.KEY;
    private static final EdnParser.Keyword VALUE = EdnParser.VALUE;
    private static final EdnParser.Keyword TIME = EdnParser.TIME;
    private static final EdnParser.Keyword NODE = EdnParser.NODE;

    private EdnFormat() {
    }

    /** The history in {@code text}; errors name {@code source}, the line, and (for syntax) the column. */
    public static History read(String text, String source) {
        History.Builder history = new History.Builder();
        int[] events = {0};
        try {
            EdnParser.document(text, (form, line) -> {
                try {
                    Event e = event(form, events[0]);
                    if (e != null) {
                        history.add(e, line);
                        events[0]++;
                    }
                } catch (IllegalArgumentException e) {
                    throw new HistoryParseException(source, line, e.getMessage(), e);
                }
            });
        } catch (EdnParser.EdnException e) {
            throw HistoryParseException.of(source, e);
        }
        return history.build();
    }

    public static History read(BufferedReader in, String source) throws IOException {
        return read(in.lines().collect(Collectors.joining("\n")), source);
    }

    /**
     * One EDN value given as text (a command-line option) as a history value, or a map of them (keyword keys and
     * values become strings with their colon). A syntax error is an {@link IllegalArgumentException} saying where.
     */
    public static Object value(String text) {
        Object form;
        try {
            form = EdnParser.parse(text);
        } catch (EdnParser.EdnException e) {
            throw new IllegalArgumentException("column " + e.column() + ": " + e.getMessage(), e);
        }
        if (form instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(EdnParser.toHistoryValue(k), EdnParser.toHistoryValue(v)));
            return out;
        }
        return EdnParser.toHistoryValue(form);
    }

    private static Event event(Object form, long index) {
        if (!(form instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("expected an operation map such as {:type :invoke, :process 0, :f :read,"
                    + " :value nil}, found " + EdnParser.render(form));
        }
        Object type = null;
        Object process = null;
        Object f = null;
        Object key = null;
        Object value = null;
        Object time = null;
        Object node = null;
        boolean hasKey;
        if (m instanceof EdnMap small) { // one pass; the parser's keywords for these fields are these very instances
            hasKey = false;
            for (int i = 0; i < small.size(); i++) {
                Object k = small.key(i);
                Object v = small.value(i);
                if (k == TYPE) {
                    type = v;
                } else if (k == PROCESS) {
                    process = v;
                } else if (k == F) {
                    f = v;
                } else if (k == VALUE) {
                    value = v;
                } else if (k == KEY) {
                    key = v;
                    hasKey = true;
                } else if (k == TIME) {
                    time = v;
                } else if (k == NODE) {
                    node = v;
                }
            }
        } else {
            type = m.get(TYPE);
            process = m.get(PROCESS);
            f = m.get(F);
            value = m.get(VALUE);
            key = m.get(KEY);
            hasKey = m.containsKey(KEY);
            time = m.get(TIME);
            node = m.get(NODE);
        }
        if (key == null && hasKey) {
            throw new IllegalArgumentException("expected a key (an integer, a string or a keyword) in :key, found nil");
        }
        return EventFields.toEvent(name(type, ":type"), process, name(f, ":f"),
                EdnParser.toHistoryValue(key), EdnParser.toHistoryValue(value), time(time),
                name(node, ":node"), index);
    }

    /**
     * Every element's map, for readers of other shapes of history (transactions, {@code io.rdasuite.linearizability.txn}):
     * keys that are keywords as their names ({@code "type"}, {@code "value"}), values as history values (keywords as
     * strings with their colon, {@code :x} as {@code ":x"}, so that a keyword and the string {@code "x"} stay two
     * values, as on the linearizability side; vectors, lists and sets as lists).
     */
    public static List<Map<String, Object>> readMaps(String text, String source) {
        List<Map<String, Object>> out = new ArrayList<>();
        try {
            EdnParser.document(text, (form, line) -> {
                if (!(form instanceof Map<?, ?> m)) {
                    throw new HistoryParseException(source, line, "expected an operation map such as {:type :invoke,"
                            + " :process 0, :f :txn, :value [[:append 1 2]]}, found " + EdnParser.render(form), null);
                }
                EdnMap row = new EdnMap();
                m.forEach((k, v) -> row.add(k instanceof EdnParser.Keyword kw ? kw.name() : String.valueOf(k), plain(v)));
                @SuppressWarnings("unchecked")
                Map<String, Object> typed = (Map<String, Object>) (Map<?, ?>) row;
                out.add(typed);
            });
        } catch (EdnParser.EdnException e) {
            throw HistoryParseException.of(source, e);
        }
        return out;
    }

    public static List<Map<String, Object>> readMaps(BufferedReader in, String source) throws IOException {
        return readMaps(in.lines().collect(Collectors.joining("\n")), source);
    }

    /** A value as a history value, and a map inside it (no operation holds one, but EDN allows it) as a map of them. */
    private static Object plain(Object o) {
        if (o instanceof EdnParser.Keyword k) {
            return k.toString();
        }
        if (o instanceof List<?> l) { // the parser's own list, converted in place
            @SuppressWarnings("unchecked")
            List<Object> items = (List<Object>) l;
            for (int i = 0, n = items.size(); i < n; i++) {
                Object x = items.get(i);
                if (x instanceof EdnParser.Keyword || x instanceof List<?> || x instanceof Map<?, ?>) {
                    items.set(i, plain(x));
                }
            }
            return items;
        }
        if (o instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(plain(k), plain(v)));
            return out;
        }
        return o;
    }

    private static String name(Object o, String field) {
        // instanceof, not a pattern switch: its class is spun at the first call, which the start-up cache cannot hold
        if (o == null) {
            return null;
        }
        if (o instanceof EdnParser.Keyword k) {
            return k.name();
        }
        if (o instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException("expected a keyword in " + field + ", found " + EdnParser.render(o));
    }

    private static Long time(Object o) {
        if (o == null || o instanceof Long) {
            return (Long) o;
        }
        throw new IllegalArgumentException("expected an integer (nanoseconds) in :time, found " + EdnParser.render(o));
    }
}
