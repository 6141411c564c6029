package io.rdasuite.linearizability.model;

import io.rdasuite.linearizability.history.Fn;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

/** The models {@code rda lin check --model} knows, by name. */
public final class Models {
    /** A register with read and write. */
    public static final RegisterModel REGISTER = new RegisterModel("register", EnumSet.of(Fn.READ, Fn.WRITE));
    /** A register with read, write and compare-and-set, initially nil (Jepsen's cas-register; etcd's histories). */
    public static final RegisterModel CAS_REGISTER = new RegisterModel("cas-register", EnumSet.of(Fn.READ, Fn.WRITE, Fn.CAS));
    /** A key-value map with get, put, cas, delete and (list) append, checked key by key. */
    public static final RegisterModel KV = new RegisterModel("kv", EnumSet.allOf(Fn.class));

    /**
     * A key-value map whose append concatenates strings, as Jepsen's key-value histories (and Porcupine's test data)
     * use it: {@code append "a"} then {@code get} returns {@code "a"}; a missing key reads as {@code ""} or nil.
     */
    public static final RegisterModel KV_STRING = new RegisterModel("kv-string", EnumSet.allOf(Fn.class), true);

    /** A lock with acquire and release, initially free (Knossos's mutex). */
    public static final MutexModel MUTEX = new MutexModel();

    /** Registers read and written together by transactions of [:read k v] and [:write k v] (Knossos's multi-register). */
    public static final MultiRegisterModel MULTI_REGISTER = new MultiRegisterModel();

    private static final List<Model> ALL = List.of(REGISTER, CAS_REGISTER, KV, KV_STRING, MUTEX, MULTI_REGISTER);

    private Models() {
    }

    /** The model named {@code name}; an unknown name is an error listing the valid ones. */
    public static Model parse(String name) {
        for (Model m : ALL) {
            if (m.name().equalsIgnoreCase(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown model '" + name + "' (valid: " + names() + ")");
    }

    /** The valid names, comma-separated. */
    public static String names() {
        return ALL.stream().map(Model::name).collect(Collectors.joining(", "));
    }

    static String supporting(Fn f) {
        return ALL.stream().filter(m -> m.functions().contains(f)).map(Model::name).collect(Collectors.joining(", "));
    }
}
