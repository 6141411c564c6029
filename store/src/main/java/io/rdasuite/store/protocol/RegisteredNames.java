package io.rdasuite.store.protocol;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What the registries ({@link KvProtocols}, {@link Plants}) share: the class loader they search, names matched without case and kept unique. */
final class RegisteredNames {
    private RegisteredNames() {
    }

    /** Where the registries look: the thread's context class loader (rda --classpath sets one holding a user's jars), else this class's. */
    static ClassLoader loader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : RegisteredNames.class.getClassLoader();
    }

    /** The element named {@code name} (case and surrounding blanks ignored); an unknown one is an error listing the valid names. */
    static <T> T find(List<T> all, Function<T, String> nameOf, String name, String what) {
        String wanted = name == null ? "" : name.trim();
        for (T t : all) {
            if (nameOf.apply(t).equalsIgnoreCase(wanted)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + name + "'; valid: " + joined(all, nameOf));
    }

    /** The names, comma-separated, in the list's order. */
    static <T> String joined(List<T> all, Function<T, String> nameOf) {
        return all.stream().map(nameOf).collect(Collectors.joining(", "));
    }

    /** Takes {@code name} into {@code taken}; a name taken before is an error naming {@code source}, where the second came from. */
    static void take(Set<String> taken, String name, String what, Object source) {
        if (!taken.add(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalStateException("two " + what + " are named '" + name + "' (the second in " + source.getClass().getName()
                    + "); a name must be unique");
        }
    }
}
