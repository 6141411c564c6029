package io.rdasuite.linearizability.txn;

import io.rdasuite.linearizability.format.HistoryFormat;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a transactional history (Jepsen/Elle's shape): {@code {:type :invoke, :f :txn, :value [[:append 1 2] [:r 1 nil]],
 * :process 0}} then {@code :ok}/{@code :fail}/{@code :info} of the same process, in EDN (one map per line) or JSON Lines
 * ({@code {"type":"ok","f":"txn","value":[["append",1,2],["r",1,[2]]],"process":0}}). A {@code crash} event (our crash
 * histories) ends every pending transaction as {@code :info}.
 */
public final class TxnHistory {
    private TxnHistory() {
    }

    /**
     * Parses EDN or JSON Lines, detected as {@link HistoryFormat#AUTO} does (by extension, else by the first line that
     * is not a {@code ;} comment).
     */
    public static List<Txn> read(BufferedReader in, String source) throws IOException {
        String text = in.lines().collect(java.util.stream.Collectors.joining("\n"));
        return of(HistoryFormat.AUTO.readMaps(text, source), source);
    }

    /**
     * Pairs invocations with completions per process. A completion with no invocation before it (a history of
     * completions only, which Elle accepts) is a transaction invoked and completed at that event. A process may be a
     * number or a keyword; operations whose {@code :f} is not {@code :txn} (the nemesis, say) are skipped, but a history
     * with no transaction at all is an error, not a pass.
     */
    public static List<Txn> of(List<Map<String, Object>> rows, String source) {
        TreeMap<Long, Object[]> pending = new TreeMap<>(); // process -> {invoke index, mops}
        Map<Object, Long> processIds = new LinkedHashMap<>();
        List<Txn> out = new ArrayList<>();
        long index = 0;
        int skipped = 0;
        for (Map<String, Object> r : rows) {
            String type = name(r.get("type"));
            if (type.equals("crash")) {
                for (var e : pending.entrySet()) {
                    out.add(new Txn(0, e.getKey(), Txn.Type.INFO, mops(e.getValue()[1], source, index), (Long) e.getValue()[0], Long.MAX_VALUE));
                }
                pending.clear();
                index++;
                continue;
            }
            Object p = r.get("process");
            Object fn = r.get("f");
            if (fn != null && !"txn".equals(name(fn)) || !(r.get("value") instanceof List<?>)) {
                index++;
                skipped++;
                continue; // the nemesis, or not a transaction
            }
            // a missing :f or :process is accepted, as Elle's own histories/ files omit them
            long process = p instanceof Number n ? n.longValue() : processIds.computeIfAbsent(String.valueOf(p), k -> -1L - processIds.size());
            switch (type) {
                case "invoke" -> pending.put(process, new Object[] {index, r.get("value")});
                case "ok", "fail", "info" -> {
                    Object[] inv = pending.remove(process);
                    Txn.Type t = switch (type) {
                        case "ok" -> Txn.Type.OK;
                        case "fail" -> Txn.Type.FAIL;
                        default -> Txn.Type.INFO;
                    };
                    Object value = t == Txn.Type.OK || inv == null ? r.get("value") : inv[1];
                    long invoked = inv == null ? index : (Long) inv[0];
                    out.add(new Txn(0, process, t, mops(value, source, index), invoked, t == Txn.Type.INFO ? Long.MAX_VALUE : index));
                }
                default -> throw new IllegalArgumentException(source + ": event " + index + ": unknown type '" + type
                        + "'; valid: invoke, ok, fail, info, crash");
            }
            index++;
        }
        for (var e : pending.entrySet()) {
            out.add(new Txn(0, e.getKey(), Txn.Type.INFO, mops(e.getValue()[1], source, index), (Long) e.getValue()[0], Long.MAX_VALUE));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(source + ": no transaction: expected operations like {:type :ok, :f :txn, :process 0,"
                    + " :value [[:append :x 1] [:r :x [1]]]}" + (skipped > 0 ? " (" + skipped + " events without :f :txn and a :process)" : ""));
        }
        out.sort((a, b) -> Long.compare(a.invoke(), b.invoke()));
        List<Txn> numbered = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            Txn t = out.get(i);
            numbered.add(new Txn(i, t.process(), t.type(), t.mops(), t.invoke(), t.complete()));
        }
        return numbered;
    }

    private static List<Txn.Mop> mops(Object value, String source, long event) {
        if (!(value instanceof List<?> l)) {
            throw new IllegalArgumentException(where(source, event) + "a txn's value is a list of [f key value] micro-ops, not " + value);
        }
        Txn.Mop[] out = new Txn.Mop[l.size()];
        for (int i = 0; i < out.length; i++) {
            Object o = l.get(i);
            if (!(o instanceof List<?> m) || m.size() != 3 && !(m.size() == 2 && "r".equals(name(m.get(0))))) {
                throw new IllegalArgumentException(where(source, event) + "a micro-op is [f key value] (or [:r key]), not " + o);
            }
            String f = name(m.get(0));
            if (!f.equals("append") && !f.equals("r") && !f.equals("w")) {
                throw new IllegalArgumentException(where(source, event) + "unknown micro-op '" + f + "' in " + o + "; valid: append, r, w");
            }
            Object key = normal(m.get(1));
            Object v = m.size() == 3 ? normal(m.get(2)) : null;
            if (key == null) {
                throw new IllegalArgumentException(where(source, event) + "a nil key in " + o + "; a micro-op names its key");
            }
            if (v == null && !f.equals("r")) {
                throw new IllegalArgumentException(where(source, event) + "a " + f + " of nil in " + o + ": nil is every key's"
                        + " initial state, so a written value must be something else");
            }
            out[i] = new Txn.Mop(f, key, v);
        }
        return List.of(out); // Txn keeps it as it is (List.copyOf of an unmodifiable list)
    }

    private static String where(String source, long event) {
        return source + ": event " + event + ": ";
    }

    /**
     * The name of a field that names one of a fixed set (a type, an {@code :f}, a micro-op's function): EDN reads
     * keywords as strings with their colon ({@code ":ok"}), JSON as plain strings ({@code "ok"}); both name the same.
     */
    private static String name(Object o) {
        if (!(o instanceof String s)) {
            return String.valueOf(o);
        }
        return switch (s) { // the usual names without a substring: this runs once per event and micro-op
            case ":ok", "ok" -> "ok";
            case ":invoke", "invoke" -> "invoke";
            case ":fail", "fail" -> "fail";
            case ":info", "info" -> "info";
            case ":txn", "txn" -> "txn";
            case ":append", "append" -> "append";
            case ":r", "r" -> "r";
            case ":w", "w" -> "w";
            default -> s.startsWith(":") ? s.substring(1) : s;
        };
    }

    /**
     * Integers as longs (EDN reads longs, JSON ints), lists element-wise; strings, keywords (EDN's {@code :x} is the
     * string {@code ":x"}, never the string {@code "x"}) and other types stay apart.
     */
    private static Object normal(Object o) {
        if (o instanceof Long) {
            return o;
        }
        if (o instanceof Integer || o instanceof Short || o instanceof Byte) {
            return ((Number) o).longValue();
        }
        if (o instanceof List<?> l) {
            int n = l.size();
            Object[] out = null;
            for (int i = 0; i < n; i++) {
                Object x = l.get(i);
                Object y = normal(x);
                if (y != x && out == null) {
                    out = l.toArray();
                }
                if (out != null) {
                    out[i] = y;
                }
            }
            return out == null ? l : java.util.Arrays.asList(out); // EDN's lists are already normal: kept as read
        }
        return o;
    }
}
