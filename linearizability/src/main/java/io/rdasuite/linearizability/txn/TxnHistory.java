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

    /** Pairs invocations with completions per process. */
    public static List<Txn> of(List<Map<String, Object>> rows, String source) {
        TreeMap<Long, Object[]> pending = new TreeMap<>(); // process -> {invoke index, mops}
        List<Txn> out = new ArrayList<>();
        long index = 0;
        for (Map<String, Object> r : rows) {
            String type = String.valueOf(r.get("type"));
            if (type.equals("crash")) {
                for (var e : pending.entrySet()) {
                    out.add(new Txn(0, e.getKey(), Txn.Type.INFO, mops(e.getValue()[1], source), (Long) e.getValue()[0], Long.MAX_VALUE));
                }
                pending.clear();
                index++;
                continue;
            }
            if (!(r.get("process") instanceof Number p) || !"txn".equals(String.valueOf(r.get("f")))) {
                index++;
                continue; // the nemesis, or not a transaction
            }
            long process = p.longValue();
            switch (type) {
                case "invoke" -> pending.put(process, new Object[] {index, r.get("value")});
                case "ok", "fail", "info" -> {
                    Object[] inv = pending.remove(process);
                    if (inv == null) {
                        throw new IllegalArgumentException(source + ": a " + type + " of process " + process + " with no invocation (event " + index + ")");
                    }
                    Txn.Type t = Txn.Type.valueOf(type.toUpperCase(java.util.Locale.ROOT));
                    Object value = t == Txn.Type.OK ? r.get("value") : inv[1];
                    out.add(new Txn(0, process, t, mops(value, source), (Long) inv[0], t == Txn.Type.INFO ? Long.MAX_VALUE : index));
                }
                default -> throw new IllegalArgumentException(source + ": unknown type '" + type + "'; valid: invoke, ok, fail, info, crash");
            }
            index++;
        }
        for (var e : pending.entrySet()) {
            out.add(new Txn(0, e.getKey(), Txn.Type.INFO, mops(e.getValue()[1], source), (Long) e.getValue()[0], Long.MAX_VALUE));
        }
        out.sort(java.util.Comparator.comparingLong(Txn::invoke));
        List<Txn> numbered = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            Txn t = out.get(i);
            numbered.add(new Txn(i, t.process(), t.type(), t.mops(), t.invoke(), t.complete()));
        }
        return numbered;
    }

    private static List<Txn.Mop> mops(Object value, String source) {
        if (!(value instanceof List<?> l)) {
            throw new IllegalArgumentException(source + ": a txn's value is a list of [f key value] micro-ops, not " + value);
        }
        List<Txn.Mop> out = new ArrayList<>();
        for (Object o : l) {
            if (!(o instanceof List<?> m) || m.size() != 3) {
                throw new IllegalArgumentException(source + ": a micro-op is [f key value], not " + o);
            }
            String f = String.valueOf(m.get(0));
            if (!f.equals("append") && !f.equals("r") && !f.equals("w")) {
                throw new IllegalArgumentException(source + ": unknown micro-op '" + f + "'; valid: append, r, w");
            }
            out.add(new Txn.Mop(f, normal(m.get(1)), normal(m.get(2))));
        }
        return out;
    }

    /** Numbers as longs (EDN reads longs, JSON ints), lists element-wise. */
    private static Object normal(Object o) {
        if (o instanceof Number n) {
            return n.longValue();
        }
        if (o instanceof List<?> l) {
            return l.stream().map(TxnHistory::normal).toList();
        }
        return o;
    }
}
