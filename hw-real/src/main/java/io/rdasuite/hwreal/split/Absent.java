package io.rdasuite.hwreal.split;

import java.lang.reflect.Proxy;

/**
 * Stand-ins for a node's memory and endpoints that live in another process: the replayed deployment holds them, but only
 * the owning process uses them, so any use here is a bug and fails at once naming what was touched.
 */
final class Absent {
    private Absent() {
    }

    static <T> T of(Class<T> type, String what) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> switch (method.getName()) {
            case "toString" -> "absent " + what;
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> throw new UnsupportedOperationException(what + " lives in another process (" + method.getName() + " called here)");
        }));
    }
}
