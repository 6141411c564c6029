package io.rdasuite.crashsim;

import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Finds a subject by the name a replay token carries: the first segment of the name picks the {@link SubjectFactory}
 * ({@link ServiceLoader}; DESIGN §5a), which parses the rest. The shipped ones: {@code kv/<protocol>} (any registered
 * key-value protocol), {@code remotelog/...} and {@code inplace/...} (paper 003's recipes), {@code pdsm/...} and
 * {@code pdkvs/...} (TH-DPMS).
 */
public final class Subjects {
    /** The plugged-in subject factories, by prefix. */
    private static final List<SubjectFactory> FACTORIES = ServiceLoader.load(SubjectFactory.class).stream()
            .map(ServiceLoader.Provider::get).sorted(Comparator.comparing(SubjectFactory::prefix)).toList();

    private Subjects() {
    }

    /** The subject of this name; an unknown prefix is an error listing the registered ones. */
    public static Subject byName(String name) {
        String prefix = name.contains("/") ? name.substring(0, name.indexOf('/')) : name;
        for (SubjectFactory f : FACTORIES) {
            if (f.prefix().equals(prefix)) {
                return f.byName(name);
            }
        }
        throw new IllegalArgumentException("unknown subject '" + name + "'; valid prefixes: "
                + FACTORIES.stream().map(f -> f.prefix() + "/").collect(Collectors.joining(", ")));
    }
}
