package io.rdasuite.linearizability.model;

import io.rdasuite.linearizability.history.Fn;
import io.rdasuite.linearizability.history.Operation;
import io.rdasuite.linearizability.history.Values;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One register holding a value, initially nil, restricted to a set of functions: a plain register
 * (read/write), a compare-and-set register (read/write/cas), or one key of a key-value map
 * (get/put/cas/delete/append). Values are interned to ints, 0 being nil. Append comes in two kinds: Elle's
 * list append (the value is an element added to the key's list; a missing key reads as nil or the empty list
 * alike), and the string append of Jepsen's key-value histories (the value is a string concatenated to the
 * key's string; a missing key reads as nil or the empty string alike).
 */
public final class RegisterModel implements Model {
    private final String name;
    private final Set<Fn> supported;
    private final boolean stringAppend;
    /** The initial value ({@link Model#initially}): a value, or a map from key to value; nil by default. */
    private final Object initial;
    /** Knossos's reading of a nil read: unknown. */
    private final boolean nilReadsUnknown;

    public RegisterModel(String name, Set<Fn> supported) {
        this(name, supported, false);
    }

    /** With {@code stringAppend}, append concatenates strings (Jepsen's key-value histories); otherwise it adds to a list. */
    public RegisterModel(String name, Set<Fn> supported, boolean stringAppend) {
        this(name, supported, stringAppend, null, false);
    }

    private RegisterModel(String name, Set<Fn> supported, boolean stringAppend, Object initial, boolean nilReadsUnknown) {
        this.name = name;
        this.supported = Collections.unmodifiableSet(EnumSet.copyOf(supported));
        this.stringAppend = stringAppend;
        this.initial = initial;
        this.nilReadsUnknown = nilReadsUnknown;
    }

    @Override
    public RegisterModel initially(Object value) {
        return new RegisterModel(name, supported, stringAppend, value, nilReadsUnknown);
    }

    @Override
    public RegisterModel nilReadsUnknown() {
        return new RegisterModel(name, supported, stringAppend, initial, true);
    }

    /** Also leaves out, with {@link #nilReadsUnknown()}, reads of nil: they constrain nothing. */
    @Override
    public boolean relevant(Operation op) {
        return Model.super.relevant(op) && !(nilReadsUnknown && op.f() == Fn.READ && op.result() == null);
    }

    @Override
    public String name() {
        return name;
    }

    public Set<Fn> supported() {
        return supported;
    }

    @Override
    public Set<Fn> functions() {
        return supported;
    }

    @Override
    public Spec compile(List<Operation> ops) {
        Interner values = new Interner(stringAppend);
        int n = ops.size();
        byte[] kind = new byte[n];
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            Operation op = ops.get(i);
            if (!supported.contains(op.f())) {
                throw new ModelMismatchException(op, "model " + name + " expects " + supported.stream().map(Fn::wireName)
                        .collect(Collectors.joining(", ")) + ", found " + op.f().wireName() + " (" + op.describe()
                        + "); models with " + op.f().wireName() + ": " + Models.supporting(op.f()));
            }
            kind[i] = (byte) op.f().ordinal();
            if (stringAppend && op.f() == Fn.APPEND && !(op.value() instanceof String)) {
                throw new ModelMismatchException(op, "model " + name + " expects a string to append, found "
                        + Values.render(op.value()) + " (for list append use the model kv)");
            }
            switch (op.f()) {
                case READ -> a[i] = values.id(op.result());
                case WRITE, APPEND -> a[i] = values.id(op.value());
                case CAS -> {
                    if (!(op.value() instanceof List<?> pair) || pair.size() != 2) {
                        throw new ModelMismatchException(op, "a cas expects [expected new] as its value, found "
                                + Values.render(op.value()));
                    }
                    a[i] = values.id(pair.get(0));
                    b[i] = values.id(pair.get(1));
                }
                case DELETE -> a[i] = 0;
            }
        }
        Object key = n == 0 ? null : ops.getFirst().key();
        int start = values.id(initial instanceof Map<?, ?> perKey ? perKey.get(key) : initial);
        return new RegisterSpec(kind, a, b, values, start);
    }

    /** Values to ints: nil (and the empty list, or with string append the empty string) is 0. */
    static final class Interner {
        private final Map<Object, Integer> ids = new HashMap<>();
        private final List<Object> values = new ArrayList<>(List.of(List.of()));
        private final boolean stringAppend;

        Interner(boolean stringAppend) {
            this.stringAppend = stringAppend;
        }

        int id(Object value) {
            if (value == null || (value instanceof List<?> l && l.isEmpty()) || (stringAppend && "".equals(value))) {
                return 0;
            }
            Integer id = ids.get(value);
            if (id == null) {
                id = values.size();
                values.add(value);
                ids.put(value, id);
            }
            return id;
        }

        Object value(int id) {
            return id == 0 ? null : values.get(id);
        }
    }

    private static final class RegisterSpec implements Spec {
        private static final int READ = Fn.READ.ordinal();
        private static final int WRITE = Fn.WRITE.ordinal();
        private static final int CAS = Fn.CAS.ordinal();
        private static final int DELETE = Fn.DELETE.ordinal();
        private final byte[] kind;
        private final int[] a;
        private final int[] b;
        private final Interner values;
        private final int initialState;
        /** (state << 32 | element) -> state after the append; appends are rare enough to afford boxing. */
        private final Map<Long, Integer> appends = new HashMap<>();

        RegisterSpec(byte[] kind, int[] a, int[] b, Interner values, int initialState) {
            this.initialState = initialState;
            this.kind = kind;
            this.a = a;
            this.b = b;
            this.values = values;
        }

        @Override
        public int initialState() {
            return initialState;
        }

        @Override
        public int step(int state, int op) {
            int k = kind[op];
            if (k == READ) {
                return state == a[op] ? state : REJECT;
            } else if (k == WRITE) {
                return a[op];
            } else if (k == CAS) {
                return state == a[op] ? b[op] : REJECT;
            } else if (k == DELETE) {
                return 0;
            }
            return append(state, a[op]);
        }

        private int append(int state, int element) {
            long memoKey = ((long) state << 32) | (element & 0xffffffffL);
            Integer next = appends.get(memoKey);
            if (next == null) {
                Object current = values.value(state);
                if (values.stringAppend) {
                    Object added = values.value(element); // null: the empty string
                    next = current == null || current instanceof String
                            ? values.id((current == null ? "" : (String) current) + (added == null ? "" : (String) added))
                            : REJECT; // concatenating to a list or number written by put
                } else if (current != null && !(current instanceof List<?>)) {
                    next = REJECT; // appending to a scalar written by put
                } else {
                    List<Object> list = new ArrayList<>(current == null ? List.of() : (List<?>) current);
                    list.add(values.value(element));
                    next = values.id(Collections.unmodifiableList(list));
                }
                appends.put(memoKey, next);
            }
            return next;
        }

        @Override
        public boolean readOnly(int op) {
            return kind[op] == READ || (kind[op] == CAS && a[op] == b[op]);
        }

        @Override
        public String describeState(int state) {
            return Values.render(values.value(state));
        }
    }

    @Override
    public String toString() {
        return name + supported.stream().map(Fn::wireName).collect(Collectors.joining("/", "(", ")"));
    }
}
