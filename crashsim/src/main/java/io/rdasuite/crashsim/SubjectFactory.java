package io.rdasuite.crashsim;

/**
 * Plugs a protocol into the explorer without editing a central switch (DESIGN §5a): a protocol's package implements
 * this and lists it in {@code META-INF/services/io.rdasuite.crashsim.SubjectFactory}; {@link Subjects#byName} then
 * finds its subjects by the prefix of their names, as replay tokens carry them.
 */
public interface SubjectFactory {
    /** The first segment of this factory's subject names, e.g. {@code pdsm} for {@code pdsm/object-store}. */
    String prefix();

    /** The subject of this name (which starts with {@link #prefix()} and a slash); an unknown one is an error listing the valid names. */
    Subject byName(String name);
}
