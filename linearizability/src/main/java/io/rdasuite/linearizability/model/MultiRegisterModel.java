package io.rdasuite.linearizability.model;

import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Status;
import io.rdasuite.linearizability.history.Values;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Several registers updated together, as Knossos's multi-register model: every operation is a {@code txn} whose
 * value is a list of micro-operations {@code [:read k v]} and {@code [:write k v]} applied in order; a read must see
 * the register hold its value. A completed transaction is checked with its completion's value (the values it read),
 * an unfinished one with its invocation's, whose reads of nil say nothing (nor do a completed one's with
 * {@link #nilReadsUnknown()}, Knossos's reading). Registers
 * start at nil, or at {@link #initially}'s value (Knossos's tests start {@code {:x 0 :y 0}}). The transactions
 * span keys, so the history is one partition; a state is the tuple of the registers' values, interned.
 */
public final class MultiRegisterModel implements Model {
    /** A read whose value is unknown. */
    private static final int ANY = -1;
    private final Object initial;
    private final boolean nilReadsUnknown;

    public MultiRegisterModel() {
        this(null, false);
    }

    private MultiRegisterModel(Object initial, boolean nilReadsUnknown) {
        this.initial = initial;
        this.nilReadsUnknown = nilReadsUnknown;
    }

    @Override
    public MultiRegisterModel nilReadsUnknown() {
        return new MultiRegisterModel(initial, true);
    }

    @Override
    public String name() {
        return "multi-register";
    }

    @Override
    public Set<Fn> functions() {
        return EnumSet.of(Fn.TXN);
    }

    @Override
    public MultiRegisterModel initially(Object value) {
        return new MultiRegisterModel(value, nilReadsUnknown);
    }

    @Override
    public boolean relevant(Operation op) {
        if (op.status() == Status.FAIL) {
            return false;
        }
        if (op.status() == Status.OK || op.f() != Fn.TXN || !(op.value() instanceof List<?> mops)) {
            return true; // compile judges the shape
        }
        return mops.stream().anyMatch(m -> !(m instanceof List<?> l) || l.isEmpty() || !isRead(l.getFirst()));
    }

    @Override
    public Spec compile(List<Operation> ops) {
        Map<Object, Integer> keys = new LinkedHashMap<>();
        RegisterModel.Interner values = new RegisterModel.Interner(false);
        int[][] keyOf = new int[ops.size()][];
        int[][] valueOf = new int[ops.size()][];
        boolean[][] write = new boolean[ops.size()][];
        if (initial instanceof Map<?, ?> perKey) {
            perKey.keySet().forEach(k -> keys.putIfAbsent(k, keys.size()));
        }
        for (int i = 0; i < ops.size(); i++) {
            Operation op = ops.get(i);
            if (op.f() != Fn.TXN) {
                throw new ModelMismatchException(op, "model multi-register expects txn, found " + op.f().wireName() + " ("
                        + op.describe() + "); models with " + op.f().wireName() + ": " + Models.supporting(op.f()));
            }
            boolean completed = op.status() == Status.OK && op.result() != null;
            Object value = completed ? op.result() : op.value();
            if (!(value instanceof List<?> mops)) {
                throw new ModelMismatchException(op, "model multi-register expects a txn's value to be a list of [:read k v]"
                        + " and [:write k v], found " + Values.render(value));
            }
            keyOf[i] = new int[mops.size()];
            valueOf[i] = new int[mops.size()];
            write[i] = new boolean[mops.size()];
            for (int j = 0; j < mops.size(); j++) {
                if (!(mops.get(j) instanceof List<?> m) || m.size() != 3 || !(isRead(m.getFirst()) || isWrite(m.getFirst()))) {
                    throw new ModelMismatchException(op, "model multi-register expects micro-operations [:read k v] or"
                            + " [:write k v], found " + Values.render(mops.get(j)));
                }
                if (m.get(1) == null) {
                    throw new ModelMismatchException(op, "model multi-register expects a key in " + Values.render(m) + ", found nil");
                }
                keyOf[i][j] = keys.computeIfAbsent(m.get(1), k -> keys.size());
                boolean unknown = m.get(2) == null && (!completed || nilReadsUnknown);
                valueOf[i][j] = unknown && isRead(m.getFirst()) ? ANY : values.id(m.get(2));
                write[i][j] = isWrite(m.getFirst());
            }
        }
        int[] start = new int[keys.size()];
        for (Map.Entry<Object, Integer> k : keys.entrySet()) {
            start[k.getValue()] = values.id(initial instanceof Map<?, ?> perKey ? perKey.get(k.getKey()) : initial);
        }
        return new MultiSpec(new ArrayList<>(keys.keySet()), values, keyOf, valueOf, write, start);
    }

    private static boolean isRead(Object f) {
        return f instanceof String s && (s.equals(":read") || s.equals("read") || s.equals(":r") || s.equals("r"));
    }

    private static boolean isWrite(Object f) {
        return f instanceof String s && (s.equals(":write") || s.equals("write") || s.equals(":w") || s.equals("w"));
    }

    /** States are interned tuples of value ids; steps are memoized, as transactions repeat over the same states. */
    private static final class MultiSpec implements Spec {
        private final List<Object> keyNames;
        private final RegisterModel.Interner values;
        private final int[][] keyOf;
        private final int[][] valueOf;
        private final boolean[][] write;
        private final List<int[]> states = new ArrayList<>();
        private final Map<Tuple, Integer> ids = new HashMap<>();
        private final Map<Long, Integer> memo = new HashMap<>();
        private final int initialState;

        MultiSpec(List<Object> keyNames, RegisterModel.Interner values, int[][] keyOf, int[][] valueOf, boolean[][] write,
                  int[] start) {
            this.keyNames = keyNames;
            this.values = values;
            this.keyOf = keyOf;
            this.valueOf = valueOf;
            this.write = write;
            this.initialState = intern(start);
        }

        private record Tuple(int[] v) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Tuple t && Arrays.equals(v, t.v);
            }

            @Override
            public int hashCode() {
                return Arrays.hashCode(v);
            }
        }

        private int intern(int[] state) {
            Integer id = ids.get(new Tuple(state));
            if (id == null) {
                id = states.size();
                states.add(state);
                ids.put(new Tuple(state), id);
            }
            return id;
        }

        @Override
        public int initialState() {
            return initialState;
        }

        @Override
        public int step(int state, int op) {
            long memoKey = ((long) state << 32) | op;
            Integer next = memo.get(memoKey);
            if (next == null) {
                int[] s = states.get(state).clone();
                int result = 0;
                for (int j = 0; j < keyOf[op].length && result != REJECT; j++) {
                    int k = keyOf[op][j];
                    if (write[op][j]) {
                        s[k] = valueOf[op][j];
                    } else if (valueOf[op][j] != ANY && s[k] != valueOf[op][j]) {
                        result = REJECT;
                    }
                }
                next = result == REJECT ? REJECT : intern(s);
                memo.put(memoKey, next);
            }
            return next;
        }

        @Override
        public boolean readOnly(int op) {
            for (boolean w : write[op]) {
                if (w) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String describeState(int state) {
            StringBuilder sb = new StringBuilder("{");
            int[] s = states.get(state);
            for (int k = 0; k < s.length; k++) {
                sb.append(k == 0 ? "" : ", ").append(Values.render(keyNames.get(k))).append(' ').append(Values.render(values.value(s[k])));
            }
            return sb.append('}').toString();
        }
    }

    @Override
    public String toString() {
        return "multi-register(txn)";
    }
}
