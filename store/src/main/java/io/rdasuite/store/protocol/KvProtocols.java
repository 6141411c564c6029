package io.rdasuite.store.protocol;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The registered key-value protocols: every {@link KvProtocolFamily} {@link ServiceLoader} finds through the context
 * class loader of the thread that first asks (the class path, and a user's jars under {@code rda --classpath}),
 * ordered by {@link KvProtocolFamily#order()} and then by name, never by the class path's order (which a build may
 * change). Two protocols of one name are an error at the first lookup.
 */
public final class KvProtocols {
    private KvProtocols() {
    }

    /** Loaded once, on first use. */
    private static final class Registry {
        static final List<KvProtocolFamily> FAMILIES = sorted(ServiceLoader.load(KvProtocolFamily.class, RegisteredNames.loader()));
        static final List<KvProtocol> ALL = load(FAMILIES);
    }

    /** Every registered protocol, in report order. */
    public static List<KvProtocol> all() {
        return Registry.ALL;
    }

    /** The registered protocols with crash recovery: what {@code rda check} and {@code rda fuzz} explore by default. */
    public static List<KvProtocol> recoverable() {
        return all().stream().filter(KvProtocol::recoverable).toList();
    }

    /** The protocol of this name (case and surrounding blanks ignored); an unknown one is an error listing the valid names. */
    public static KvProtocol parse(String name) {
        return RegisteredNames.find(all(), KvProtocol::cliName, name, "protocol");
    }

    /** The registered names, comma-separated, in report order. */
    public static String validNames() {
        return RegisteredNames.joined(all(), KvProtocol::cliName);
    }

    /**
     * The registered protocols a class stands for ({@code rda check --subject CLASS}): every protocol of the registered
     * family of that binary name, or the registered protocols of that class (an enum's constants count as of their enum).
     * A class no registration names is an error that says whether it is on the class path at all, and lists the classes
     * that are registered.
     */
    public static List<KvProtocol> ofClass(String className) {
        return ofClass(className, families());
    }

    /** {@link #ofClass(String)} over {@code families}: what a test with its own registry asks. */
    static List<KvProtocol> ofClass(String className, List<KvProtocolFamily> families) {
        String name = className.trim();
        java.util.TreeSet<String> registered = new java.util.TreeSet<>();
        List<KvProtocol> found = new ArrayList<>();
        for (KvProtocolFamily f : families) {
            registered.add(f.getClass().getName());
            if (f.getClass().getName().equals(name)) {
                return f.protocols();
            }
            for (KvProtocol p : f.protocols()) {
                String of = classOf(p).getName();
                registered.add(of);
                if (of.equals(name)) {
                    found.add(p);
                }
            }
        }
        if (!found.isEmpty()) {
            return List.copyOf(found);
        }
        String where;
        try {
            Class.forName(name, false, RegisteredNames.loader());
            where = name + " is on the class path but no registered family is it or holds a protocol of it: name its family in"
                    + " META-INF/services/" + KvProtocolFamily.class.getName();
        } catch (ClassNotFoundException | LinkageError e) {
            where = name + " is not on the class path (give its jar or class folder with --classpath)";
        }
        throw new IllegalArgumentException(where + "; registered classes: " + String.join(", ", registered));
    }

    /** A protocol's class; an enum constant with a body counts as of its enum. */
    private static Class<?> classOf(KvProtocol p) {
        return p instanceof Enum<?> e ? e.getDeclaringClass() : p.getClass();
    }

    /** The registered families, in registry order. */
    static List<KvProtocolFamily> families() {
        return Registry.FAMILIES;
    }

    /** {@code families} in registry order: by {@link KvProtocolFamily#order()}, then by their first protocol's name. */
    static List<KvProtocolFamily> sorted(Iterable<KvProtocolFamily> families) {
        List<KvProtocolFamily> sorted = new ArrayList<>();
        families.forEach(sorted::add);
        sorted.sort(Comparator.comparingInt(KvProtocolFamily::order).thenComparing(f -> f.protocols().isEmpty() ? "" : f.protocols().getFirst().cliName()));
        return List.copyOf(sorted);
    }

    /** The protocols of {@code families} in registry order; also what a test with its own loader builds. */
    static List<KvProtocol> load(Iterable<KvProtocolFamily> families) {
        List<KvProtocol> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (KvProtocolFamily f : sorted(families)) {
            for (KvProtocol p : f.protocols()) {
                RegisteredNames.take(names, p.cliName(), "registered protocols", f);
                out.add(p);
            }
        }
        return List.copyOf(out);
    }
}
